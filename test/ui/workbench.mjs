// The workbench the UI tests drive: code-server with this repository's extension and headless chromium through
// playwright-core, on a temp copy of a workspace, plus the page-level moves the tests share (the command palette,
// the wizard's QuickPick prompts, screenshots). Not a *.ui.test.mjs file: the test files import it.
// Selectors are VS Code 1.100's; docs/decisions.md › VS Code test harness says how the harness is set up.
import fs from 'node:fs';
import path from 'node:path';
import {
  copyWorkspace, createSandbox, ensureCodeServer, launchBrowser, log, printExtensionHostLogs, repoRoot, startCodeServer,
} from '../runner/harness.mjs';

/** Screenshots used in the README. */
export const imagesDir = path.join(repoRoot, 'docs', 'images');
/** Emptied once per run by globalSetup.mjs. */
export const resultsDir = path.join(repoRoot, 'test-results', 'ui');

/**
 * Opens the workbench on a copy of `from` (default: the fixture workspace). `prepare(workbench)` runs once the
 * sandbox and the copy exist and before code-server starts (workspace settings, the server's environment).
 * With `openOkstra` it waits until the remote extension host has registered the okstra view container and
 * opens it. Whatever was started is stopped again when opening fails.
 */
export async function openWorkbench({ name, from, workspacePrefix, prepare, shotsDir = imagesDir, openOkstra = true }) {
  const wb = new Workbench(name, shotsDir);
  try {
    fs.mkdirSync(shotsDir, { recursive: true });
    wb.sandbox = createSandbox(`okstra-ui-${name}-`);
    wb.workspace = copyWorkspace(from, workspacePrefix);
    await prepare?.(wb);
    wb.server = await startCodeServer({ codeServer: ensureCodeServer(), sandbox: wb.sandbox });
    log(`code-server up on 127.0.0.1:${wb.server.port} (workspace ${wb.workspace.dir})`);
    wb.browser = await launchBrowser(wb.sandbox);
    wb.page = await (await wb.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    wb.page.setDefaultTimeout(30_000);
    await wb.page.goto(wb.server.url(wb.workspace.dir, [
      ['extensionDevelopmentPath', wb.server.remote(repoRoot)],
      ['skipWelcome', 'true'],
    ]));
    await wb.page.locator('.monaco-workbench').waitFor();
    if (openOkstra) {
      await wb.okstraContainer().waitFor({ timeout: 90_000 });
      await wb.okstraContainer().click();
    }
  } catch (err) {
    await wb.close();
    throw err;
  }
  return wb;
}

class Workbench {
  sandbox;
  workspace;
  server;
  browser;
  page;

  constructor(name, shotsDir) {
    this.name = name;
    this.shotsDir = shotsDir;
  }

  /** The okstra icon in the activity bar. The DOM is ready long before the remote extension host registers
   *  contributions; until it shows, the palette would answer "No matching commands" and never refresh. */
  okstraContainer() {
    return this.page.locator('.activitybar a.action-label[aria-label="okstra"]');
  }

  title() {
    return this.page.locator('.quick-input-widget .quick-input-title');
  }

  dialog() {
    return this.page.locator('.monaco-dialog-box');
  }

  async shot(name) {
    await this.page.waitForTimeout(400); // toasts, QuickPicks and the sidebar's layout slide in
    const file = path.join(this.shotsDir, name);
    await this.page.screenshot({ path: file });
    console.log(`      screenshot ${path.relative(repoRoot, file)}`);
  }

  /** Opens the command palette on `query` and waits until its list shows `expected`. */
  async palette(query, expected = query) {
    await this.page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } }); // focus the editor area
    await this.page.keyboard.press('F1');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'visible' });
    await this.page.keyboard.type(query);
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: expected }).first().waitFor();
  }

  /** The visible rows of the open palette or QuickPick (their accessible labels). */
  pickRows() {
    return this.page.locator('.quick-input-list .monaco-list-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? r.textContent ?? ''));
  }

  /** Waits for a QuickPick / InputBox whose title differs from `previous`; returns [title, step]. */
  async nextPrompt(previous) {
    await this.page.waitForFunction(
      (prev) => {
        const w = document.querySelector('.quick-input-widget');
        const t = w && getComputedStyle(w).display !== 'none' ? w.querySelector('.quick-input-title')?.textContent ?? '' : '';
        return t !== '' && t !== prev;
      },
      previous ?? '',
      { timeout: 30_000 },
    );
    await this.page.waitForTimeout(250);
    const text = (await this.title().textContent()) ?? '';
    return [text, text.split('  (')[0].split(' › ').pop()];
  }

  /** Answers with the defaults (Enter) until the confirmation dialog shows; `answers` overrides steps, `shots`
   *  names a screenshot per step. Returns the steps seen. */
  async answerUntilConfirmation(first, answers = {}, shots = {}) {
    let [text, step] = first;
    const seen = [];
    for (let i = 0; i < 40; i++) {
      seen.push(step);
      if (shots[step]) await this.shot(shots[step]);
      if (answers[step]) await answers[step]();
      else await this.page.keyboard.press('Enter');
      if (step === 'confirm') break;
      [text, step] = await this.nextPrompt(text);
    }
    await this.dialog().waitFor();
    return seen;
  }

  /** For afterEach: a failed test leaves a screenshot in test-results/ui/ and the extension host's logs. */
  async reportFailure(test) {
    if (test?.state !== 'failed') return;
    try {
      const file = path.join(resultsDir, `${this.name}-failure-${test.title.replace(/\W+/g, '-').slice(0, 60)}.png`);
      await this.page?.screenshot({ path: file });
      console.log(`      screenshot ${path.relative(repoRoot, file)}`);
    } catch { /* the page may be gone */ }
    if (this.sandbox) printExtensionHostLogs(this.sandbox);
  }

  /** Stops the browser and code-server; removes the sandbox and the copy unless OKSTRA_KEEP_SANDBOX=1. */
  async close() {
    try {
      await this.browser?.close();
    } catch { /* already closed */ }
    await this.server?.stop();
    if (process.env.OKSTRA_KEEP_SANDBOX === '1') {
      log(`kept ${this.sandbox?.dir} and ${this.workspace?.dir}`);
      return;
    }
    this.sandbox?.remove();
    this.workspace?.remove();
  }
}
