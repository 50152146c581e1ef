// The pieces every VS Code run of this project shares (integration launcher, UI tests, `npm start`):
// code-server (VS Code server + web workbench) from the ignored .tools/ folder, served on 127.0.0.1,
// and Debian's chromium driven by playwright-core. Background: docs/decisions.md › VS Code test harness.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const fixtureWorkspace = path.join(repoRoot, 'test/fixtures/vscode-workspace');

const started = Date.now();
export function log(...args) {
  console.error(`[vscode-harness +${((Date.now() - started) / 1000).toFixed(1)}s]`, ...args);
}

/**
 * The two VS Code versions the project runs on (scripts/setup-vscode-harness.sh installs them side by side in
 * .tools/): `current`, what people use today (code-server on Node 24 from the npm registry), and `minimum`, the
 * oldest that package.json's engines.vscode accepts. The integration and UI suites run on `current` unless
 * OKSTRA_HARNESS=minimum.
 */
export const HARNESSES = {
  current: { codeServer: '4.139.1', vscode: '1.139.1' },
  minimum: { codeServer: '4.100.3', vscode: '1.100.3' },
};

/** The harness this run uses: $OKSTRA_HARNESS (current or minimum), current when unset. */
export function harnessName(env = process.env) {
  const name = env.OKSTRA_HARNESS || 'current';
  if (!Object.hasOwn(HARNESSES, name)) throw new Error(`OKSTRA_HARNESS=${name}: expected one of ${Object.keys(HARNESSES).join(', ')}`);
  return name;
}

/**
 * The code-server executable: $OKSTRA_CODE_SERVER, else the pinned one of the harness (harnessName()) in .tools/,
 * installed on first use by scripts/setup-vscode-harness.sh (a few milliseconds when it is already there).
 */
export function ensureCodeServer(which = harnessName()) {
  if (process.env.OKSTRA_CODE_SERVER) return process.env.OKSTRA_CODE_SERVER;
  const out = execFileSync('bash', [path.join(repoRoot, 'scripts/setup-vscode-harness.sh'), which], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const bin = out.trim().split('\n').pop();
  if (!bin || !fs.existsSync(bin)) throw new Error(`setup-vscode-harness.sh printed no code-server path (got ${JSON.stringify(out)})`);
  return bin;
}

export function chromiumPath() {
  const p = process.env.OKSTRA_CHROMIUM ?? '/usr/bin/chromium';
  if (!fs.existsSync(p))
    throw new Error(`no chromium at ${p}: run scripts/setup-vscode-harness.sh (apt-get install chromium) or set OKSTRA_CHROMIUM`);
  return p;
}

// Quiet, deterministic user settings. The DOM terminal renderer makes xterm's text readable by the UI tests.
const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.reduceMotion': 'on',
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'terminal.integrated.gpuAcceleration': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'git.enabled': false,
};

/**
 * A per-run temp folder with user data, extensions, logs, and private XDG dirs and TMPDIR for every process
 * started in it: code-server and chromium otherwise write into ~/.config, ~/.local/share and /tmp.
 * Note: the extension host inherits this TMPDIR, so the tests see it as os.tmpdir().
 */
