#!/usr/bin/env node
// A stand-in for the VS Code executable, for machines that cannot download VS Code: @vscode/test-electron's
// runTests({ vscodeExecutablePath: <this file> }) starts it with VS Code's own flags. It serves VS Code through
// code-server on 127.0.0.1, opens the workbench in headless chromium with extensionDevelopmentPath and
// extensionTestsPath in the URL's payload, and exits with the code the workbench reports through
// window.codeAutomationExit (the mechanism of microsoft/vscode's browser integration tests).
//
//   launcher.mjs --extensionDevelopmentPath=DIR --extensionTestsPath=FILE [WORKSPACE_DIR | FILE.code-workspace] [other VS Code flags, ignored]
//
// Env: OKSTRA_CODE_SERVER     code-server to use (default: the pinned one of OKSTRA_HARNESS in .tools/, installed
//                             on demand)
//      OKSTRA_HARNESS         current (default) or minimum: which VS Code (test/runner/harness.mjs)
//      OKSTRA_CHROMIUM        browser (default /usr/bin/chromium)
//      OKSTRA_TEST_TIMEOUT_MS whole-run timeout (default 900000: a backstop for a hang; VS Code 1.139
//                             on a busy 2-core machine takes over 7 minutes)
//      OKSTRA_HARNESS_VERBOSE=1  echo the server's and the browser's console
//      OKSTRA_KEEP_SANDBOX=1  keep the temp folder (user data, logs) for a post-mortem
// Exit: the extension host's code (0 = every test passed, 1 = a test failed), 2 = harness failure or timeout.
import fs from 'node:fs';
import path from 'node:path';
import {
  createSandbox,
  ensureCodeServer,
  isWorkbenchNoise,
  launchBrowser,
  log,
  printExtensionHostLogs,
  repoRoot,
  startCodeServer,
} from './harness.mjs';

// --key=value and --key value for the flags we use; any other flag (test-electron adds --no-sandbox,
// --user-data-dir=…, --extensions-dir=…, --disable-workspace-trust …) is ignored: the sandbox replaces them.
const ours = new Set(['extensionDevelopmentPath', 'extensionTestsPath', 'workspace']);
const args = {};
const positional = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const eq = /^--([^=]+)=(.*)$/s.exec(a);
  if (eq) args[eq[1]] = eq[2];
  else if (a.startsWith('--') && ours.has(a.slice(2))) args[a.slice(2)] = argv[++i];
  else if (!a.startsWith('-')) positional.push(a);
}
if (!args.extensionDevelopmentPath || !args.extensionTestsPath) {
  console.error('usage: launcher.mjs --extensionDevelopmentPath=DIR --extensionTestsPath=FILE [WORKSPACE_DIR]');
  process.exit(2);
}
const extensionDevelopmentPath = path.resolve(args.extensionDevelopmentPath);
const extensionTestsPath = path.resolve(args.extensionTestsPath);
const timeoutMs = Number(process.env.OKSTRA_TEST_TIMEOUT_MS ?? 900000);
const verbose = process.env.OKSTRA_HARNESS_VERBOSE === '1';
const resultsDir = path.join(repoRoot, 'test-results');

const sandbox = createSandbox('okstra-vscode-');
const workspace = path.resolve(args.workspace ?? positional[0] ?? path.join(sandbox.dir, 'workspace'));
// A folder is created when missing; a `.code-workspace` file (multi-root) must exist.
if (!workspace.endsWith('.code-workspace')) fs.mkdirSync(workspace, { recursive: true });

let server;
let browser;
let page;
let finishing = false;
async function finish(code, why) {
  if (finishing) return;
  finishing = true;
  if (why) log(why);
  if (code !== 0) {
    if (page && code === 2) {
      fs.mkdirSync(resultsDir, { recursive: true });
      const shot = path.join(resultsDir, 'integration-failure.png');
      try {
        await page.screenshot({ path: shot, timeout: 5000 });
        log(`screenshot of the workbench: ${path.relative(process.cwd(), shot)}`);
      } catch {
        /* the page may be gone */
      }
    }
    printExtensionHostLogs(sandbox);
    if (server && (code === 2 || verbose)) console.error(`----- code-server output -----\n${server.output()}\n-----`);
  }
  try {
    await browser?.close();
  } catch {
    /* already closed */
  }
  await server?.stop();
  if (process.env.OKSTRA_KEEP_SANDBOX === '1') log(`kept ${sandbox.dir}`);
  else sandbox.remove();
  log(`exit code ${code}`);
  process.exit(code);
}

process.on('SIGINT', () => void finish(130, 'interrupted (SIGINT)'));
process.on('SIGTERM', () => void finish(143, 'terminated (SIGTERM)'));
process.on('unhandledRejection', (e) => void finish(2, `harness error: ${e?.stack ?? e}`));
setTimeout(
  () =>
    void finish(
      2,
      `TIMEOUT: the extension tests did not finish within ${timeoutMs / 1000} s (OKSTRA_TEST_TIMEOUT_MS). ` +
        'A test may be waiting for UI that never appears; the extension host log follows.',
    ),
  timeoutMs,
).unref();

try {
  const codeServer = ensureCodeServer();
  server = await startCodeServer({ codeServer, sandbox, echo: verbose });
  log(`code-server up on 127.0.0.1:${server.port}`);
  void server.exited.then((c) => finish(2, `code-server exited during the run (${c})`));

  browser = await launchBrowser(sandbox);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  page.on('pageerror', (e) => log(`page error: ${e.message}`));
  page.on('crash', () => void finish(2, 'the workbench page crashed'));
  if (verbose) page.on('console', (m) => log(`[browser ${m.type()}] ${m.text()}`));

  // Called by the workbench while it runs extension tests: the extension host's console, then its exit code.
  await page.exposeFunction('codeAutomationLog', (type, logArgs) => {
    const parts = Array.isArray(logArgs) ? logArgs : [logArgs];
    if (!verbose && isWorkbenchNoise(String(parts[0] ?? ''))) return;
    const fn = typeof console[type] === 'function' ? console[type] : console.log;
    fn(...parts);
  });
  await page.exposeFunction('codeAutomationExit', (code) =>
    finish(Number(code) === 0 ? 0 : 1, `extension tests finished with code ${code}`),
  );

  const url = server.url(workspace, [
    ['extensionDevelopmentPath', server.remote(extensionDevelopmentPath)],
    ['extensionTestsPath', server.remote(extensionTestsPath)],
    ['skipWelcome', 'true'],
  ]);
  log(`opening the workbench on ${workspace}`);
  // Not the page's load event (VS Code 1.139's workbench loads for over 30 s on a busy machine): the run's own
  // timeout above bounds the wait for codeAutomationExit.
  await page.goto(url, { waitUntil: 'commit' });
} catch (e) {
  await finish(2, `harness error: ${e?.stack ?? e}`);
}
