// What a person met on the fourth walk through the extension, driven in plain Node with the fake window
// (shellHarness.ts) on a copy of the demo: a refused answer names its real cause (the task folder gone, an invalid
// .okstra/config.yaml), and "out of date" is said only when the wizard moved.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { treeRowAriaLabel, withoutIcons } from '../../../src/vscode/host/ariaLabel';
import { treeRowModels, type TreeTexts } from '../../../src/vscode/tree/treeModel';
import { FakeQuickPick } from './fakeWindow';
import { answerUntil, openShell, startTask, type Shell } from './shellHarness';

describe('vscode shell: the fourth walk', function () {
  this.timeout(30_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  it('the task folder moved away under an open prompt: the refusal names the folder, not "out of date"', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'evidence');
    const taskDir = path.join(shell.project, '.okstra', 'tasks', 'payments', 'currency-rounding');
    fs.renameSync(taskDir, `${taskDir}-moved`);
    const prompt = input as FakeQuickPick;
    await prompt.enter();
    const said = prompt.errorText() ?? prompt.placeholder ?? '';
    console.log(`      said: ${said}`);
    assert.doesNotMatch(said, /out of date/);
    assert.match(said, /currency-rounding\/task-manifest\.json not found\. Nothing was saved: put that file right \(or back\)/);
  });

  it('.okstra/config.yaml made invalid under an open prompt: the refusal names the file, not "out of date"', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'evidence');
    fs.writeFileSync(path.join(shell.project, '.okstra', 'config.yaml'), 'projectId: [unclosed\n');
    const prompt = input as FakeQuickPick;
    await prompt.enter();
    const said = prompt.errorText() ?? prompt.placeholder ?? '';
    console.log(`      said: ${said}`);
    assert.doesNotMatch(said, /out of date/);
    assert.match(said, /^\.okstra\/config\.yaml:2:1: invalid YAML: .*\. Nothing was saved: put that file right/);
  });

  it("what a screen reader hears: the confirmation's rows without icon ids, every unavailable row says so", async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'role-model:planner:2');
    const models = input as FakeQuickPick;
    const unavailable = models.items.filter((i) => i.model?.kind === 'unavailable');
    assert.ok(unavailable.length > 1, 'more than one model is not available here');
    for (const row of unavailable) assert.match(row.detail ?? '', /^Not available: \S/, row.label);
    await models.enter();
    const { input: confirm } = await answerUntil(shell, await shell.next(models), 'confirm');
    const texts = (confirm as FakeQuickPick).items.flatMap((i) => [i.label, i.description ?? '', i.detail ?? '']);
    // VS Code reads `$(star-full) default` as "star-full default": the icons are iconPath, the marker a word.
    assert.deepEqual(
      texts.filter((t) => t.includes('$(')),
      [],
    );
    const run = (confirm as FakeQuickPick).items.find((i) => i.model?.kind === 'option' && i.model.value === 'run');
    assert.equal(run?.label, 'Run');
    assert.equal(run?.description, 'default');
    const copy = (confirm as FakeQuickPick).items.find((i) => i.label === 'Copy Command Line');
    assert.deepEqual(copy?.iconPath, { id: 'copy' });
  });

  it("what a screen reader hears of the Wizard view: each row's words and its state (the current row too)", async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    await answerUntil(shell, first, 'evidence');
    const tree = shell.view.session!.tree();
    assert.ok(tree.ok);
    const texts: TreeTexts = { current: 'current', changed: 'changed by reconcile', lastRun: () => 'Last run' };
    const labels = treeRowModels(tree.rows, texts).map(treeRowAriaLabel);
    assert.ok(labels.includes("Brief = The task's brief"), labels.join(' | '));
    assert.ok(labels.includes('Evidence, current'), labels.join(' | '));
    assert.ok(
      labels.every((l) => l !== '' && !/\$\(|^\w+(-\w+)*: /.test(l)),
      labels.join(' | '),
    );
    assert.equal(
      withoutIcons('$(list-ordered) okstra: payments/currency-rounding — Evidence'),
      'okstra: payments/currency-rounding — Evidence',
    );
  });

  it('the rewind question and its button say the same: the later answers are asked again, nothing is just cleared', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'evidence');
    await (input as FakeQuickPick).escape();
    shell.win.answers = [[/^Change this answer and ask/, undefined]];
    await shell.command('editFromHere', 'brief', 'row');
    const asked = shell.win.messages.find((m) => /^Change this answer and ask \d+ later answers? again\?$/.test(m.message));
    assert.ok(asked, shell.win.messages.map((m) => m.message).join(' | '));
    assert.match(asked.detail ?? '', /asked again with your answers preselected/);
    assert.deepEqual(asked.buttons, ['Change and Ask Again']);
  });

  it('Korean: one word for "task" in the wizard\'s texts, the views, the commands and the settings (작업)', () => {
    const repo = path.resolve(__dirname, '..', '..', '..');
    const files = ['src/core/text/ko.ts', 'l10n/bundle.l10n.ko.json', 'package.nls.ko.json'];
    const other = files.filter((f) => fs.readFileSync(path.join(repo, f), 'utf8').includes('태스크'));
    assert.deepEqual(other, [], 'these say 태스크 where the rest says 작업');
  });
});
