// UI test of the rest of what a person met on the fourth walk through the demo, in the real workbench (code-server +
// chromium): typing a task's word in the task picker takes the task whose key holds it, and Reuse a previous run shows
// each run as the Tasks view does. Screenshots go to test-results/ui/ (walk5-*.png).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { useDemoWorkbench } from './demoWorkbench.mjs';
import { resultsDir } from './workbench.mjs';

describe('UI: the fourth walk, the rest (demo, 1280×800)', function () {
  let wb;
  let page;

  useDemoWorkbench(
    { name: 'walk5', shotsDir: resultsDir },
    (opened) => {
      wb = opened;
      page = opened.page;
    },
    { timeout: 240_000 },
  );

  it("typing a task's word in the task picker makes the task whose key holds it the active row", async () => {
    // A newer task whose title holds the word: the picker's first row and its default.
    const manifest = path.join(wb.workspace.dir, '.okstra/tasks/ledger/fx-rate-cache/task-manifest.json');
    const m = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    fs.writeFileSync(
      manifest,
      JSON.stringify({ ...m, title: 'Cache currency FX rates per settlement day', updatedAt: '2099-01-01T00:00:00Z' }),
    );
    await wb.palette('okstra: New Run', 'okstra: New Run…');
    await page.keyboard.press('Enter');
    await wb.nextPrompt('');
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'ledger/fx-rate-cache' }).waitFor();
    await page.keyboard.type('currency');
    await wb.activeRow('payments/currency-rounding');
    // VS Code's own filter puts the key's match first (the label is the key, the title is on the detail line).
    await wb.shot('walk5-01-task-picker-typed.png');
    await page.keyboard.press('Escape');
  });

  it('Reuse a previous run: the run with its type, date, team and outcome; the path on the detail line', async () => {
    const first = await wb.startRun('payments/currency-rounding');
    assert.equal(first[1], 'task-type');
    await page.keyboard.type('error-analysis');
    await wb.activeRow('error-analysis');
    await page.keyboard.press('Enter');
    const [, step] = await wb.nextPrompt(first[0]);
    assert.equal(step, 'reuse-previous');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'accepted' }).first().waitFor();
    const rows = await wb.pickRows();
    await wb.shot('walk5-02-reuse-previous.png');
    assert.ok(
      rows.some((r) => /error-analysis.*Nov 16.*accepted/.test(r)),
      rows.join(' | '),
    );
    assert.ok(!rows.some((r) => /Reuse run/.test(r)), rows.join(' | '));
    await page.keyboard.press('Escape');
  });

  it('New Run on a Tasks row, then Enter after Enter: the keyboard stays with the prompts, never back in the view (W3)', async () => {
    const tasksPane = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /^\s*Tasks/ }) });
    const row = (text) => tasksPane.locator('.monaco-list-row', { hasText: text }).first();
    await row('payments').waitFor();
    if ((await row('payments').getAttribute('aria-expanded')) !== 'true') await row('payments').click();
    await wb.waitForExpandedRow('payments');
    // The click on the row's action puts the keyboard in the view; the first prompt takes it from there.
    const task = row('partial-refunds');
    await task.hover();
    await task.locator('.action-label[aria-label="New Run for This Task"]').click();
    let [text, step] = await wb.nextPrompt('');
    assert.notEqual(step, 'task-pick');
    // From now on, every place the keyboard goes outside the prompts (a prompt closed before the next one showed: the
    // workbench gave the keys back to the view's row, where an Enter went nowhere).
    await page.evaluate(() => {
      window.__okstraAway = [];
      document.addEventListener(
        'focusin',
        (e) => {
          const el = e.target;
          if (el instanceof Element && !el.closest('.quick-input-widget')) window.__okstraAway.push(`${el.tagName}.${el.className}`);
        },
        true,
      );
    });
    const seen = [step];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Enter');
      [text, step] = await wb.nextPrompt(text);
      seen.push(step);
    }
    const away = await page.evaluate(() => window.__okstraAway);
    console.log(`      ${seen.join(' → ')}; the keyboard went elsewhere ${away.length} times`);
    assert.deepEqual(away, [], 'the keyboard left the prompts');
    await page.keyboard.press('Escape');
  });
});
