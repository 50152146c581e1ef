#!/usr/bin/env node
// `npm start`: build, keep rebuilding on change, and serve VS Code (code-server, 127.0.0.1) with this extension
// loaded, opened on a sample project: a copy of demo/ in .tools/start/workspace/ (scripts/sampleProject.mjs), kept
// between runs so that the wizard's state files never dirty the repository; `npm start -- --fresh` starts over from
// a new copy.
//   npm start [-- --port 8080] [-- --fresh] [-- --locale ko]
// `--locale ko` shows the workbench and the extension in Korean (a language pack built for it, as the UI tests do).
// Open the printed URL in a browser; after a rebuild, run "Developer: Reload Window". Ctrl+C stops everything.
// On a fresh clone this is a valid first command: when node_modules is missing or does not match package-lock.json
// it runs `npm ci` first. Everything before that check is node: built-ins; the rest is imported after it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureDependencies } from './dependencies.mjs';
import { prepareSampleProject } from './sampleProject.mjs';
import { startBanner } from './startBanner.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.OKSTRA_PORT ?? '8080' },
    fresh: { type: 'boolean', default: false },
    locale: { type: 'string' },
  },
});
if (!ensureDependencies(repoRoot, 'npm start')) process.exit(1);
const { createSandbox, ensureCodeServer, killProcessGroup, payloadNeedsSmokeTestDriver, startCodeServer } =
  await import('../test/runner/harness.mjs');

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
if (build.status !== 0) {
  // The bundles are independent and dist/ starts empty: a dist/extension.js now is a fresh one.
  if (!fs.existsSync(path.join(repoRoot, 'dist/extension.js'))) {
    console.error('npm start: the extension does not build (see above)');
    process.exit(1);
  }
  console.error('npm start: warning: part of the build failed (see above); starting with the extension that did build');
}

const startDir = path.join(repoRoot, '.tools', 'start');
const { workspace, sample, created } = prepareSampleProject({ fresh: values.fresh });

/** The requested port when it is free, else any free one (a second `npm start` must still work). */
async function pickPort(wanted) {
  const free = (port) =>
    new Promise((resolve) => {
      const s = net.createServer().once('error', () => resolve(0));
      s.listen(port, '127.0.0.1', () => {
        const { port: got } = s.address();
        s.close(() => resolve(got));
      });
    });
  return (await free(Number(wanted))) || free(0);
}

const sandbox = createSandbox('', {}, path.join(startDir, 'profile'));
// The demo's stand-ins for okstra and the provider CLIs (demo/.demo-bin) come first on PATH, for this
// code-server only: Run then reaches the stand-in okstra, and every provider's models are usable.
const demoBin = path.join(workspace, '.demo-bin');
if (fs.existsSync(demoBin)) sandbox.env.PATH = `${demoBin}${path.delimiter}${sandbox.env.PATH ?? ''}`;
// The VS Code server otherwise builds the extension host's environment from a login shell (`$SHELL -ilc env`),
// whose profile resets PATH and drops the stand-ins; VSCODE_CLI=1 is its documented way to skip that.
sandbox.env.VSCODE_CLI = '1';
const watcher = spawn(process.execPath, ['scripts/build.mjs', '--watch'], { cwd: repoRoot, stdio: 'inherit', detached: true });
let server;
let stopping = false;
async function stop(code, why) {
  if (stopping) return;
  stopping = true;
  if (why) console.error(why);
  await Promise.all([killProcessGroup(watcher), server?.stop()]);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0, '\nstopping…'));
process.on('SIGTERM', () => void stop(0));

const wanted = Number(values.port);
const port = await pickPort(wanted);
if (port !== wanted) console.log(`npm start: port ${wanted} is taken (another npm start, or another server); using port ${port}`);
// VS Code 1.13x (the current harness) loads an extension from the URL only with its smoke-test driver, which hides
// every notification toast: there this checkout is linked into the profile's extensions folder instead, an installed
// extension that "Developer: Reload Window" loads again from the rebuilt dist/. The older VS Code takes it from the URL.
let linked = false;
try {
  const codeServer = ensureCodeServer();
  linked = payloadNeedsSmokeTestDriver(codeServer, sandbox.env);
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const linkName = `${pkg.publisher}.${pkg.name}-${pkg.version}`;
  const link = path.join(sandbox.extensionsDir, linkName);
  const linkedHere = () => fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink() && fs.readlinkSync(link) === repoRoot;
  for (const entry of fs.readdirSync(sandbox.extensionsDir)) {
    // Another version, another checkout's link (.tools/ may be shared), or a link no longer wanted: removed
    // (a link only as a link, never what it points to).
    if (entry.startsWith(`${pkg.publisher}.${pkg.name}-`) && (!linked || entry !== linkName || !linkedHere()))
      fs.rmSync(path.join(sandbox.extensionsDir, entry), { recursive: true, force: true });
  }
  if (linked && !fs.existsSync(link)) fs.symlinkSync(repoRoot, link);
  if (values.locale) {
    const { installLanguagePack } = await import('../test/runner/languagePack.mjs');
    installLanguagePack({ codeServer, sandbox, languageId: values.locale });
  }
  server = await startCodeServer({ codeServer, sandbox, port, smokeTestDriver: !linked, locale: values.locale });
} catch (e) {
  await stop(1, `npm start: ${e?.message ?? e}`);
}
void server.exited.then((c) => stop(1, `code-server exited (${c}):\n${server.output().split('\n').slice(-30).join('\n')}`));
const url = server.url(workspace, [...(linked ? [] : [['extensionDevelopmentPath', server.remote(repoRoot)]]), ['skipWelcome', 'true']]);
const rel = (p) => path.relative(repoRoot, p);
const copy = created ? `a new copy of ${rel(sample)}` : `the copy of ${rel(sample)} made earlier; npm start -- --fresh for a new one`;
console.log(startBanner({ url, port: server.port, wanted, workspace: rel(workspace), copy, env: process.env }));
