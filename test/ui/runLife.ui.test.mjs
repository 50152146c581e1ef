// UI test of the life of a run after Run (docs/run.md), in the real workbench on a copy of the demo whose stand-in
// okstra takes its time (OKSTRA_DEMO_SECONDS, demo/.demo-bin/okstra): a run in progress shows as running under its
// task in the Tasks view and in the status bar; Stop Run asks first, ends it and records it as stopped; a window
// reload in the middle of a run keeps it (running again in the views), and its end afterwards (the stand-in is told
// to finish now with SIGUSR1) is recorded with its exit code in the state file and shown in the views (on code-server
// read from the run wrapper's exit file); two runs of a
// task compared in one document that marks what differs. Each state is pictured at 1280×800 and 1024×768:
// test-results/ui/run-life-*.png (workbench.mjs resultsDir).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { demoPrepare, useDemoWorkbench } from './demoWorkbench.mjs';
import { resultsDir, waitUntil } from './workbench.mjs';

const TASK_KEY = 'payments/currency-rounding';
const TASK_TITLE = 'JPY and KRW refunds are rounded to cents that do not exist';
const COMPARED_TITLE = 'Refund single items of a multi-item order'; // payments/partial-refunds: three recorded runs

const SIZES = [
  { width: 1280, height: 800, suffix: '' },
  { width: 1024, height: 768, suffix: '-1024x768' },
];