export function createSandbox(prefix, extraSettings = {}, fixedDir = undefined) {
  // fixedDir: a folder that outlives the run (`npm start` keeps its profile); settings are only seeded once.
  const dir = fixedDir ?? fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const userDataDir = path.join(dir, 'user-data');
  const settingsFile = path.join(userDataDir, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
  if (!fixedDir || !fs.existsSync(settingsFile)) {
    fs.writeFileSync(settingsFile, JSON.stringify({ ...USER_SETTINGS, ...extraSettings }, null, 2));
  }
  const extensionsDir = path.join(dir, 'extensions');
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const env = {
    ...process.env,
    XDG_DATA_HOME: path.join(dir, 'xdg-data'),
    XDG_CONFIG_HOME: path.join(dir, 'xdg-config'),
    TMPDIR: path.join(dir, 'tmp'),
  };
  return {
    dir,
    userDataDir,
    extensionsDir,
    env,
    remove() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Copies a workspace fixture into a fresh temp folder, so that a run never writes into the repository. */
export function copyWorkspace(from = fixtureWorkspace, prefix = 'okstra-ws-') {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const to = path.join(parent, path.basename(from));
  fs.cpSync(from, to, { recursive: true });
  return { dir: to, remove: () => fs.rmSync(parent, { recursive: true, force: true }) };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Ends a process started with `detached: true` and everything it forked (TERM, then KILL after a grace period). */
export async function killProcessGroup(child, graceMs = 3000) {
  if (!child?.pid) return;
  const alive = () => {
    try {
      process.kill(-child.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive()) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

/**
 * True when this code-server (VS Code 1.13x, the current harness) honours the URL's extension payload
 * (extensionDevelopmentPath, extensionTestsPath) only with VS Code's smoke-test driver, which it forwards through
 * --vscode-option. That driver also hides every notification toast. 4.100.3 (the minimum harness) rejects the option
 * and does not need it.
 */
export function payloadNeedsSmokeTestDriver(codeServer, env) {
  const help = spawnSync(codeServer, ['--help'], { encoding: 'utf8', env });
  return help.stdout?.includes('--vscode-option') ?? false;
}

/**
 * Starts code-server on a free 127.0.0.1 port in its own process group and waits until /healthz answers.
 * Returns { port, child, url(folder, payload), output(), exited, stop() }.
 */
export async function startCodeServer({
  codeServer,
  sandbox,
  logLevel = process.env.OKSTRA_CODE_SERVER_LOG ?? 'info',
  readyTimeoutMs = 60000,
  echo = false,
  workspaceTrust = false,
  port: wantedPort = 0,
  locale,
  smokeTestDriver = true,
}) {
  // smokeTestDriver: false for a run that loads the extension otherwise (npm start: scripts/start.mjs).
  const passthrough =
    smokeTestDriver && payloadNeedsSmokeTestDriver(codeServer, sandbox.env) ? ['--vscode-option', 'enable-smoke-test-driver'] : [];
  const port = wantedPort || (await freePort());
  const args = [
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    // Without it a modal "Do you trust the authors…" blocks the UI; tests of Restricted Mode pass workspaceTrust.
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--disable-proxy',
    '--ignore-last-opened',
    '--user-data-dir',
    sandbox.userDataDir,
    '--extensions-dir',
    sandbox.extensionsDir,
    '--config',
    path.join(sandbox.dir, 'config.yaml'), // else it writes ~/.config/code-server/config.yaml
    ...passthrough,
    // The display language; anything but English needs its language pack installed (languagePack.mjs).
    ...(locale ? ['--locale', locale] : []),
    // Also the workbench's log level: below info, console output of the extension host (mocha's report) is dropped.
    '--log',
    logLevel,
  ];
  const child = spawn(codeServer, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: sandbox.env });
  const lines = [];
  const keep = (chunk) => {
    const text = chunk.toString();
    if (echo) process.stderr.write(text.replace(/^/gm, '[code-server] '));
    lines.push(...text.split('\n').filter(Boolean));
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exitInfo = null;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = code ?? signal;
      resolve(exitInfo);
    });
    child.once('error', (err) => {
      exitInfo = err.message;
      resolve(exitInfo);
    });
  });
  const server = {
    port,
    child,
    // With the smoke-test driver the workbench shows no notification toasts (the notifications center still lists
    // them): UI tests look there instead (test/ui/workbench.mjs notification()).
    smokeTestDriver: passthrough.length > 0,
    exited,
    output: () => lines.join('\n'),
    remote: (absPath) => `vscode-remote://127.0.0.1:${port}${absPath}`,
    url(folder, payload = []) {
      // A `.code-workspace` file opens as a (multi-root) workspace, anything else as a folder.
      const kind = folder.endsWith('.code-workspace') ? 'workspace' : 'folder';
      const query = [`${kind}=${encodeURIComponent(folder)}`];
      if (payload.length > 0) query.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
      return `http://127.0.0.1:${port}/?${query.join('&')}`;
    },
    stop: () => killProcessGroup(child),
  };
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exitInfo !== null) throw new Error(`code-server exited before it was ready (${exitInfo}):\n${server.output()}`);
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`code-server did not answer /healthz within ${readyTimeoutMs / 1000} s:\n${server.output()}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return server;
}

/** Headless Debian chromium through playwright-core (which ships no browser of its own). */
export async function launchBrowser(sandbox) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    env: sandbox.env,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** The extension host's logs of a run (remote extension host and the server), for a failure report. */
export function extensionHostLogs(sandbox) {
  const logsDir = path.join(sandbox.userDataDir, 'logs');
  if (!fs.existsSync(logsDir)) return [];
  return fs
    .readdirSync(logsDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /^(remote)?exthost\.log$|^remoteagent\.log$/i.test(path.basename(f)) || /okstra/i.test(path.dirname(f)))
    .map((f) => path.join(logsDir, f))
    .filter((f) => fs.statSync(f).isFile() && fs.statSync(f).size > 0)
    .sort();
}

/** Prints the tail of every extension host log of the sandbox to stderr. */
export function printExtensionHostLogs(sandbox, maxLines = 150) {
  const files = extensionHostLogs(sandbox);
  if (files.length === 0) {
    console.error(`(no extension host log under ${path.join(sandbox.userDataDir, 'logs')})`);
    return;
  }
  for (const file of files) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const tail = lines.slice(-maxLines).join('\n');
    console.error(`----- ${path.relative(sandbox.dir, file)} (last ${Math.min(lines.length, maxLines)} lines) -----\n${tail}`);
  }
  console.error('----- end of extension host logs -----');
}

// Workbench chatter that every run prints and that says nothing about the tests (unless verbose).
const NOISE = [
  /^Resolving connection token/,
  /^Resolved connection token/,
  /^Creating a socket/,
  /^Updating additional builtin extensions cache/,
  /^\[Service Worker\]/,
  /^ChatSessionStore:/,
  /ENOTFOUND open-vsx\.org/,
];
/** True for a workbench console message that is known, harmless noise of an offline code-server. */
export function isWorkbenchNoise(message) {
  return NOISE.some((re) => re.test(message));
}
