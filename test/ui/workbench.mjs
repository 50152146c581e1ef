// The workbench the UI tests drive: code-server with this repository's extension and headless chromium through
// playwright-core, on a temp copy of a workspace, plus the page-level moves the tests share (the command palette,
// the wizard's QuickPick prompts, screenshots). Not a *.ui.test.mjs file: the test files import it.
// The selectors hold on both harnesses (VS Code 1.139 and 1.100; OKSTRA_HARNESS, test/runner/harness.mjs);
// docs/decisions.md › VS Code test harness says how the harness is set up.
// No fixed sleeps: every wait is on a condition of the page (the QuickPick's active row, a title, no animation
// running) or of a file (waitUntil).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  copyWorkspace,
  createSandbox,
  ensureCodeServer,
  launchBrowser,
  log,
  extensionHostLogs,
  payloadNeedsSmokeTestDriver,
  printExtensionHostLogs,
  repoRoot,
  startCodeServer,
} from '../runner/harness.mjs';
import { installLanguagePack } from '../runner/languagePack.mjs';

/**
 * The step id of a prompt title `<folder> › <task> › <step title>  (n of total)`: the title names the step in words
 * (the text catalogue's `title`), so the id is found by matching it against the catalogue, as the runner made it.
 */
let titleIndex;
async function loadTitleIndex() {
  if (titleIndex) return titleIndex;
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    stdin: {
      contents: "export { en } from './src/core/text/en';\nexport { formatTemplate } from './src/core/text/catalog';",
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
  });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  const titled = new Map();
  // A static step's id is its catalogue key with dashes (task_type → task-type; src/core/wizard/steps).
  for (const [key, step] of Object.entries(mod.en.steps)) {
    const t = step?.title;
    if (t && !t.includes('{') && !titled.has(t)) titled.set(t, key.replace(/_/g, '-'));
  }
  const pattern = (key) => {
    const t = mod.en.steps[key]?.title ?? '';
    return new RegExp(
      `^${t
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace('{role}', '(.+?)')
        .replace('{ordinal}', '([0-9]+)')}$`,
    );
  };
  titleIndex = {
    titled,
    leader: mod.en.steps.leader_session?.title,
    model: pattern('role_model'),
    count: pattern('role_count'),
    add: pattern('role_add'),
  };
  return titleIndex;
}

export async function stepOfTitle(title) {
  const crumb = title.split('  (')[0].split(' › ').pop() ?? '';
  const index = await loadTitleIndex();
  if (index.titled.has(crumb)) return index.titled.get(crumb);
  if (crumb === index.leader) return 'leader-session';
  let m = index.model.exec(crumb);
  if (m) return `role-model:${m[1]}:${m[2]}`;
  m = index.count.exec(crumb);
  if (m) return `role-count:${m[1]}`;
  m = index.add.exec(crumb);
  if (m) return `role-add:${m[1]}`;
  return crumb; // a step without a catalogue title keeps its id
}

/**
 * The pictures of the docs (docs/images/*.png, the README's) and of the package (media/walkthrough/*.png) are made
 * here, each under its repository path: a test run never writes a tracked file. `npm run screenshots -- --copy`
 * (scripts/screenshots.mjs) copies them to those paths.
 */
export const docsShotsRoot = path.join(repoRoot, 'test-results', 'screenshots');
/** Where the picture of repository path `rel` (a folder: `docs/images`) is made. */
export const docsShotsDir = (rel) => path.join(docsShotsRoot, rel);
/** Screenshots used in the README (copied to docs/images/). */
export const imagesDir = docsShotsDir('docs/images');
/** Emptied once per run by globalSetup.mjs. */
export const resultsDir = path.join(repoRoot, 'test-results', 'ui');

/**
 * Waits until `condition()` (of files on disk, which the page cannot see) holds, looking again every 100 ms;
 * throws after `timeoutMs` naming `what` it waited for.
 */