describe('UI: the life of a run (demo, a stand-in okstra that takes its time)', function () {
  let wb;
  let page;

  useDemoWorkbench(
    {
      name: 'run-life',
      shotsDir: resultsDir,
      prepare: (opened) => {
        demoPrepare()(opened);
        // Longer than the tests: a run ends when a test stops it or tells the stand-in to finish (SIGUSR1).
        opened.sandbox.env.OKSTRA_DEMO_SECONDS = '3600';
      },
    },
    (opened) => {
      wb = opened;
      page = opened.page;
    },
    { timeout: 240_000 },
  );

  const statePath = () => path.join(wb.workspace.dir, '.okstra/tasks', `${TASK_KEY}.wizard.json`);
  /** The wizard's `last_run` as its state file records it now (null before the first run). */
  const lastRun = () => {
    try {
      return JSON.parse(fs.readFileSync(statePath(), 'utf8')).last_run ?? null;
    } catch {
      return null;
    }
  };
  const waitForLastRun = (what, test, timeoutMs = 60_000) =>
    waitUntil(() => test(lastRun()), timeoutMs, `last_run ${what} (now ${JSON.stringify(lastRun())})`);

  const pane = (name) => page.locator('.pane', { has: page.locator('.pane-header', { hasText: new RegExp(`^\\s*${name}`) }) });
  const tasksPane = () => pane('Tasks');
  const taskRow = (title) => tasksPane().locator('.monaco-list-row[aria-level="2"]', { hasText: title }).first();
  const runRow = (text) => tasksPane().locator('.monaco-list-row[aria-level="3"]', { hasText: text }).first();
  const wizardRow = (text) => pane('Wizard').locator('.monaco-list-row', { hasText: text }).first();
  const statusItem = (text) => page.locator('.statusbar-item', { hasText: text }).first();
  /** The text of a row of the Tasks view: its label and its description. */
  const rowText = (row) =>
    row.evaluate(
      (r) => `${r.querySelector('.label-name')?.textContent ?? ''} | ${r.querySelector('.label-description')?.textContent ?? ''}`,
    );

  /** Opens a row of the Tasks view by its twistie (a click on a task's label opens its brief). */
  async function expand(row, text) {
    await row.waitFor();
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.locator('.monaco-tl-twistie').click();
    await wb.waitForExpandedRow(text);
  }

  /** The Tasks view with `title`'s task open (its group first). */
  async function openTask(title) {
    await expand(tasksPane().locator('.monaco-list-row[aria-level="1"]', { hasText: 'payments' }).first(), 'payments');
    await expand(taskRow(title), title);
  }

  /** Checks that an element's text is not cut at the window's size (its box inside the window, its text whole). */
  async function assertWhole(locator, what) {
    const fit = await locator.evaluate((el) => {
      const box = el.getBoundingClientRect();
      // A row's label is cut by its container (an ellipsis): its box then reaches past the container's.
      const container = el.closest('.monaco-icon-label-container')?.getBoundingClientRect();
      const cut = el.scrollWidth > el.clientWidth + 1 || (container !== undefined && box.right > container.right + 0.5);
      return { right: box.right, bottom: box.bottom, width: innerWidth, height: innerHeight, cut };
    });
    assert.ok(fit.right <= fit.width && fit.bottom <= fit.height && !fit.cut, `${what} shows whole: ${JSON.stringify(fit)}`);
  }

  /** Screenshots at both sizes (`prepareAt(size)` lays the views out for each), back to 1280×800 after. */
  async function shotsAtBothSizes(name, prepareAt = async () => undefined) {
    for (const size of SIZES) {
      await wb.resize({ width: size.width, height: size.height });
      await prepareAt(size);
      // The terminal's size (`75 x 11`), shown for a moment after a resize, gone (it would cover the output).
      await page.waitForFunction(
        () =>
          ![...document.querySelectorAll('.part.panel *')].some(
            (e) =>
              e.children.length === 0 &&
              /^\d+ x \d+$/.test(e.textContent?.trim() ?? '') &&
              e.getClientRects().length > 0 &&
              getComputedStyle(e).visibility !== 'hidden' &&
              Number(getComputedStyle(e).opacity) > 0,
          ),
        null,
        { timeout: 10_000 },
      );
      await wb.shot(`run-life-${name}${size.suffix}.png`);
    }
    await wb.resize({ width: 1280, height: 800 });
  }

  /** The mouse away from the rows (a hovered row shows its actions, which take room from its text). */
  async function mouseAway() {
    await page.mouse.move(700, 250);
    await page.waitForFunction(() => document.querySelector('.part.sidebar .monaco-list-row:hover') === null);
  }

  /** The confirm prompt of the wizard (Show Confirmation), then Run, its default. */
  async function runFromConfirmation() {
    await wb.palette('okstra: Show Confirmation');
    // The palette's first row until the filter is applied is the most recently used command (after a reload,
    // Developer: Reload Window): Enter only once the command is the active row.
    await wb.activeRow('okstra: Show Confirmation');
    await page.keyboard.press('Enter');
    await wb.nextPrompt('');
    await wb.confirmationDocument().waitFor();
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="Run"]').first().click();
  }

  it('a run of the slow stand-in shows as running under its task in the Tasks view and in the status bar', async () => {
    const first = await wb.startRun(TASK_KEY);
    const seen = await wb.answerUntilConfirmation(first);
    assert.equal(seen.confirm[1], 'confirm');
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="Run"]').first().click();
    await waitForLastRun('running with a process id', (r) => r?.status === 'running' && Number.isInteger(r.pid));
    // The status bar says it runs, and the Tasks view marks the task and lists the run first under it.
    await statusItem(`okstra: ${TASK_KEY} — running`).waitFor();
    await openTask(TASK_TITLE);
    await tasksPane().locator('.monaco-list-row[aria-level="2"]', { hasText: TASK_TITLE }).filter({ hasText: 'running' }).first().waitFor();
    const running = runRow('running');
    await running.waitFor();
    const runs = await tasksPane()
      .locator('.monaco-list-row[aria-level="3"]')
      .evaluateAll((rows) =>
        rows
          .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
          .map((r) => r.querySelector('.label-description')?.textContent ?? ''),
      );
    assert.match(runs[0] ?? '', /^running/, `the run in progress is the task's first row: ${runs.join(' | ')}`);
    assert.match(await rowText(running), /^implementation-planning \| running/);
    // The Wizard view: the last-run row says it runs, with Stop Run on it.
    await wizardRow('Running for').waitFor();
    await mouseAway();
    await shotsAtBothSizes('01-running', async () => {
      await mouseAway();
      await assertWhole(statusItem(`okstra: ${TASK_KEY} — running`), 'the status bar item');
      await assertWhole(running.locator('.label-name'), "the running row's run type");
    });
  });

  it('Stop Run asks first, then ends okstra and records the run as stopped (the state file and the views)', async () => {
    const running = runRow('running');
    await running.hover();
    await running.locator('.action-label[aria-label="Stop Run"]').click();
    const dialog = wb.dialog();
    await dialog.waitFor();
    assert.match((await dialog.textContent()) ?? '', new RegExp(`Stop the okstra run of ${TASK_KEY}\\?`));
    // Asked first: nothing has ended while the question is open.
    assert.equal(lastRun()?.status, 'running');
    await shotsAtBothSizes('02-stop-asks', () => assertWhole(dialog, 'the Stop Run question'));
    await dialog.locator('.monaco-button', { hasText: 'Stop Run' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForLastRun('stopped', (r) => r?.status === 'stopped');
    const stopped = lastRun();
    assert.equal(stopped.endedBy, 'Stop Run');
    assert.equal(stopped.exitCode, null);
    assert.ok(stopped.endedAt, 'the end is dated');
    // The views say so: the Wizard view's last-run row, the task's mark, the status bar; the run row is gone.
    await wizardRow('Last run: stopped (').waitFor();
    assert.match((await wizardRow('Last run: stopped (').getAttribute('aria-label')) ?? '', /Last run: stopped/);
    await tasksPane().locator('.monaco-list-row[aria-level="2"]', { hasText: TASK_TITLE }).filter({ hasText: 'stopped' }).first().waitFor();
    await statusItem(`okstra: ${TASK_KEY} · stopped`).waitFor();
    await runRow('running').waitFor({ state: 'detached' });
    await mouseAway();
    await shotsAtBothSizes('03-stopped', async () => {
      await mouseAway();
      await assertWhole(wizardRow('Last run: stopped').locator('.label-name'), "the Wizard view's stopped row");
    });
  });

  it('a window reload in the middle of a run keeps it running in the views; its end afterwards is recorded with its exit code and shown', async () => {
    await runFromConfirmation();
    await waitForLastRun('running again', (r) => r?.status === 'running' && Number.isInteger(r.pid) && r.endedAt === undefined);
    const { runId, pid } = lastRun();
    await statusItem(`okstra: ${TASK_KEY} — running`).waitFor();
    const manifestPath = path.join(wb.workspace.dir, '.okstra/tasks', TASK_KEY, 'task-manifest.json');
    const runsBefore = JSON.parse(fs.readFileSync(manifestPath, 'utf8')).runs.length;

    // Developer: Reload Window, as a person reloads.
    await wb.palette('Developer: Reload Window');
    await wb.activeRow('Developer: Reload Window');
    const reloaded = page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame(), timeout: 60_000 });
    await page.keyboard.press('Enter');
    await reloaded;
    await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
    await wb.okstraContainer().waitFor({ timeout: 90_000 });
    // The window shows the okstra view again as before the reload, once it has the extension's views: a click on its
    // icon before then closed the sidebar. Only a window that came back with another view (or none) gets the click.
    const restored = await tasksPane()
      .waitFor({ timeout: 30_000 })
      .then(
        () => true,
        () => false,
      );
    const open = page.locator('.activitybar .action-item.checked a.action-label[aria-label="okstra"]');
    if (!restored && (await open.count()) === 0) await wb.okstraContainer().click();
    // The loaded window judged the run (src/host/runLife.ts judgeRunAfterReload): its task found again, or its
    // process still running; either way it is shown running, never dropped.
    const [judged] = await wb.waitForLog(
      new RegExp(`\\(${runId}\\) found running after the window loaded: (follow-task|watch-process)`),
      1,
      90_000,
    );
    console.log(`      after the reload: ${judged.replace(/^.*found running after the window loaded: /, '')}`);
    assert.equal(lastRun().status, 'running', 'still running after the reload');
    await statusItem(`okstra: ${TASK_KEY} — running`).waitFor();
    await wizardRow('Running for').waitFor();
    await openTask(TASK_TITLE);
    await runRow('running').waitFor();
    await mouseAway();
    await shotsAtBothSizes('04-running-after-reload', async () => {
      await mouseAway();
      await assertWhole(wizardRow('Running for').locator('.label-name'), "the Wizard view's running row");
    });

    // The stand-in finishes now, with exit code 0 (OKSTRA_DEMO_EXIT unset), and records the run in its task.
    process.kill(pid, 'SIGUSR1');
    await waitForLastRun('ended', (r) => r?.status !== 'running');
    const ended = lastRun();
    assert.equal(ended.runId, runId);
    assert.ok(ended.endedAt, 'the end is dated');
    // Its task followed (where VS Code gives a reloaded window its tasks back), or its process watched and its
    // end read from the run wrapper's exit file (code-server): either way the exit code is recorded and shown.
    const how = wb.okstraLogLines().some((l) => l.includes(`(${runId})`) && /follow-task|its task was reconnected/.test(l))
      ? 'its task followed'
      : 'its process watched, the exit code from the exit file';
    console.log(`      the end after the reload: ${how}`);
    assert.equal(ended.status, 'exited', JSON.stringify(ended));
    assert.equal(ended.exitCode, 0, JSON.stringify(ended));
    await statusItem(`okstra: ${TASK_KEY} · exit 0`).waitFor();
    await taskRow(TASK_TITLE).filter({ hasText: 'exit 0' }).waitFor();
    // The exit file is gone once its end is in the state file.
    await waitUntil(() => !fs.existsSync(`${statePath()}.run-${runId}.exit`), 10_000, 'the exit file removed');
    await runRow('running').waitFor({ state: 'detached' });
    // The run okstra recorded is in the task's history.
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    assert.equal(manifest.runs.length, runsBefore + 1, 'the stand-in recorded the run');
    await runRow(manifest.runs.at(-1).taskType).waitFor();
    await mouseAway();
    await shotsAtBothSizes('05-ended-after-reload', async () => {
      await mouseAway();
      await assertWhole(wizardRow('Last run: ').locator('.label-name'), "the Wizard view's last-run row");
    });
  });

  it('two runs of a task selected in the Tasks view → Compare Runs: one document with both runs, differences marked', async () => {
    // The editors closed: the comparison is the one webview.
    await wb.runCommand('View: Close All Editors');
    // The panel (the finished run's terminal) closed: the document has the editor area's height.
    if (await page.locator('.part.panel').isVisible()) {
      await page.locator('.part.editor').click();
      await page.keyboard.press('Control+J'); // View: Toggle Panel Visibility
      await page.locator('.part.panel').waitFor({ state: 'hidden' });
    }
    await page.keyboard.press('Escape');
    await openTask(COMPARED_TITLE);
    // (by name and date: the task run above recorded an implementation-planning run too)
    const planning = runRow(/implementation-planning\s*Nov 7\b/);
    const verification = runRow(/final-verification\s*Nov 13\b/);
    await planning.locator('.label-name').click();
    await verification.locator('.label-name').click({ modifiers: ['Control'] });
    await page.waitForFunction(() => document.querySelectorAll('.part.sidebar .monaco-list-row.selected').length === 2);
    await verification.locator('.label-name').click({ button: 'right' });
    const item = page.locator('.monaco-menu .action-item', { hasText: 'Compare Runs' }).first();
    await item.waitFor();
    // Chosen by the keys on the item the mouse is over (on VS Code 1.100 a click as the menu opens is not taken).
    await wb.settled();
    await item.hover();
    await page.locator('.monaco-menu .action-item.focused', { hasText: 'Compare Runs' }).waitFor();
    await page.keyboard.press('Enter');
    const body = page
      .locator('iframe.webview.ready')
      .first()
      .contentFrame()
      .locator('#active-frame')
      .contentFrame()
      .locator('body', { hasText: 'Runs of payments/partial-refunds compared' });
    await body.locator('table').first().waitFor({ timeout: 30_000 });
    const text = await body.evaluate((b) => b.innerText);
    // Both runs, the older on the left, and what differs marked.
    assert.ok(text.indexOf('2026-11-07-1') >= 0 && text.indexOf('2026-11-07-1') < text.indexOf('2026-11-13-1'), text);
    assert.match(text, /\d+ rows differ \(≠\)\./);
    const marked = await body.evaluate((b) =>
      [...b.querySelectorAll('tr')]
        .filter((tr) => tr.children[0]?.textContent?.trim() === '≠')
        .map((tr) => tr.children[1]?.textContent?.trim()),
    );
    assert.ok(marked.includes('Run type'), `the run type differs and is marked: ${marked.join(', ')}`);
    // The prompt over it offers New Run with This Team.
    await wb.activeRow('New Run with This Team');
    await shotsAtBothSizes('06-compare-runs', async (size) => {
      await mouseAway();
      const box = await page.locator('.quick-input-widget').boundingBox();
      assert.ok(box && box.y + box.height <= size.height, `the prompt fits at ${size.width}×${size.height}`);
    });
    await page.keyboard.press('Escape');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await body.waitFor();
    await shotsAtBothSizes('07-compare-document', mouseAway);
  });
});
