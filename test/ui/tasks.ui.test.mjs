// UI test of the Tasks view and the Getting Started walkthrough's pictures, on a copy of the demo the way
// `npm start` serves it (code-server, the stand-ins first on PATH): the view's groups and rows, New Run from a row
// (task-pick answered by the row), the prompts answered, Run, the row's exit code and unfinished-wizard mark, the
// filter, and the CLI in a terminal. Screenshots: docs/images/tasks-*.png (README) and media/walkthrough/*.png
// (the walkthrough's steps, shipped in the vsix), made under test-results/screenshots/ (workbench.mjs docsShotsDir).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../runner/harness.mjs';
import { demoPrepare, useDemoWorkbench } from './demoWorkbench.mjs';
import { docsShotsDir } from './workbench.mjs';

const walkthroughDir = docsShotsDir('media/walkthrough');

describe('UI: the Tasks view and the walkthrough pictures (demo)', function () {
  let wb;
  let page;

  const tasksPane = () => page.locator('.pane', { has: page.locator('.pane-header', { hasText: /^\s*Tasks/ }) });
  const taskRow = (text) => tasksPane().locator('.monaco-list-row', { hasText: text }).first();

  /**
   * A walkthrough picture: the part of the 1280×800 window the step is about, not the whole window. The walkthrough
   * shows its picture in about half of the editor area (some 600 px wide): a whole window there was too small to read.
   */
  const PICTURE_AREAS = {
    view: { x: 0, y: 0, width: 880, height: 400 }, // the okstra view, widened so that a row's phase shows
    prompt: { x: 290, y: 0, width: 700, height: 400 }, // a QuickPick at the top of the window
    confirmation: { x: 290, y: 0, width: 990, height: 640 }, // the confirm prompt and the document beside it
  };
  async function walkthroughShot(name, area) {
    await wb.settled();
    fs.mkdirSync(walkthroughDir, { recursive: true });
    const file = path.join(walkthroughDir, name);
    const clip = area === 'panel' ? await page.locator('.part.panel').boundingBox() : PICTURE_AREAS[area];
    await page.screenshot({ path: file, clip: clip ?? undefined });
    console.log(`      screenshot ${path.relative(repoRoot, file)}`);
  }

  async function expandGroup(name) {
    const row = taskRow(name);
    await row.waitFor();
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
    await wb.waitForExpandedRow(name);
  }

  const paletteRun = (command) => wb.runCommand(command);

  useDemoWorkbench(
    {
      name: 'tasks',
      prepare: ({ sandbox, workspace: copy }) => {
        // The walkthrough's agents picture shows the CLI as a person types it: `okstra-wizard` (a shim to this
        // checkout's dist/cli.js) at a plain prompt, not the paths of the machine the pictures were taken on.
        const bin = path.join(sandbox.dir, 'bin');
        fs.mkdirSync(bin);
        fs.writeFileSync(
          path.join(bin, 'okstra-wizard'),
          `#!/bin/sh\nexec "${process.execPath}" "${path.join(repoRoot, 'dist', 'cli.js')}" "$@"\n`,
        );
        fs.chmodSync(path.join(bin, 'okstra-wizard'), 0o755);
        fs.mkdirSync(path.join(copy.dir, '.vscode'), { recursive: true });
        fs.writeFileSync(
          path.join(copy.dir, '.vscode', 'settings.json'),
          JSON.stringify({
            'terminal.integrated.profiles.linux': {
              plain: { path: 'bash', args: ['--norc', '--noprofile'], env: { PS1: 'acme-payments $ ' } },
            },
            'terminal.integrated.defaultProfile.linux': 'plain',
          }),
        );
        // The demo's stand-ins first on PATH, and the shim before them.
        demoPrepare()({ sandbox, workspace: copy });
        sandbox.env.PATH = `${bin}${path.delimiter}${sandbox.env.PATH}`;
      },
    },
    (opened) => {
      wb = opened;
      page = wb.page;
    },
  );

  it("shows the demo's task groups and, expanded, a row per task with its phase, next phase and verdict", async () => {
    await tasksPane().waitFor();
    // Wider sidebar, so that a row's description (phase, next phase, verdict, wizard, exit code) shows.
    await wb.widenSidebar(880);
    for (const g of ['checkout', 'ledger', 'payments']) await expandGroup(g);
    const timeout = taskRow('Refunds time out under load');
    await timeout.waitFor();
    const text = (await timeout.textContent()) ?? '';
    assert.match(text, /error-analysis/);
    assert.match(text, /verdict: revision-requested/);
    // The demo's legacy wizard is unfinished: its mark names the step it stopped at.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.monaco-list-row')].some((r) => /Refunds time out under load.*wizard at /.test(r.textContent ?? '')),
    );
    // In words, as the prompt's title names it (it showed the step's id, `role-add:critic`), and a count that fits.
    const at = /wizard at (.+?) \((\d+) of (\d+)\)/.exec((await timeout.textContent()) ?? '');
    assert.ok(at, await timeout.textContent());
    assert.doesNotMatch(at[1], /^[a-z]+(-[a-z]+)*(:[a-z-]+)?$/, `a step id: ${at[1]}`);
    assert.ok(Number(at[2]) >= 1 && Number(at[2]) <= Number(at[3]), at[0]);
    assert.match((await taskRow('Move slow PSP refunds').textContent()) ?? '', /next: final-verification \(pending\)/);
    await walkthroughShot('open-view.png', 'view');
  });

  it('New Run on a row starts the wizard with that task picked, and the prompts go on to Run', async () => {
    const row = taskRow('JPY and KRW refunds');
    await row.hover();
    await row.locator('.action-label[aria-label="New Run for This Task"]').click();
    let [text, step] = await wb.nextPrompt('');
    assert.notEqual(step, 'task-pick', 'the row answered task-pick');
    assert.match(text, /payments\/currency-rounding/);
    await walkthroughShot('start-run.png', 'prompt');
    let roleShot = false;
    for (let i = 0; i < 40 && step !== 'confirm'; i++) {
      if (!roleShot && step.startsWith('role-model')) {
        await walkthroughShot('answer-prompts.png', 'prompt');
        roleShot = true;
      }
      await page.keyboard.press('Enter');
      [text, step] = await wb.nextPrompt(text);
    }
    assert.ok(roleShot, 'a role-model prompt was shown');
    // The confirm step is the one confirmation: its document beside the prompt, Run its default.
    assert.match(await wb.confirmationText(), /# \S+ · payments\/currency-rounding/);
    await walkthroughShot('run.png', 'confirmation');
    await page.keyboard.press('Enter'); // Run
    await wb.notification('finished (exit code 0)', 60_000);
    await wb.closeNotifications();
    // The row follows the state file: the last run's exit code.
    await page.waitForFunction(
      () => [...document.querySelectorAll('.monaco-list-row')].some((r) => /JPY and KRW refunds.*exit 0/.test(r.textContent ?? '')),
      null,
      { timeout: 30_000 },
    );
  });

  it('the row of an unfinished wizard offers Resume; the view as the README shows it', async () => {
    await paletteRun('Notifications: Clear All Notifications');
    await paletteRun('View: Toggle Panel Visibility'); // the terminal's panel, open since Run: hidden
    // The Wizard view collapsed: the Tasks view has the sidebar.
    await page.locator('.pane-header', { hasText: /^\s*Wizard/ }).click();
    await page.locator('.pane-header[aria-expanded="false"]', { hasText: /^\s*Wizard/ }).waitFor();
    await wb.settled();
    const row = taskRow('Refunds time out under load');
    await row.hover();
    await row.locator('.action-label[aria-label="Resume This Task\'s Wizard"]').waitFor();
    await wb.shot('tasks-01-view.png');
    await walkthroughShot('resume.png', 'view');
  });

  it("the filter: only tasks with an unfinished wizard, named in the view's title", async () => {
    await tasksPane().hover();
    await tasksPane().locator('.action-label[aria-label="Filter Tasks…"]').click();
    await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Only Tasks with an Unfinished Wizard' }).first().waitFor();
    await wb.shot('tasks-02-filter.png');
    await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Only Tasks with an Unfinished Wizard' }).first().click();
    await tasksPane().locator('.pane-header', { hasText: 'unfinished wizards' }).waitFor();
    // A task without an unfinished wizard is hidden (the rows are computed after the title changed).
    await taskRow('JPY and KRW refunds').waitFor({ state: 'detached' });
    await taskRow('Refunds time out under load').waitFor();
    assert.equal(await taskRow('Move slow PSP refunds').count(), 0);
    await tasksPane().hover();
    await tasksPane().locator('.action-label[aria-label="Clear Task Filter"]').click();
    await taskRow('JPY and KRW refunds').waitFor();
  });

  it("the walkthrough opens with its six steps, the first one's picture and button", async () => {
    await wb.palette('Welcome: Open Walkthrough', 'Welcome: Open Walkthrough...');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Get Started with the okstra Run Wizard' }).first().waitFor();
    await page.keyboard.type('okstra Run Wizard');
    await page.keyboard.press('Enter');
    const pageBody = page.locator('.gettingStartedContainer');
    await pageBody.locator('.getting-started-step', { hasText: 'Open the okstra view' }).first().waitFor();
    for (const title of ['Start a run', 'Answer the prompts', 'Run okstra', 'Resume later', 'The CLI and MCP, for agents']) {
      await pageBody.locator('.getting-started-step', { hasText: title }).first().waitFor();
    }
    // The walkthrough opens at its first step not done; the okstra view has been open all along, so that step is
    // checked already (src/vscode/walkthrough.ts): select it to see its picture and button.
    await pageBody.locator('button.getting-started-step', { hasText: 'Open the okstra view' }).first().click();
    await pageBody.locator('.monaco-button', { hasText: 'Open the Tasks View' }).first().waitFor();
    // The selected step's picture (VS Code gives it a srcset through the remote resource URL).
    const pictured = await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll('.getting-started-media img')].some((i) =>
            /walkthrough\/open-view\.png/.test(decodeURIComponent(`${i.getAttribute('src') ?? ''} ${i.getAttribute('srcset') ?? ''}`)),
          ),
        null,
        { timeout: 15_000 },
      )
      .then(
        () => true,
        () => false,
      );
    const html = pictured
      ? ''
      : await page
          .locator('.getting-started-media')
          .first()
          .evaluate((e) => e.outerHTML.slice(0, 800))
          .catch(() => '(no media element)');
    assert.ok(pictured, `the first step's picture is not shown: ${html}`);
    await page.screenshot({ path: path.join(repoRoot, 'test-results', 'ui', 'tasks-walkthrough.png') });
    await paletteRun('View: Close All Editors');
  });

  it("the CLI drives the same wizard from a terminal (the walkthrough's agents step)", async () => {
    await wb.palette('Terminal: Create New Terminal', 'Terminal: Create New Terminal');
    await page.keyboard.press('Enter');
    // A new shell drops keys typed before it reads them: type once its prompt (the profile's PS1, in the
    // workspace settings above) shows and the terminal has the keyboard.
    await page.locator('.xterm-rows', { hasText: 'acme-payments $' }).last().waitFor();
    await page.locator('.xterm.focus').first().waitFor();
    await page.keyboard.type(
      'okstra-wizard init --state .okstra/tasks/checkout/saved-card-migration.wizard.json --project-root . --task checkout/saved-card-migration --force | head -n 16\n',
    );
    // xterm renders only the rows in view: in a narrow panel the lines wrap and `"step"` may have scrolled away,
    // so any of the prompt document's keys shows that the JSON arrived.
    const output = page.locator('.xterm-rows', { hasText: /"(step|kind|label|options)":/ }).last();
    await output.waitFor({ timeout: 30_000 });
    // The picture shows the command as a person types it, not the checkout's path on the machine it was taken on.
    assert.ok(!((await output.textContent()) ?? '').includes(repoRoot), 'no path of this checkout in the agents picture');
    await paletteRun('View: Toggle Maximized Panel');
    await walkthroughShot('agents.png', 'panel');
    // Every walkthrough picture is a part of the window (a whole 1280-pixel window was too small to read there).
    for (const name of fs.readdirSync(walkthroughDir).filter((f) => f.endsWith('.png'))) {
      const width = fs.readFileSync(path.join(walkthroughDir, name)).readUInt32BE(16); // the PNG header's width
      assert.ok(width < 1280, `${name} is ${width} px wide`);
    }
  });
});
