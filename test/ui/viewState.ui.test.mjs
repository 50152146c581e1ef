// UI test of what the Wizard view and the status bar show after a window (re)load, in the real workbench
// (code-server + chromium), on a copy of the demo, which has an unfinished wizard on disk: the status-bar item
// is there without the okstra view being opened, and the Wizard view shows the wizard's rows (never its welcome)
// as soon as Resume's prompt is up, load after load; in a workspace of two folders both name the wizard's folder; a
// New Run left at its first prompt by a reload (its task not chosen, the wizard in workspace storage) has its item too.
// Screenshots (1280×800 and 1024×768) go to test-results/ui/ (view-state-*.png).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../runner/harness.mjs';
import { demoDir, demoPrepare, useDemoWorkbench } from './demoWorkbench.mjs';
import { openWorkbench, resultsDir } from './workbench.mjs';

const WELCOME = 'No okstra run is being configured here.';

/** The Wizard view's pane (its header reads "Wizard"). */
const wizardPane = (page) => page.locator('.pane', { has: page.locator('.pane-header', { hasText: /^\s*Wizard/ }) });

/** The okstra item of the status bar. */
const statusItem = (page) => page.locator('.statusbar-item', { hasText: 'okstra:' }).first();

/** Sets the window's size and waits until the workbench has laid itself out for it (its status bar spans it). */
async function resize(page, width, height) {
  await page.setViewportSize({ width, height });
  // The workbench lays out on the window's resize event (not always sent to a page whose prompt has the keys).
  await page.evaluate(() => window.dispatchEvent(new Event('resize')));
  await page.waitForFunction(
    ([w, h]) => {
      const bar = document.querySelector('.part.statusbar')?.getBoundingClientRect();
      return bar !== undefined && Math.round(bar.width) === w && Math.round(bar.bottom) === h;
    },
    [width, height],
  );
}

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

