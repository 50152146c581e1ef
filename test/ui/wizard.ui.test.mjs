// UI test of the wizard in the real workbench (playwright-core + code-server):
// palette → New Run… → every QuickPick answered → the tree's rows → Edit from
// Here on a role row → answered again → Run → the task terminal shows the
// stand-in okstra's output. Screenshots: docs/images/ (the README), made under test-results/screenshots/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../runner/harness.mjs';
import { openWorkbench } from './workbench.mjs';

const standIn = path.join(repoRoot, 'test/fixtures/stand-in-okstra/okstra.js');

describe('UI: the okstra wizard from New Run to Run', function () {
  let wb;
  let page;

  before(async function () {
    this.timeout(180_000);
    wb = await openWorkbench({
      name: 'wizard',
      prepare: ({ sandbox, workspace }) => {
        // Provider CLIs that "exist" (so their models are selectable) and the stand-in okstra, through settings.
        const cliDir = path.join(sandbox.dir, 'provider-clis');
        fs.mkdirSync(cliDir);
        const providers = {};
        for (const p of ['claude', 'codex', 'antigravity']) {
          const f = path.join(cliDir, p);
          fs.writeFileSync(f, '#!/bin/sh\nexit 0\n');
          fs.chmodSync(f, 0o755);
          providers[p] = { path: f };
        }
        // Workspace settings: in code-server's remote window the user scope of machine-overridable settings
        // was seen to drop out of the configuration after a task ran.
        fs.mkdirSync(path.join(workspace.dir, '.vscode'), { recursive: true });
        fs.writeFileSync(
          path.join(workspace.dir, '.vscode', 'settings.json'),
          JSON.stringify({ 'okstra.command': [process.execPath, standIn], 'okstra.providers': providers }, null, 2),
        );
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

  it('palette → New Run… → every prompt answered → the confirmation', async () => {
    await wb.palette('okstra: New Run', 'okstra: New Run…');
    await wb.shot('wizard-01-palette.png');
    await page.keyboard.press('Enter');
    const first = await wb.nextPrompt('');
    assert.equal(first[1], 'task-pick');
    const seen = await wb.answerUntilConfirmation(
      first,
      {
        'task-new': async () => {
          await page.keyboard.type('demo/ui-run');
          await page.keyboard.press('Enter');
        },
      },
      { 'task-type': 'wizard-02-task-type.png', 'role-model:analyser:2': 'wizard-03-role-model.png' },
    );
    console.log(`      prompts: ${seen.join(' → ')}`);
    assert.ok(seen.includes('role-model:analyser:2'));
    assert.match(await wb.confirmationText(), /# \S+ · demo\/ui-run/);
    await wb.shot('wizard-04-confirmation.png');
    await page.keyboard.press('Escape');
  });

  it('shows one row per answered step in the Wizard view', async () => {
    const row = page.locator('.monaco-list-row', { hasText: 'analyser #2 = ' });
    await row.waitFor();
    await page.locator('.monaco-list-row', { hasText: 'Task = demo/ui-run' }).first().waitFor();
    await wb.shot('wizard-05-tree.png');
  });

  it('Edit from Here on a role row asks before clearing, reopens the QuickPick there, and takes a new answer', async () => {
    const row = page.locator('.monaco-list-row', { hasText: 'analyser #2 = ' });
    const before = (await row.textContent()) ?? '';
    await row.hover();
    await row.locator('.action-label[aria-label="Edit from Here"]').click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match((await dialog.textContent()) ?? '', /Change this answer and ask \d+ later answers? again\?/);
    assert.doesNotMatch((await dialog.textContent()) ?? '', /role-model:/, 'the answers in words, not step ids');
    await dialog.locator('.monaco-button', { hasText: 'Change and Ask Again' }).click();
    const prompt = await wb.nextPrompt('');
    assert.equal(prompt[1], 'role-model:analyser:2');
    await page.keyboard.press('ArrowDown');
    await wb.shot('wizard-06-edit-role.png');
    await page.keyboard.press('Enter');
    const next = await wb.nextPrompt(prompt[0]);
    await wb.answerUntilConfirmation(next);
    assert.match(await wb.confirmationText(), /\| analyser \| 2 \| \S+\/\S+ \|/);
    await page.keyboard.press('Escape');
    const after = (await page.locator('.monaco-list-row', { hasText: 'analyser #2 = ' }).textContent()) ?? '';
    assert.notEqual(after, before, 'the role row shows the new model');
  });

  it('Run executes the stand-in okstra in a task terminal and shows the exit code', async () => {
    await wb.palette('okstra: Show Confirmation');
    await page.keyboard.press('Enter');
    // The wizard stands at its confirm step: Show Confirmation shows it (the document beside), Run is the default.
    await wb.nextPrompt('');
    await wb.confirmationDocument().waitFor();
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="Run"]').first().click();
    await page.locator('.xterm-rows', { hasText: 'stand-in okstra: render-bundle with' }).first().waitFor({ timeout: 60_000 });
    await wb.notification('finished (exit code 0)');
    await wb.shot('wizard-07-run.png');
    const argv = JSON.parse(fs.readFileSync(path.join(wb.workspace.dir, 'standin-argv.json'), 'utf8')).argv;
    assert.equal(argv[0], 'render-bundle');
    assert.ok(argv.includes('--role-model'));
  });

  it("a failed run: the task terminal shows okstra's output and exit code 3, the notification names the task; Run Again on the notification shows the confirmation first", async () => {
    fs.writeFileSync(path.join(wb.workspace.dir, 'standin-exit'), '3\n');
    const toast = await wb.notification('okstra render-bundle for demo/ui-run finished (exit code 0)');
    await toast.hover();
    await toast.locator('.monaco-button', { hasText: 'Run Again' }).click();
    const [title] = await wb.nextPrompt('');
    assert.match(title, /demo\/ui-run › /);
    assert.equal(title, title.replace(/› confirm/, ''), 'the title names the step in words');
    await wb.confirmationDocument().waitFor();
    await page.keyboard.press('Enter'); // Run, the default
    // A ProcessExecution task (the house rule): VS Code's own end line carries the exit code; our line is the notification.
    const terminal = page.locator('.xterm-rows', { hasText: 'exit code: 3' }).first();
    await terminal.waitFor({ timeout: 60_000 });
    await wb.notification('okstra render-bundle for demo/ui-run failed with exit code 3');
    const text = (await terminal.textContent()) ?? '';
    assert.match(text, /exit code: 3/, 'VS Code reports the exit code of the process it launched');
    // okstra's own output may have scrolled above VS Code's end line; the state file records the exit code.
    const state = JSON.parse(fs.readFileSync(path.join(wb.workspace.dir, '.okstra/tasks/demo/ui-run.wizard.json'), 'utf8'));
    assert.equal(state.last_run?.exitCode, 3, 'last_run records the exit code');
  });
});
