// dist/cli.js, the `okstra-wizard` executable: starts the CLI bundle
// (dist/cli-main.js, src/cli/main.ts) from a V8 code cache. Node 20 has no
// module.enableCompileCache (Node 22), so the bundle is compiled here with
// vm.Script and its cachedData: the first run writes the cache (with the
// functions that run compiled), later runs skip most of the parsing and
// compiling (docs/performance.md). The cache lives in the user's own cache
// folder (never a shared temporary folder: a planted cache would be code);
// when there is none, or V8 rejects it (another Node), the bundle is simply
// compiled as usual.
// Named imports: the bundle then requires each builtin as it is, where `import * as` would copy every
// property of node:fs, node:path, … into a namespace object first (esbuild's __toESM), at every start.
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { createRequire, wrap } from 'node:module';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { Script } from 'node:vm';

const MAIN = join(__dirname, 'cli-main.js');
/** The cache files' names: `cli-main-<build stamp>.cache`. */
const CACHE_PREFIX = 'cli-main-';

/** `$XDG_CACHE_HOME/okstra-wizard` or `~/.cache/okstra-wizard`, when it is (or can be made) this user's alone. */
function cacheDir(): string | null {
  try {
    const xdg = process.env.XDG_CACHE_HOME;
    const base = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache');
    const dir = join(base, 'okstra-wizard');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = lstatSync(dir);
    const mine = typeof process.getuid !== 'function' || st.uid === process.getuid();
    return st.isDirectory() && mine && (st.mode & 0o022) === 0 ? dir : null;
  } catch {
    return null;
  }
}

/** What names one build of the bundle under one Node: its size and mtime, the Node version and architecture. */
function buildStamp(st: Stats): string {
  return `${st.size.toString(36)}-${Math.trunc(st.mtimeMs).toString(36)}-${process.version}-${process.arch}`;
}

function readIfRegular(file: string): Buffer | undefined {
  try {
    const st = lstatSync(file);
    return st.isFile() ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the cache file and removes the caches of older builds; any failure only means no cache. */
function writeCache(dir: string, file: string, data: Uint8Array): void {
  try {
    for (const old of readdirSync(dir)) {
      if (old.startsWith(CACHE_PREFIX) && join(dir, old) !== file && !old.endsWith('.tmp')) rmSync(join(dir, old), { force: true });
    }
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, data, { flag: 'wx', mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    // read-only home, full disk: run uncached next time too
  }
}

function launch(): void {
  const source = readFileSync(MAIN, 'utf8');
  const dir = cacheDir();
  const cacheFile = dir ? join(dir, `${CACHE_PREFIX}${buildStamp(statSync(MAIN))}.cache`) : undefined;
  const cachedData = cacheFile ? readIfRegular(cacheFile) : undefined;
  const script = new Script(wrap(source), { filename: MAIN, cachedData });
  const mod = { exports: {} as { runMain?: () => void }, filename: MAIN, id: MAIN, loaded: false };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(mod.exports, mod.exports, createRequire(MAIN), mod, MAIN, dirname(MAIN));
  mod.loaded = true;
  if (dir && cacheFile && (cachedData === undefined || script.cachedDataRejected)) {
    // After the command: the cache then holds the functions it compiled too.
    process.once('exit', () => writeCache(dir, cacheFile, script.createCachedData()));
  }
  if (typeof mod.exports.runMain !== 'function') throw new Error(`okstra-wizard: ${MAIN} does not export runMain`);
  mod.exports.runMain();
}

launch();
