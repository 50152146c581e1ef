// UI test of what the Wizard view and the status bar show after a window (re)load, in the real workbench
// (code-server + chromium), on a copy of the demo, which has an unfinished wizard on disk: the status-bar item
// is there without the okstra view being opened, and the Wizard view shows the wizard's rows (never its welcome)
// as soon as Resume's prompt is up, load after load. Screenshots go to test-results/ui/ (view-state-*.png).
import assert from 'node:assert/strict';
import path from 'node:path';
import { repoRoot } from '../runner/harness.mjs';
import { openWorkbench, resultsDir } from './workbench.mjs';

const demoDir = path.join(repoRoot, 'demo');
const WELCOME = 'No okstra run is being configured here.';

/** The Wizard view's pane (its header reads "Wizard"). */
const wizardPane = (page) => page.locator('.pane', { has: page.locator('.pane-header', { hasText: /^\s*Wizard/ }) });

/** The okstra item of the status bar. */
const statusItem = (page) => page.locator('.statusbar-item', { hasText: 'okstra:' }).first();

/** Reloads the window and waits until the remote extension host has registered the okstra contributions again. */
async function reload(wb) {
  await wb.palette('Developer: Reload Window', 'Developer: Reload Window');
  // The new page's load, then its okstra icon (waited for from before the key, so that no load is missed).
  const loaded = wb.page.waitForEvent('load', { timeout: 60_000 });
  await wb.page.keyboard.press('Enter');
  await loaded;
  await wb.page.locator('.monaco-workbench').waitFor();
  await wb.okstraContainer().waitFor({ timeout: 90_000 });
}

/** Shows the okstra view container (the Wizard view) when it is not showing. */
async function showOkstra(wb) {
  const pane = wizardPane(wb.page);
  if (await pane.isVisible()) return;
  await wb.okstraContainer().click();
  const shown = await pane.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) {
    // A click that lands while the workbench still lays out is read against the old layout: click once more.
    await wb.okstraContainer().click();
    await pane.waitFor();
  }
}

/** Hides the sidebar (the okstra icon toggles it) when the Wizard view shows. */
async function hideSidebar(wb) {
  const pane = wizardPane(wb.page);
  if (!(await pane.isVisible())) return;
  await wb.okstraContainer().click();
  const hidden = await pane.waitFor({ state: 'hidden', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!hidden) {
    await wb.okstraContainer().click();
    await pane.waitFor({ state: 'hidden' });
  }
}

/** Resume Wizard from the palette, the list of unfinished wizards answered with its first row; returns the prompt. */
async function resumeFromPalette(wb) {
  await wb.palette('okstra: Resume Wizard', 'okstra: Resume Wizard');
  await wb.page.keyboard.press('Enter');
  let [title, step] = await wb.nextPrompt('');
  if (/Resume Wizard/.test(title)) {
    await wb.page.keyboard.press('Enter');
    [title, step] = await wb.nextPrompt(title);
  }
  return [title, step];
}

describe('UI: the Wizard view and the status bar after a reload (demo)', function () {
  let wb;
  let page;

  before(async function () {
    this.timeout(240_000);
    // The okstra view is not opened: the status-bar item must come without it.
    wb = await openWorkbench({ name: 'view-state', from: demoDir, workspacePrefix: 'okstra-vs-', shotsDir: resultsDir, openOkstra: false });
    page = wb.page;
  });
  afterEach(async function () {
    await wb?.reportFailure(this.currentTest);
  });
  after(async () => {
    await wb?.close();
  });

  it('a paused wizard has its status-bar item after a (re)load, without the okstra view being opened', async function () {
    this.timeout(240_000);
    assert.equal(await wizardPane(page).isVisible(), false, 'the okstra view is not shown');
    await statusItem(page).waitFor({ timeout: 30_000 });
    assert.match((await statusItem(page).textContent()) ?? '', /okstra: payments\/refund-timeout/);
    await reload(wb);
    assert.equal(await wizardPane(page).isVisible(), false, 'the okstra view is still not shown');
    await statusItem(page).waitFor({ timeout: 30_000 });
    await wb.shot('view-state-01-status-bar.png');
  });

  it('the Wizard view shows the wizard (never its welcome) while Resume’s prompt is open, load after load', async function () {
    this.timeout(600_000);
    for (let load = 1; load <= 6; load++) {
      // Every other load starts with the okstra view hidden: it is shown once the prompt is up.
      const hiddenAtLoad = load % 2 === 0;
      if (hiddenAtLoad) await hideSidebar(wb);
      else await showOkstra(wb);
      await reload(wb);
      if (!hiddenAtLoad) await showOkstra(wb);
      // With the view hidden the person resumes from the status-bar item (it is there after a load: the first test).
      let step;
      if (hiddenAtLoad) {
        await statusItem(page).click();
        [, step] = await wb.nextPrompt('');
      } else [, step] = await resumeFromPalette(wb);
      assert.ok(step, `load ${load}: a wizard prompt is open`);
      if (hiddenAtLoad) await showOkstra(wb);
      const pane = wizardPane(page);
      // The prompt is open and unanswered: the view must show the loaded wizard's rows now.
      await pane.locator('.monaco-list-row').first().waitFor({ timeout: 15_000 });
      assert.equal(await pane.locator('.welcome-view-content', { hasText: WELCOME }).isVisible(), false, `load ${load}: no welcome`);
      if (load === 1) await wb.shot('view-state-02-wizard-view-1280.png');
      await page.keyboard.press('Escape');
    }
  });
});
