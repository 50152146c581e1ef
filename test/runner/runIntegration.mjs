#!/usr/bin/env node
// `npm run test:integration` (after the build): runs out/test/integration (mocha inside the extension host)
// through @vscode/test-electron's runTests.
//   OKSTRA_VSCODE_PATH=/path/to/code   a real VS Code executable (desktop); else
//   the code-server launcher (launcher.mjs), which needs no download, on the harness OKSTRA_HARNESS names:
//   current (default) or minimum (test/runner/harness.mjs).
// Exits non-zero when a test fails, and with a clear message when the run exceeds its timeout.
// A second, short pass opens a multi-root workspace (test/fixtures/vscode-multi-root, a `.code-workspace` file
// with two folders) and runs only the *MultiRoot.test.js suites (test/integration/index.ts; the first pass runs
// all the others).
//   OKSTRA_INTEGRATION_MULTI_ROOT=0   skip that pass (said so; refused with CI=true); it also runs only when
//                                     OKSTRA_INTEGRATION_GREP is unset or mentions "multi-root".
import { runTests } from '@vscode/test-electron';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyWorkspace, ensureCodeServer, HARNESSES, harnessName, log, repoRoot } from './harness.mjs';

const extensionDevelopmentPath = repoRoot;
const extensionTestsPath = path.join(repoRoot, 'out/test/integration/index.js');
if (!fs.existsSync(extensionTestsPath)) {
  console.error(`missing ${path.relative(repoRoot, extensionTestsPath)}: run \`node scripts/build.mjs\` first`);
  process.exit(2);
}
if (!fs.existsSync(path.join(repoRoot, 'dist/extension.js'))) {
  console.error('missing dist/extension.js: run `node scripts/build.mjs` first');
  process.exit(2);
}

const runTimeoutMs = Number(process.env.OKSTRA_TEST_TIMEOUT_MS ?? 900000);
const started = Date.now();
const workspace = copyWorkspace();
const desktop = process.env.OKSTRA_VSCODE_PATH;
const profile = desktop ? fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-vscode-profile-')) : null;

let vscodeExecutablePath;
let launchArgs = [workspace.dir];
const extensionTestsEnv = {};
if (desktop) {
  vscodeExecutablePath = desktop;
  // A private profile, so that the user's own extensions and settings stay out of the run.
  launchArgs = [
    workspace.dir,
    `--user-data-dir=${path.join(profile, 'user-data')}`,
    `--extensions-dir=${path.join(profile, 'extensions')}`,
    '--disable-extensions',
  ];
  log(`VS Code from OKSTRA_VSCODE_PATH: ${desktop}`);
} else {
  // OKSTRA_HARNESS=minimum runs the suite on the oldest VS Code that engines.vscode accepts (test/runner/harness.mjs).
  const which = harnessName();
  extensionTestsEnv.OKSTRA_CODE_SERVER = ensureCodeServer(which);
  log(`harness: ${which} (code-server ${HARNESSES[which].codeServer}, VS Code ${HARNESSES[which].vscode})`);
  vscodeExecutablePath = path.join(repoRoot, 'test/runner/launcher.mjs');
}

function cleanup() {
  workspace.remove();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
}

/** PIDs of every descendant of `root` (Linux /proc), children first reversed so leaves die first. */
function descendants(root) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  const out = [];
  const walk = (pid) => {
    for (const c of children.get(pid) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out.reverse();
}

const grep = process.env.OKSTRA_INTEGRATION_GREP;
const multiRootOff = process.env.OKSTRA_INTEGRATION_MULTI_ROOT === '0';
if (multiRootOff && process.env.CI === 'true') {
  console.error('OKSTRA_INTEGRATION_MULTI_ROOT=0 with CI=true: CI runs the multi-root pass');
  process.exit(2);
}
const multiRoot = !multiRootOff && (!grep || /multi-root/i.test(grep));
if (!multiRoot)
  log(
    `SKIPPED: the multi-root pass (${multiRootOff ? 'OKSTRA_INTEGRATION_MULTI_ROOT=0' : `OKSTRA_INTEGRATION_GREP=${grep} does not mention multi-root`})`,
  );

// The launcher has its own timeout (it screenshots and prints the logs); this one is the backstop for a
// desktop VS Code or a launcher that is stuck itself: it ends every process this script started.
const backstopMs = runTimeoutMs * (multiRoot ? 2 : 1) + 60000; // each pass has the launcher's own timeout
const backstop = setTimeout(() => {
  console.error(`TIMEOUT: the integration run did not end within ${backstopMs / 1000} s; ending it`);
  for (const pid of descendants(process.pid)) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  }
  setTimeout(() => {
    for (const pid of descendants(process.pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    cleanup();
    process.exit(2);
  }, 3000);
}, backstopMs);

/** The multi-root pass: the same extension and suite, a `.code-workspace` with two folders, grepped to its suites. */
async function runMultiRootPass() {
  const copy = copyWorkspace(path.join(repoRoot, 'test/fixtures/vscode-multi-root'), 'okstra-mr-');
  try {
    const workspaceFile = path.join(copy.dir, 'okstra-multi-root.code-workspace');
    const args = desktop ? [workspaceFile, ...launchArgs.slice(1)] : [workspaceFile];
    log(`multi-root pass: ${workspaceFile}`);
    await runTests({
      vscodeExecutablePath,
      extensionDevelopmentPath,
      extensionTestsPath,
      launchArgs: args,
      extensionTestsEnv: { ...extensionTestsEnv, OKSTRA_INTEGRATION_PASS: 'multi-root' },
    });
  } finally {
    copy.remove();
  }
}

try {
  await runTests({
    vscodeExecutablePath,
    extensionDevelopmentPath,
    extensionTestsPath,
    launchArgs,
    extensionTestsEnv,
  });
  if (multiRoot) await runMultiRootPass();
  log(`integration tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  clearTimeout(backstop);
  cleanup();
} catch (err) {
  clearTimeout(backstop);
  cleanup();
  console.error(`integration tests FAILED: ${err?.message ?? err} (after ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  process.exit(1);
}
