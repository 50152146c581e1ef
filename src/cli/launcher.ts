// dist/cli.js, the `okstra-wizard` executable: starts the CLI bundle
// (dist/cli-main.js, src/cli/main.ts) from a V8 code cache. Node 20 has no
// module.enableCompileCache (Node 22), so the bundle is compiled here with
// vm.Script and its cachedData: the first run writes the cache (with the
// functions that run compiled), later runs skip most of the parsing and
// compiling (docs/performance.md). The cache lives in the user's own cache
// folder (never a shared temporary folder: a planted cache would be code);
// when there is none, or V8 rejects it (another Node), the bundle is simply
// compiled as usual.
import * as fs from 'node:fs';
import { createRequire, wrap } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';

const MAIN = path.join(__dirname, 'cli-main.js');

/** `$XDG_CACHE_HOME/okstra-wizard` or `~/.cache/okstra-wizard`, when it is (or can be made) this user's alone. */
function cacheDir(): string | null {
  try {
    const xdg = process.env.XDG_CACHE_HOME;
    const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.cache');
    const dir = path.join(base, 'okstra-wizard');
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = fs.lstatSync(dir);
    const mine = typeof process.getuid !== 'function' || st.uid === process.getuid();
    return st.isDirectory() && mine && (st.mode & 0o022) === 0 ? dir : null;
  } catch {
    return null;
  }
}

/** One cache file per bundle build and Node: its name carries both; V8 checks the rest (source hash, flags). */
function cacheFileFor(dir: string, st: fs.Stats): string {
  const stamp = `${st.size.toString(36)}-${Math.trunc(st.mtimeMs).toString(36)}`;
  return path.join(dir, `cli-main-${stamp}-${process.version}-${process.arch}.v8cache`);
}

function readIfRegular(file: string): Buffer | undefined {
  try {
    const st = fs.lstatSync(file);
    return st.isFile() ? fs.readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the cache next to the old ones of this bundle name, which it replaces; any failure only means no cache. */
function writeCache(dir: string, file: string, data: Buffer): void {
  try {
    for (const old of fs.readdirSync(dir)) {
      if (old.startsWith('cli-main-') && old.endsWith('.v8cache') && path.join(dir, old) !== file) fs.rmSync(path.join(dir, old), { force: true });
    }
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, data, { flag: 'wx', mode: 0o600 });
    fs.renameSync(tmp, file);
  } catch {
    // read-only home, full disk: run uncached next time too
  }
}

function launch(): void {
  const source = fs.readFileSync(MAIN, 'utf8');
  const dir = cacheDir();
  const file = dir ? cacheFileFor(dir, fs.statSync(MAIN)) : null;
  const cachedData = file ? readIfRegular(file) : undefined;
  const script = new vm.Script(wrap(source), { filename: MAIN, cachedData });
  const mod = { exports: {} as { runMain?: () => void }, filename: MAIN, id: MAIN, loaded: false };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(mod.exports, mod.exports, createRequire(MAIN), mod, MAIN, path.dirname(MAIN));
  mod.loaded = true;
  if (dir && file && (cachedData === undefined || script.cachedDataRejected)) {
    // After the command: the cache then holds the functions it compiled too.
    process.once('exit', () => writeCache(dir, file, script.createCachedData()));
  }
  if (typeof mod.exports.runMain !== 'function') throw new Error(`okstra-wizard: ${MAIN} does not export runMain`);
  mod.exports.runMain();
}

launch();
