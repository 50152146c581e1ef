// UI test of what a person met on the fourth walk through the demo, in the real workbench (code-server + chromium):
// the keys typed at the confirm prompt stay in its filter box (a Space never starts Run), and what a screen reader
// hears of the prompts' rows. Screenshots go to test-results/ui/ (walk4-*.png).
import assert from 'node:assert/strict';
import { useDemoWorkbench } from './demoWorkbench.mjs';
import { resultsDir } from './workbench.mjs';

/** Where the keyboard is, in words: the prompt's filter box, its list, a webview, or another element. */
const focusIs = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'nothing';
    if (el.closest('.quick-input-widget .quick-input-box')) return 'filter box';
    if (el.closest('.quick-input-widget .quick-input-list')) return 'list';
    if (el.tagName === 'IFRAME') return 'webview';
    return `${el.tagName.toLowerCase()}.${el.className}`;
  });

describe('UI: the fourth walk (demo, 1280×800)', function () {
  let wb;
  let page;

  useDemoWorkbench(
    { name: 'walk4', shotsDir: resultsDir },
    (opened) => {
      wb = opened;
      page = opened.page;
    },
    { timeout: 240_000 },
  );

  /** The accessible labels of the rows of the okstra views (the Wizard view and the Tasks view). */
  const viewRows = () =>
    page.locator('.part.sidebar .pane-body .monaco-list-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
  /** The okstra status-bar item's accessible label. */
  const statusLabel = () =>
    page.evaluate(
      () =>
        [...document.querySelectorAll('.statusbar-item [aria-label]')]
          .map((e) => e.getAttribute('aria-label') ?? '')
          .find((l) => l.includes('okstra:')) ?? '',
    );
  const ICON_IDS = /star-full|circle-slash|list-ordered|organization|\bcopy\b|\bplay\b/;
  let confirmTitle = '';

  it('what a screen reader hears: the rows in words with their state, no icon ids', async () => {
    const first = await wb.startRun('payments/currency-rounding');
    const heard = { evidence: [], models: [] };
    const seen = await wb.answerUntilConfirmation(first, {
      evidence: async () => {
        await page.locator('.part.sidebar .monaco-list-row[aria-label="Evidence, current"]').waitFor();
        heard.evidence = await viewRows();
        await page.keyboard.press('Enter');
      },
      'role-model:planner:2': async () => {
        heard.models = await wb.pickRows();
        await wb.shot('walk4-02-models-not-available.png');
        await page.keyboard.press('Enter');
      },
    });
    confirmTitle = seen.confirm[0];
    assert.equal(seen.confirm[1], 'confirm');
    // The Wizard view: each answer as its row shows it, the current step with its state.
    assert.ok(heard.evidence.includes("Brief = The task's brief"), heard.evidence.join(' | '));
    assert.ok(heard.evidence.includes('Evidence, current'), heard.evidence.join(' | '));
    assert.ok(!heard.evidence.some((l) => /^[a-z][a-z-]*: /.test(l) || l === ''), heard.evidence.join(' | '));
    // Every model that cannot be chosen says so, not only the first after the separator.
    const unavailable = heard.models.filter((l) => /is already|different providers|too few|no complete set/.test(l));
    assert.ok(unavailable.length > 1, heard.models.join(' | '));
    for (const l of unavailable) assert.match(l, /Not available: /, l);
    // The confirmation's rows, the views and the status bar: words, no codicon ids.
    const confirmRows = await wb.pickRows();
    assert.ok(
      confirmRows.some((l) => /^Run, default/.test(l)),
      confirmRows.join(' | '),
    );
    assert.ok(
      confirmRows.some((l) => /^Copy Command Line/.test(l)),
      confirmRows.join(' | '),
    );
    const all = [...heard.models, ...confirmRows, ...(await viewRows()), await statusLabel()];
    assert.deepEqual(
      all.filter((l) => ICON_IDS.test(l)),
      [],
    );
    console.log(`      heard at Confirm: ${confirmRows.join(' | ')} · status bar: ${await statusLabel()}`);
  });

  it('at the confirm prompt, typing "Save these agents" and Space filters the rows and runs nothing', async () => {
    const title = confirmTitle;
    // The moment the keyboard used to leave the box: the document beside the prompt is open and rendered.
    await wb.waitForLog(/the confirmation document is open/);
    await wb.confirmationDocument().locator('table').first().waitFor();
    assert.equal(await focusIs(page), 'filter box', 'the keyboard is in the filter box once the confirmation shows');
    const box = page.locator('.quick-input-widget .quick-input-box input');
    await page.keyboard.type('Save these agents');
    await page.keyboard.press('Space');
    await page.keyboard.type('x');
    // Every key went into the box: the Space too (had it accepted a row, the prompt would be gone with the x).
    await page.waitForFunction(
      () => document.querySelector('.quick-input-widget .quick-input-box input')?.value === 'Save these agents x',
      null,
      { timeout: 10_000 },
    );
    assert.equal(await box.inputValue(), 'Save these agents x');
    assert.equal(await wb.title().textContent(), title, 'the confirm prompt is still open');
    await wb.shot('walk4-01-confirm-typed.png');
    assert.deepEqual(
      wb.okstraLogLines().filter((l) => /run in |run as task|confirm: run/.test(l)),
      [],
      'nothing ran',
    );
    // The filter box is cleared, and a deliberate Enter on Run is what runs.
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'Run' }).waitFor();
    await page.keyboard.press('Enter');
    await wb.waitForLog(/run in |run as task/);
  });
});
