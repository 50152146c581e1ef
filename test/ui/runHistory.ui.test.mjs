// UI test of a task's run history in the Tasks view, on a copy of the demo: a task with runs opens on them, newest
// first, each with its date, run type, the team it used and its outcome; Open Run Folder shows the run's folder in
// the Explorer; New Run with This Team starts the wizard on the task with that run's team as team-pick's default.
// Screenshots: docs/images/tasks-02-run-history*.png (README), made under test-results/screenshots/ (workbench.mjs).
import assert from 'node:assert/strict';
import { useDemoWorkbench } from './demoWorkbench.mjs';

const TASK = 'Refund single items of a multi-item order'; // payments/partial-refunds: three runs, the planning one by usual-panel

describe('UI: the run history of a task in the Tasks view (demo)', function () {
  let wb;
  let page;

  const tasksPane = () => page.locator('.pane', { has: page.locator('.pane-header', { hasText: /^\s*Tasks/ }) });
  const row = (text) => tasksPane().locator('.monaco-list-row', { hasText: text }).first();
  const runRow = (text) => tasksPane().locator('.monaco-list-row[aria-level="3"]', { hasText: text }).first();

  /** Opens a row of the Tasks view by its twistie (a click on a task's label opens its brief). */
  async function expand(text) {
    const r = row(text);
    await r.waitFor();
    if ((await r.getAttribute('aria-expanded')) !== 'true') await r.locator('.monaco-tl-twistie').click();
    await wb.waitForExpandedRow(text);
  }

  /** The texts of the run rows shown (level 3: group, task, run), top to bottom. */
  const runTexts = () =>
    tasksPane()
      .locator('.monaco-list-row[aria-level="3"]')
      .evaluateAll((rows) =>
        rows
          .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
          .map((r) => `${r.querySelector('.label-name')?.textContent ?? ''} | ${r.querySelector('.label-description')?.textContent ?? ''}`),
      );

  useDemoWorkbench({ name: 'run-history' }, (opened) => {
    wb = opened;
    page = wb.page;
  });

  it('a task with runs opens on them, newest first, each with its type, date, team and outcome', async () => {
    await tasksPane().waitFor();
    // The Wizard view collapsed: the Tasks view has the sidebar.
    await page.locator('.pane-header', { hasText: /^\s*Wizard/ }).click();
    await expand('payments');
    await expand(TASK);
    await runRow('implementation-planning').waitFor();
    const texts = await runTexts();
    assert.equal(texts.length, 3, texts.join('\n'));
    assert.match(
      texts[0],
      /^final-verification \| Nov 13(, 2026)? {2}· {2}leader opus-4\.5 · 2 verifiers · report-writer {2}· {2}verified$/,
    );
    assert.match(
      texts[1],
      /^implementation \| Nov 10(, 2026)? {2}· {2}leader opus-4\.5 · implementer · critic · report-writer {2}· {2}stage-done$/,
    );
    // The planning run's agents are those of the project's team usual-panel: named so.
    assert.match(texts[2], /^implementation-planning \| Nov 7(, 2026)? {2}· {2}usual-panel {2}· {2}approved$/);
    // At the default width the label (the run type) is never cut: the description gives way.
    // (the mouse away from the rows: a hovered row shows its actions, which take room from the label)
    await page.mouse.move(700, 600);
    await page.waitForFunction(() => document.querySelector('.monaco-list-row:hover') === null);
    await wb.settled();
    for (const name of ['final-verification', 'implementation-planning']) {
      const fit = await runRow(name).evaluate((el) => {
        const label = el.querySelector('.label-name').getBoundingClientRect().right;
        const box = el.querySelector('.monaco-icon-label-container').getBoundingClientRect().right;
        return { label, box };
      });
      assert.ok(fit.label <= fit.box + 0.5, `the label ${name} fits: ${JSON.stringify(fit)}`);
    }
    // For the picture, the sidebar is widened so that the descriptions show whole.
    await wb.widenSidebar(700);
    // The tooltip has every detail: the run id and each role's models.
    await page.mouse.move(900, 600);
    await runRow('implementation-planning').locator('.label-name').hover();
    const hover = page.locator('.monaco-hover', { hasText: '2026-11-07-1' }).first();
    await hover.waitFor({ timeout: 10_000 });
    assert.match((await hover.textContent()) ?? '', /planner: codex\/gpt-5\.1-codex, antigravity\/gemini-3-pro/);
    await wb.shot('tasks-02-run-history.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.mouse.move(900, 600);
    await wb.widenSidebar(600);
    await page.mouse.move(900, 600);
    await runRow('implementation-planning').locator('.label-name').hover();
    await hover.waitFor({ timeout: 10_000 });
    await wb.shot('tasks-02-run-history-1024x768.png');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.mouse.move(900, 600);
  });

  it('Open Run Folder on a run row shows runs/<run-id> in the Explorer', async () => {
    const r = runRow('implementation-planning');
    await r.hover();
    await r.locator('.action-label[aria-label="Open Run Folder"]').click();
    const explorer = page.locator('.explorer-folders-view');
    await explorer.locator('.monaco-list-row.selected', { hasText: '2026-11-07-1' }).waitFor({ timeout: 20_000 });
    // Back to the okstra view.
    await wb.okstraContainer().click();
    await runRow('implementation-planning').waitFor();
  });

  it('New Run with This Team starts the wizard on the task with that run’s team as team-pick’s default', async () => {
    const r = runRow('implementation-planning');
    await r.hover();
    await r.locator('.action-label[aria-label="New Run with This Team"]').click();
    let [text, step] = await wb.nextPrompt('');
    assert.equal(step, 'task-type', 'the row answered task-pick');
    // The run's type is the default (without the row's, the task's next phase would be: release-handoff).
    const focusedType = await page.locator('.quick-input-list .monaco-list-row.focused').first().getAttribute('aria-label');
    assert.match(focusedType ?? '', /implementation-planning/);
    for (let i = 0; i < 30 && step !== 'team-pick'; i++) {
      await page.keyboard.press('Enter');
      [text, step] = await wb.nextPrompt(text);
    }
    assert.equal(step, 'team-pick', text);
    const focused = await page.locator('.quick-input-list .monaco-list-row.focused').first().getAttribute('aria-label');
    assert.match(focused ?? '', /usual-panel/, (await wb.pickRows()).join(' | '));
    await page.keyboard.press('Escape');
  });
});