/** Reloads the page (the browser's reload: the window is closed and opened again, whatever prompt is open). */
async function reloadPage(wb) {
  await wb.page.reload();
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

  // The okstra view is not opened: the status-bar item must come without it.
  useDemoWorkbench(
    { name: 'view-state', workspacePrefix: 'okstra-vs-', shotsDir: resultsDir, openOkstra: false },
    (opened) => {
      wb = opened;
      page = wb.page;
    },
    { timeout: 240_000 },
  );

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

describe('UI: the Wizard view and the status bar in a workspace of two folders', function () {
  let wb;
  let page;

  before(async function () {
    this.timeout(240_000);
    wb = await openWorkbench({
      name: 'view-state-mr',
      from: path.join(repoRoot, 'test/fixtures/vscode-multi-root'),
      workspacePrefix: 'okstra-vs-mr-',
      workspaceFile: 'okstra-multi-root.code-workspace',
      shotsDir: resultsDir,
      openOkstra: false,
      // alpha is the demo, with its paused wizard; beta has one task and no wizard.
      prepare: ({ workspace }) => {
        fs.cpSync(demoDir, path.join(workspace.dir, 'alpha'), { recursive: true, force: true });
        const task = path.join(workspace.dir, 'beta/.okstra/tasks/board-b/two');
        fs.mkdirSync(task, { recursive: true });
        const manifest = { taskKey: 'board-b/two', taskGroup: 'board-b', taskId: 'two', title: 'Beta two' };
        fs.writeFileSync(path.join(task, 'task-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      },
    });
    page = wb.page;
  });
  afterEach(async function () {
    await wb?.reportFailure(this.currentTest);
  });
  after(async () => {
    await wb?.close();
  });

  it("names the wizard's folder in the status-bar item and in the Wizard view's title row; folder rows count groups", async function () {
    this.timeout(240_000);
    await statusItem(page).waitFor({ timeout: 30_000 });
    await page.locator('.statusbar-item', { hasText: 'okstra: alpha · payments/refund-timeout' }).first().waitFor();
    await showOkstra(wb);
    const header = wizardPane(page).locator('.pane-header');
    await header.locator('.description', { hasText: 'alpha' }).waitFor();
    await wizardPane(page).locator('.monaco-list-row').first().waitFor();
    // The Tasks view's folder rows say what their count counts.
    await page.locator('.monaco-list-row', { hasText: 'alpha' }).locator('.label-description', { hasText: '3 groups' }).waitFor();
    await page.mouse.move(800, 600); // the okstra icon's hover would cover the rows
    await wb.shot('view-state-04-multi-root-1280.png');
    await resize(page, 1024, 768);
    await wb.shot('view-state-05-multi-root-1024.png');
  });
});

describe('UI: the Wizard view and the status bar at 1024×768 (demo)', function () {
  let wb;

  useDemoWorkbench(
    { name: 'view-state-1024', workspacePrefix: 'okstra-vs-', shotsDir: resultsDir, viewport: { width: 1024, height: 768 } },
    (opened) => (wb = opened),
    { timeout: 240_000 },
  );

  it("shows the paused wizard's rows and its status-bar item with Resume's prompt open", async function () {
    this.timeout(120_000);
    await statusItem(wb.page).waitFor({ timeout: 30_000 });
    await resumeFromPalette(wb);
    await wizardPane(wb.page).locator('.monaco-list-row').first().waitFor();
    await wb.shot('view-state-03-wizard-view-1024.png');
  });
});

describe('UI: the status bar after a reload, a New Run left at its first prompt (demo without a wizard on disk)', function () {
  let wb;
  let page;

  useDemoWorkbench(
    {
      name: 'view-state-notask',
      workspacePrefix: 'okstra-vs-nt-',
      shotsDir: resultsDir,
      openOkstra: false,
      // No state file: the only wizard is the one New Run keeps in workspace storage until its task is chosen.
      prepare: (opening) => {
        demoPrepare()(opening);
        fs.rmSync(path.join(opening.workspace.dir, '.okstra/tasks/payments/refund-timeout.wizard.json'));
      },
    },
    async (opened) => {
      wb = opened;
      page = wb.page;
      await wb.okstraContainer().waitFor({ timeout: 90_000 });
    },
    { timeout: 240_000 },
  );

  it('has its status-bar item after the window is reloaded with the task list open, without the okstra view', async function () {
    this.timeout(240_000);
    await wb.palette('okstra: New Run', 'okstra: New Run…');
    await page.keyboard.press('Enter');
    const [, step] = await wb.nextPrompt('');
    assert.equal(step, 'task-pick');
    await page.locator('.statusbar-item', { hasText: 'okstra: demo — ' }).first().waitFor();
    // The window is closed and opened again with the prompt open (not Escape, which drops the new wizard).
    await reloadPage(wb);
    assert.equal(await wizardPane(page).isVisible(), false, 'the okstra view is not shown');
    await statusItem(page).waitFor({ timeout: 30_000 });
    assert.match((await statusItem(page).textContent()) ?? '', /okstra: demo — .+ \(1 of \d+\)/);
    await wb.shot('view-state-06-no-task-status-bar.png');
    // The item resumes it: the task list again.
    await statusItem(page).click();
    const [title, again] = await wb.nextPrompt('');
    if (/Resume Wizard/.test(title)) {
      await page.keyboard.press('Enter');
      assert.equal((await wb.nextPrompt(title))[1], 'task-pick');
    } else assert.equal(again, 'task-pick');
  });
});

describe('UI: a Wizard view collapsed when the window loads, expanded while a prompt is open (demo)', function () {
  let wb;
  let page;

  useDemoWorkbench(
    { name: 'view-state-collapsed', workspacePrefix: 'okstra-vs-c-', shotsDir: resultsDir },
    (opened) => {
      wb = opened;
      page = wb.page;
    },
    { timeout: 240_000 },
  );

  /** The Wizard view's header, and whether its pane is expanded. */
  const header = () => wizardPane(page).locator('.pane-header');
  const expanded = async () => (await header().getAttribute('aria-expanded')) === 'true';

  it("shows the wizard's rows when first expanded, load after load (they were drawn blank until the workbench laid the sidebar out again for another reason)", async function () {
    this.timeout(300_000);
    for (const resumeFirst of [true, false, true]) {
      await header().waitFor({ timeout: 90_000 });
      if (await expanded()) await header().click();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.pane-header')].some(
          (h) => /^\s*Wizard/.test(h.textContent ?? '') && h.getAttribute('aria-expanded') === 'false',
        ),
      );
      await reload(wb);
      await header().waitFor({ timeout: 30_000 });
      // Expanded while Resume's prompt is open, or after it was closed (the wizard stays loaded).
      const [, step] = await resumeFromPalette(wb);
      assert.ok(step, 'a wizard prompt is open');
      if (!resumeFirst) {
        await page.keyboard.press('Escape');
        await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
      }
      await header().click();
      await wizardPane(page).locator('.monaco-list-row').first().waitFor({ timeout: 10_000 });
      assert.equal(await wizardPane(page).locator('.welcome-view-content', { hasText: WELCOME }).isVisible(), false, 'no welcome');
      if (resumeFirst) await wb.shot('view-state-07-expanded-after-load.png');
      await page.keyboard.press('Escape');
    }
  });
});
