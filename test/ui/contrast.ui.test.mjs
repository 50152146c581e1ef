// UI test of the demo in VS Code's two high-contrast themes, "Default High Contrast" (dark) and "Default High Contrast
// Light", set in the profile's settings before code-server starts (no theme picker, no marketplace): the Tasks and
// Wizard views, a model prompt with rows under "Not available", and the confirmation beside the confirm prompt. It
// checks that the theme is the one the workbench applied and that the text of a Tasks row, of a row that is not
// available and of the confirmation's command line stands out from what is behind it (WCAG contrast at least 4.5:1).
// Screenshots go to test-results/ui/ (contrast-<theme>-*.png).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { demoPrepare, useDemoWorkbench } from './demoWorkbench.mjs';
import { resultsDir } from './workbench.mjs';

/**
 * The contrast ratio (WCAG 2) between an element's text colour and the first opaque background behind it, in the
 * element's own document (the page or the confirmation's webview).
 */
function contrastOf(element) {
  const rgba = (css) => (css.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]) => {
    const lin = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  let node = element;
  let background = [255, 255, 255];
  while (node && node.nodeType === 1) {
    const [r, g, b, a = 1] = rgba(getComputedStyle(node).backgroundColor);
    if (a > 0.9) {
      background = [r, g, b];
      break;
    }
    node = node.parentElement;
  }
  const text = rgba(getComputedStyle(element).color).slice(0, 3);
  const [hi, lo] = [luminance(text), luminance(background)].sort((x, y) => y - x);
  return { ratio: (hi + 0.05) / (lo + 0.05), text: `rgb(${text})`, background: `rgb(${background})` };
}

for (const theme of [
  { name: 'Default High Contrast', id: 'hc-dark', bodyClass: 'hc-black' },
  { name: 'Default High Contrast Light', id: 'hc-light', bodyClass: 'hc-light' },
]) {
  describe(`UI: the demo in the theme "${theme.name}"`, function () {
    let wb;
    let page;
    const shot = (name) => wb.shot(`contrast-${theme.id}-${name}.png`);

    useDemoWorkbench(
      {
        name: `contrast-${theme.id}`,
        shotsDir: resultsDir,
        // Loaded as an installed extension: VS Code 1.13x's smoke-test driver, which loads it from the URL, keeps
        // the workbench in its default theme whatever the settings say.
        installed: true,
        prepare: (opening) => {
          demoPrepare()(opening);
          const settingsFile = path.join(opening.sandbox.userDataDir, 'User', 'settings.json');
          const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8'));
          fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, 'workbench.colorTheme': theme.name }, null, 2));
        },
      },
      (opened) => {
        wb = opened;
        page = opened.page;
      },
    );

    it('the workbench applies the theme; the views read with full contrast', async () => {
      await page.locator(`.monaco-workbench.${theme.bodyClass}`).waitFor();
      // The task's area, opened: its tasks' rows.
      const area = page.locator('.pane-body .monaco-list-row[aria-expanded]', { hasText: 'payments' }).first();
      if ((await area.getAttribute('aria-expanded')) === 'false') await area.locator('.monaco-tl-twistie').click();
      const row = page.locator('.pane-body .monaco-list-row', { hasText: 'Refunds time out under load' }).first();
      await row.waitFor();
      await page.mouse.move(900, 700);
      const label = await row.locator('.label-name').first().evaluate(contrastOf);
      assert.ok(label.ratio >= 4.5, `a Tasks row's title: ${JSON.stringify(label)}`);
      const description = await row.locator('.label-description').first().evaluate(contrastOf);
      assert.ok(description.ratio >= 4.5, `a Tasks row's description: ${JSON.stringify(description)}`);
      await shot('01-views');
    });

    it('a model prompt: the rows under "Not available" and their reasons are readable', async () => {
      let [text, step] = await wb.startRun('payments/currency-rounding');
      for (let i = 0; i < 40 && step !== 'role-model:planner:2'; i++) {
        await page.keyboard.press('Enter');
        [text, step] = await wb.nextPrompt(text);
      }
      assert.equal(step, 'role-model:planner:2');
      const unavailable = page.locator('.quick-input-list .monaco-list-row', { hasText: 'claude/opus-4.5' }).last();
      await unavailable.waitFor();
      const reason = await unavailable.locator('.label-description').first().evaluate(contrastOf);
      assert.ok(reason.ratio >= 4.5, `the reason of a row that is not available: ${JSON.stringify(reason)}`);
      const name = await unavailable.locator('.label-name').first().evaluate(contrastOf);
      assert.ok(name.ratio >= 4.5, `the name of a row that is not available: ${JSON.stringify(name)}`);
      await shot('02-unavailable');
      for (let i = 0; i < 40 && step !== 'confirm'; i++) {
        await page.keyboard.press('Enter');
        [text, step] = await wb.nextPrompt(text);
      }
      assert.equal(step, 'confirm');
    });

    it('the confirmation: its command line stands out in the preview beside the prompt', async () => {
      const command = wb.confirmationDocument().locator('pre').first();
      await command.waitFor();
      const contrast = await command.evaluate(contrastOf);
      assert.ok(contrast.ratio >= 4.5, `the command line: ${JSON.stringify(contrast)}`);
      await shot('03-confirmation');
      await page.keyboard.press('Escape');
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    });
  });
}