export async function waitUntil(condition, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Opens the workbench on a copy of `from` (default: the fixture workspace). `prepare(workbench)` runs once the
 * sandbox and the copy exist and before code-server starts (workspace settings, the server's environment).
 * With `openOkstra` it waits until the remote extension host has registered the okstra view container and
 * opens it. `workspaceTrust` starts code-server without --disable-workspace-trust: VS Code then asks whether
 * to trust the folder (answer it with `answerTrustDialog`). `viewport` defaults to 1280×800. `locale` (`ko`) starts
 * the workbench in that display language, with a language pack built for it (runner/languagePack.mjs).
 * `workspaceFile` (a `.code-workspace` file of the copy, relative to it) opens that (multi-root) workspace instead of
 * the copy's folder. `installed` loads this checkout as an installed extension (linked into the profile's extensions
 * folder, as npm start does on VS Code 1.13x) instead of from the URL: VS Code 1.13x loads an extension from the URL
 * only with its smoke-test driver, which also hides the workspace-trust dialog. Whatever was started is stopped again
 * when opening fails.
 */
export async function openWorkbench({
  name,
  from,
  workspacePrefix,
  prepare,
  shotsDir = imagesDir,
  openOkstra = true,
  workspaceTrust = false,
  viewport = { width: 1280, height: 800 },
  locale,
  workspaceFile,
  installed = false,
}) {
  const wb = new Workbench(name, shotsDir);
  try {
    fs.mkdirSync(shotsDir, { recursive: true });
    wb.sandbox = createSandbox(`okstra-ui-${name}-`);
    wb.workspace = copyWorkspace(from, workspacePrefix);
    await prepare?.(wb);
    const codeServer = ensureCodeServer();
    if (locale) installLanguagePack({ codeServer, sandbox: wb.sandbox, languageId: locale });
    // Only where the URL needs the smoke-test driver (VS Code 1.13x); the older VS Code takes it from the URL.
    installed = installed && payloadNeedsSmokeTestDriver(codeServer, wb.sandbox.env);
    if (installed) {
      const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
      fs.symlinkSync(repoRoot, path.join(wb.sandbox.extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`));
    }
    wb.server = await startCodeServer({ codeServer, sandbox: wb.sandbox, workspaceTrust, locale, smokeTestDriver: !installed });
    log(`code-server up on 127.0.0.1:${wb.server.port} (workspace ${wb.workspace.dir})`);
    wb.browser = await launchBrowser(wb.sandbox);
    wb.context = await wb.browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
    wb.page = await wb.context.newPage();
    wb.page.setDefaultTimeout(30_000);
    await wb.page.goto(
      wb.server.url(workspaceFile ? path.join(wb.workspace.dir, workspaceFile) : wb.workspace.dir, [
        ...(installed ? [] : [['extensionDevelopmentPath', wb.server.remote(repoRoot)]]),
        ['skipWelcome', 'true'],
      ]),
      // (not the load event: VS Code 1.139's workbench loads for over 30 s on a busy machine)
      { waitUntil: 'commit' },
    );
    await wb.page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
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

  /**
   * Waits until no animation or transition of the page is running (toasts, QuickPicks and the sidebar's layout
   * slide in; a spinner or a blinking cursor, which never end, do not count) and two frames have been drawn.
   */
  async settled() {
    await this.page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    );
    await this.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }

  /** Sets the window's size and waits until the workbench has laid itself out at that size. */
  async resize(size) {
    await this.page.setViewportSize(size);
    await this.page.waitForFunction(({ width, height }) => {
      const wb = document.querySelector('.monaco-workbench');
      return wb && wb.clientWidth === width && wb.clientHeight === height;
    }, size);
    await this.settled();
  }

  /** The open QuickPick's active row (the one Enter accepts), once its text contains `text`. */
  async activeRow(text) {
    const row = this.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: text }).first();
    await row.waitFor();
    return row;
  }

  /**
   * The notification whose text contains `text`, once it shows: its toast; or, on a workbench that shows no toasts
   * (VS Code 1.13x with the smoke-test driver, which the harness needs there to load the extension from the URL),
   * its entry in the notifications center, opened from the status bar's bell. Either has the message and buttons.
   */
  async notification(text, timeout = 30_000) {
    if (!this.server.smokeTestDriver) {
      const toast = this.page.locator('.notification-toast', { hasText: text }).first();
      await toast.waitFor({ timeout });
      return toast;
    }
    const entry = this.page.locator('.notifications-center .notification-list-item', { hasText: text }).first();
    const deadline = Date.now() + timeout;
    while (!(await entry.isVisible())) {
      if (Date.now() > deadline) throw new Error(`no notification "${text}" within ${timeout} ms`);
      if (!(await this.page.locator('.notifications-center.visible').isVisible()))
        await this.page.locator('.statusbar-item[id="status.notifications"]').click();
      await entry.waitFor({ timeout: 1_000 }).catch(() => undefined);
    }
    return entry;
  }

  /** Closes the notifications center when it is open (notification() opens it on VS Code 1.13x). */
  async closeNotifications() {
    const center = this.page.locator('.notifications-center.visible');
    if (await center.isVisible()) {
      await this.page.locator('.statusbar-item[id="status.notifications"]').click();
      await center.waitFor({ state: 'hidden' });
    }
  }

  /** New Run… → the task picker filtered to `task` → its first prompt ([title, step], as nextPrompt gives it). */
  async startRun(task) {
    await this.palette('okstra: New Run', 'okstra: New Run…');
    await this.page.keyboard.press('Enter');
    const [title] = await this.nextPrompt('');
    await this.page.keyboard.type(task);
    await this.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: task }).waitFor();
    await this.page.keyboard.press('Enter');
    return this.nextPrompt(title);
  }

  /** Runs a command of the palette and waits until the palette has closed. */
  async runCommand(command) {
    await this.palette(command, command);
    await this.activeRow(command);
    await this.page.keyboard.press('Enter');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  async shot(name) {
    await this.settled();
    const file = path.join(this.shotsDir, name);
    await this.page.screenshot({ path: file });
    console.log(`      screenshot ${path.relative(repoRoot, file)}`);
  }

  /** Opens the command palette on `query` and waits until its list shows `expected`. */
  async palette(query, expected = query) {
    // Focus the editor area (a point of the window may be a row of a widened sidebar, and a row click acts).
    await this.page.locator('.part.editor').click();
    await this.page.keyboard.press('F1');
    const shown = await this.page
      .locator('.quick-input-widget')
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (!shown) {
      // The middle of the editor area can be a page that keeps the keys (the walkthrough's step list): the editor
      // area's title bar (its tabs) takes them back for the workbench.
      await this.page
        .locator('.part.editor .title')
        .first()
        .click({ position: { x: 4, y: 4 } });
      await this.page.keyboard.press('F1');
      await this.page.locator('.quick-input-widget').waitFor({ state: 'visible' });
    }
    await this.page.keyboard.type(query);
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: expected }).first().waitFor();
  }

  /** The visible rows of the open palette or QuickPick (their accessible labels). */
  pickRows() {
    return this.page
      .locator('.quick-input-list .monaco-list-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? r.textContent ?? ''));
  }

  /** Waits for a QuickPick / InputBox whose title differs from `previous`; returns [title, step]. */
  async nextPrompt(previous) {
    await this.page.waitForFunction(
      (prev) => {
        const w = document.querySelector('.quick-input-widget');
        const t = w && getComputedStyle(w).display !== 'none' ? (w.querySelector('.quick-input-title')?.textContent ?? '') : '';
        if (t === '' || t === prev) return false;
        // Ready for a key: an InputBox (no list), a QuickPick whose active row is drawn, or a multi-select one
        // (its check-all box shows; no row is active until a key moves there) with its rows drawn.
        const list = w.querySelector('.quick-input-list');
        if (!list || getComputedStyle(list).display === 'none') return true;
        if (list.querySelector('.monaco-list-row.focused') !== null) return true;
        // The check-all box: `.quick-input-check-all` on VS Code 1.13x, a `.monaco-checkbox` toggle on 1.100.
        const multi = [...w.querySelectorAll('.quick-input-check-all, .monaco-checkbox')].some(
          (box) => getComputedStyle(box).display !== 'none' && box.getClientRects().length > 0,
        );
        return multi && list.querySelector('.monaco-list-row') !== null;
      },
      previous ?? '',
      { timeout: 30_000 },
    );
    const text = (await this.title().textContent()) ?? '';
    return [text, await stepOfTitle(text)];
  }

  /** Drags the sidebar's edge to `x` (a wider sidebar shows a row's description whole). */
  async widenSidebar(x) {
    const box = await this.page.locator('.part.sidebar').boundingBox();
    await this.page.mouse.move(box.x + box.width + 1, 300);
    await this.page.mouse.down();
    await this.page.mouse.move(x, 300, { steps: 5 });
    await this.page.mouse.up();
  }

  /** Waits until a tree row whose text contains `text` shows expanded. */
  async waitForExpandedRow(text) {
    await this.page.waitForFunction(
      (n) =>
        [...document.querySelectorAll('.monaco-list-row')].some(
          (r) => r.getAttribute('aria-expanded') === 'true' && r.textContent?.includes(n),
        ),
      text,
    );
  }

  /**
   * Waits until the open QuickPick says `re` where the extension shows a pick's refusal or note: the QuickPick's
   * `prompt` under the box on VS Code 1.108 or later, the placeholder on older VS Code (src/vscode/prompt/pickMessage.ts).
   * Returns where it was (`prompt` or `placeholder`) and the text.
   */
  async pickMessage(re) {
    const handle = await this.page.waitForFunction((source) => {
      const w = document.querySelector('.quick-input-widget');
      const placeholder = w?.querySelector('.quick-input-box input')?.getAttribute('placeholder') ?? '';
      const message = w?.querySelector('.quick-input-message')?.textContent ?? '';
      const r = new RegExp(source);
      if (r.test(message)) return { where: 'prompt', text: message };
      if (r.test(placeholder)) return { where: 'placeholder', text: placeholder };
      return null;
    }, re.source);
    return handle.jsonValue();
  }

  /** VS Code's own "Do you trust the authors…?" dialog (a workbench started with `workspaceTrust`). */
  async answerTrustDialog(button) {
    const dialog = this.page.locator('.monaco-dialog-box', { hasText: 'trust the authors' });
    const restricted = this.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first();
    // VS Code 1.100 asks with a modal dialog; VS Code 1.13x opens an untrusted folder in Restricted Mode straight
    // away, with a banner and no dialog (its answer is then "don't trust"; any other answer is the test's mistake).
    const shown = await Promise.race([
      dialog.waitFor({ timeout: 90_000 }).then(() => 'dialog'),
      restricted.waitFor({ timeout: 90_000 }).then(() => 'restricted'),
    ]);
    if (shown === 'restricted' && !(await dialog.isVisible())) {
      assert.match(button, /don't trust/i, 'VS Code opened the folder in Restricted Mode without asking');
      log('workspace trust: no dialog, the folder opened in Restricted Mode (VS Code 1.13x)');
      return 'restricted';
    }
    log('workspace trust: the dialog asked (VS Code 1.100)');
    await dialog.locator('.monaco-button', { hasText: button }).click();
    await dialog.waitFor({ state: 'hidden' });
    return 'dialog';
  }

  /**
   * Presses `key` and measures, in the page, the time from its keydown to the frame in which the QuickInput is drawn
   * as `awaited` says: 'next prompt' (another title than before, with its items; an InputBox: its box) or 'palette'
   * (the command palette with its rows). docs/performance.md P10.
   */
  async keyToFrame(key, awaited) {
    await this.page.evaluate(
      ({ key, awaited }) => {
        const prev = document.querySelector('.quick-input-widget .quick-input-title')?.textContent ?? '';
        const probe = { start: 0, end: 0 };
        window.__okstraP10 = probe;
        const ready = () => {
          const w = document.querySelector('.quick-input-widget');
          if (!w || getComputedStyle(w).display === 'none') return false;
          const rows = w.querySelectorAll('.quick-input-list .monaco-list-row').length > 0;
          if (awaited === 'palette') return (w.querySelector('.quick-input-box input')?.value ?? '').startsWith('>') && rows;
          const title = w.querySelector('.quick-input-title')?.textContent ?? '';
          if (title === '' || title === prev) return false;
          const list = w.querySelector('.quick-input-list');
          return !list || getComputedStyle(list).display === 'none' || rows;
        };
        const observer = new MutationObserver(() => {
          if (!probe.start || probe.end || !ready()) return;
          observer.disconnect();
          requestAnimationFrame(() => (probe.end = performance.now()));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        document.addEventListener(
          'keydown',
          (e) => {
            if (e.key === key) probe.start = performance.now();
          },
          { capture: true, once: true },
        );
      },
      { key, awaited },
    );
    await this.page.keyboard.press(key);
    await this.page.waitForFunction(() => window.__okstraP10.end > 0, null, { timeout: 30_000 });
    return this.page.evaluate(() => window.__okstraP10.end - window.__okstraP10.start);
  }

  /** Presses Enter on the open prompt: the time until the next prompt shows its items (P10). */
  enterAndMeasure() {
    return this.keyToFrame('Enter', 'next prompt');
  }

  /**
   * The floor of P10, measured the same way: VS Code's own command palette, from F1's keydown to the frame in which it
   * shows its rows; then Escape, and the palette is gone. No prompt may be open.
   */
  async paletteAndMeasure() {
    await this.page.locator('.part.editor').click();
    const ms = await this.keyToFrame('F1', 'palette');
    await this.page.keyboard.press('Escape');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    return ms;
  }

  /** Answers with the defaults (Enter) until the confirm prompt shows (it is not answered); `answers` overrides
   *  steps, `shots` names a screenshot per step. Returns the steps seen, the confirm prompt and the Enter → next
   *  prompt times (P10) of the default answers. */
  async answerUntilConfirmation(first, answers = {}, shots = {}) {
    let [text, step] = first;
    const seen = [];
    const times = [];
    const timedSteps = [];
    for (let i = 0; i < 40; i++) {
      seen.push(step);
      if (shots[step]) await this.shot(shots[step]);
      if (step === 'confirm') break;
      if (answers[step]) await answers[step]();
      else {
        times.push(await this.enterAndMeasure());
        timedSteps.push(step);
      }
      [text, step] = await this.nextPrompt(text);
    }
    const confirmation = await this.confirmationTiming();
    return Object.assign(seen, { times, timedSteps, confirm: [text, step], confirmation });
  }

  /**
   * From the moment the confirm prompt shows (call it then) until the confirmation's command line is in view beside
   * it, looked at every few milliseconds: how long that took, and when the prompt said meanwhile that the document is
   * still coming (its words, or its busy bar). docs/performance.md P10. Returns { contentMs, busyFromMs, busyUntilMs,
   * unsaidMs }: unsaidMs, the first look at which neither the command line nor the busy state was there.
   */
  async confirmationTiming() {
    const started = Date.now();
    const command = this.confirmationDocument().locator('pre').first();
    const busyBar = this.page.locator('.quick-input-widget .monaco-progress-container.active');
    const busyWords = this.page.locator('.quick-input-widget', { hasText: 'The confirmation is opening' });
    let busyFromMs;
    let busyUntilMs;
    let unsaidMs;
    for (;;) {
      const at = Date.now() - started;
      if (await command.isVisible().catch(() => false)) return { contentMs: Date.now() - started, busyFromMs, busyUntilMs, unsaidMs };
      if ((await busyWords.isVisible()) || (await busyBar.isVisible())) {
        busyFromMs ??= at;
        busyUntilMs = undefined;
      } else if (!(await command.isVisible().catch(() => false))) {
        // (looked at again: the busy state ends once the page is drawn, which may be between the two looks)
        if (busyFromMs !== undefined) busyUntilMs ??= at;
        unsaidMs ??= at;
      }
      if (at > 30_000) throw new Error('the confirmation document did not show its command line within 30 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** The confirmation document beside the confirm prompt: a webview (two iframes deep). */
  confirmationDocument() {
    return this.page
      .locator('iframe.webview.ready')
      .first()
      .contentFrame()
      .locator('#active-frame')
      .contentFrame()
      .locator('body', { hasText: 'render-bundle --' });
  }

  /** Its text as rendered: headings, then table rows as `| cell | cell |`, then the command line. */
  async confirmationText() {
    await this.confirmationDocument().waitFor();
    return this.confirmationDocument().evaluate((body) => {
      const out = [];
      for (const el of body.querySelectorAll('h1, h2, tr, pre, p')) {
        if (el.tagName === 'TR') out.push(`| ${[...el.children].map((c) => c.textContent.trim()).join(' | ')} |`);
        else if (el.tagName === 'H1') out.push(`# ${el.textContent.trim()}`);
        else if (el.tagName === 'H2') out.push(`## ${el.textContent.trim()}`);
        else out.push(el.textContent.trim());
      }
      return out.join('\n');
    });
  }

  /** Activates the row of the open QuickPick whose text matches and presses Enter. */
  async pickRow(text) {
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
    await row.click();
  }

  /** The lines of the extension's own log (its okstra output channel, as the extension host writes it to disk). */
  okstraLogLines() {
    return extensionHostLogs(this.sandbox)
      .filter((f) => /okstra/i.test(path.dirname(f)))
      .flatMap((f) => fs.readFileSync(f, 'utf8').split('\n'));
  }

  /**
   * Waits until the extension's log holds `count` lines matching `pattern`: what the extension did, seen from the
   * browser (a refusal, a finished run). Returns the matching lines.
   */
  async waitForLog(pattern, count = 1, timeoutMs = 20_000) {
    let lines = [];
    await waitUntil(
      () => (lines = this.okstraLogLines().filter((l) => pattern.test(l))).length >= count,
      timeoutMs,
      `${count} log line(s) matching ${pattern}`,
    );
    return lines;
  }

  /** For afterEach: a failed test leaves a screenshot in test-results/ui/ and the extension host's logs. */
  async reportFailure(test) {
    if (test?.state !== 'failed') return;
    try {
      const file = path.join(resultsDir, `${this.name}-failure-${test.title.replace(/\W+/g, '-').slice(0, 60)}.png`);
      await this.page?.screenshot({ path: file });
      console.log(`      screenshot ${path.relative(repoRoot, file)}`);
    } catch {
      /* the page may be gone */
    }
    if (this.sandbox) printExtensionHostLogs(this.sandbox);
  }

  /** Stops the browser and code-server; removes the sandbox and the copy unless OKSTRA_KEEP_SANDBOX=1. */
  async close() {
    try {
      await this.browser?.close();
    } catch {
      /* already closed */
    }
    await this.server?.stop();
    if (process.env.OKSTRA_KEEP_SANDBOX === '1') {
      log(`kept ${this.sandbox?.dir} and ${this.workspace?.dir}`);
      return;
    }
    this.sandbox?.remove();
    this.workspace?.remove();
  }
}
