// The wizard UI behaviours that wizard.test.ts leaves uncovered, in the real extension host:
// R7 for a QuickPick: an answer the engine refuses shows the engine's exact message as the error item while the
// state file stays byte-identical, and the wizard continues from that prompt (the text refusals and the R2
// stale-write refusal with Reload are covered by reliability.test.ts); the wizard moving with its task when
// task-pick is answered again (and the refusal when the target has an unfinished wizard); the persist action
// applied by Run (set-config prTemplate in config.yaml through the yaml library's document model: comments, order
// and blank lines kept, the space before an inline comment made one); "Run Anyway"
// for environmental notices; and the Korean texts through the extension's language seam
// (features.setLanguageOverride: vscode.env.language cannot change while the host runs).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { en } from '../../../src/core/text/en';
import { ko } from '../../../src/core/text/ko';
import {
  accept,
  answerUntilConfirmed,
  choose,
  closePrompt,
  errorItemText,
  features,
  isQuickPick,
  newTask,
  nextInput,
  openWizardHost,
  iconOf,
  setActive,
  stateFileOf,
  stepOf,
  typeAndAccept,
  validationText,
  valueOf,
  waitFor,
  type FakeDialogs,
  type WizardHost,
} from './wizardMoreHelpers';

describe('wizard UI, more', function () {
  this.timeout(120_000);
  let host: WizardHost;
  let root: string;
  let dialogs: FakeDialogs;
  let clis: WizardHost['clis'];
  let configFile: string;
  const copied: string[] = [];

  before(async () => {
    host = await openWizardHost();
    ({ root, dialogs, clis, configFile } = host);
    // The release task and the repository PR template (test/fixtures/wizard-more/README.md).
    const from = path.resolve(host.extensionPath, 'test/fixtures/wizard-more');
    for (const rel of ['.okstra/tasks/ship', '.github']) {
      const to = path.join(root, rel);
      assert.equal(fs.existsSync(to), false, `${rel} is already in the workspace`);
      fs.cpSync(path.join(from, rel), to, { recursive: true });
      copied.push(to);
    }
  });

  after(async () => {
    if (!host) return;
    await host.close();
    for (const p of copied) fs.rmSync(p, { recursive: true, force: true });
    fs.rmSync(path.join(root, '.okstra/tasks/more'), { recursive: true, force: true });
  });

  afterEach(async () => {
    // A failed test must not leave its prompt open for the next one.
    await closePrompt().catch(() => undefined);
  });

  it("R7: a pick the engine refuses shows the engine's exact message in the QuickPick, writes nothing, and the wizard continues from the same prompt", async () => {
    let input = await newTask('more/r7');
    assert.ok(isQuickPick(input));
    const qp = input;
    const file = stateFileOf(root, 'more/r7');
    const before = fs.readFileSync(file);
    const title = qp.title;

    // A task type the engine refuses (its plan or profile fails): the message is the option's reason, verbatim.
    const refused = qp.items.find((i) => iconOf(i) === 'circle-slash');
    // Its reason is on the detail line (the row is not cut at the default width).
    assert.ok(refused?.detail, qp.items.map((i) => i.label).join(' | '));
    await setActive(qp, (i) => i === refused);
    await accept();
    const shown = await waitFor('the refusal in the QuickPick', () => errorItemText(qp));
    assert.equal(shown, refused.detail, "the QuickPick shows the engine's message");
    assert.equal(features().wizard.runner.input, qp, 'the same QuickPick stays open');
    assert.equal(qp.title, title, 'the same prompt (same step and progress)');
    assert.deepEqual(fs.readFileSync(file), before, 'a refused answer writes nothing');
    assert.equal(features().wizard.session!.wizard.state.task_type, '');

    // The wizard continues from that prompt: the default is accepted and saved.
    await setActive(qp, (i) => i.description?.includes('default') === true);
    await accept();
    input = await nextInput(qp);
    assert.equal(stepOf(input), 'brief');
    assert.ok(isQuickPick(input));
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { task_type: string; answered: string[] };
    assert.equal(saved.task_type, 'requirements-discovery');
    assert.deepEqual(saved.answered, ['task-pick', 'task-new', 'task-type']);
  });

  it("task-pick answered again with another task moves the wizard to that task's file (the old one is deleted); refused while the target has an unfinished wizard", async () => {
    // more/move-c: a task without a wizard; more/move-b: a task with an unfinished wizard; more/move-a: ours.
    await newTask('more/move-c');
    await closePrompt();
    await newTask('more/move-b');
    await closePrompt();
    await newTask('more/move-a');
    await closePrompt();
    fs.rmSync(stateFileOf(root, 'more/move-c'));
    const fileA = stateFileOf(root, 'more/move-a');
    const fileB = stateFileOf(root, 'more/move-b');
    const fileC = stateFileOf(root, 'more/move-c');
    assert.equal(features().wizard.session!.wizard.statePath, fileA);

    dialogs.answers = [[/^Change this answer and ask \d+ later answers? again\?$/, 'Change and Ask Again']];
    void vscode.commands.executeCommand('okstra.editFromHere', 'task-pick');
    const input = await nextInput();
    assert.equal(stepOf(input), 'task-pick');
    assert.ok(isQuickPick(input));
    const qp = input;
    const aBytes = fs.readFileSync(fileA);
    const bBytes = fs.readFileSync(fileB);

    await choose(qp, 'more/move-b');
    const refusal = await waitFor('the refusal in the QuickPick', () => errorItemText(qp));
    assert.equal(refusal, "task 'more/move-b' already has an unfinished wizard");
    assert.equal(features().wizard.runner.input, qp, 'the same QuickPick stays open');
    assert.deepEqual(fs.readFileSync(fileA), aBytes, 'our file is unchanged');
    assert.deepEqual(fs.readFileSync(fileB), bBytes, 'the other wizard is unchanged');
    assert.equal(features().wizard.session!.wizard.statePath, fileA);

    await choose(qp, 'more/move-c');
    const next = await nextInput(qp);
    assert.equal(stepOf(next), 'task-type');
    assert.match(next.title ?? '', /more\/move-c › Run type/);
    assert.equal(features().wizard.session!.wizard.statePath, fileC);
    assert.equal(fs.existsSync(fileA), false, 'the old file is deleted');
    const moved = JSON.parse(fs.readFileSync(fileC, 'utf8')) as { task_group: string; task_id: string; answered: string[] };
    assert.deepEqual([moved.task_group, moved.task_id, moved.answered], ['more', 'move-c', ['task-pick']]);
    assert.deepEqual(fs.readFileSync(fileB), bBytes);
    dialogs.answers = [];
  });

  it('Run applies the persist action (pr-template-scope project → set-config prTemplate, the rest of config.yaml kept) only when it starts; "Run Anyway" is asked first when a selected model cannot start here', async () => {
    const original =
      '# Project settings (comments, order and blank lines are kept by set-config)\n\nprojectId: vscode-fixture   # the id\n\nmodelDefaults: {}\n';
    fs.writeFileSync(configFile, original);
    void vscode.commands.executeCommand('okstra.newRun');
    let input = await nextInput();
    assert.ok(isQuickPick(input));
    await choose(input, 'ship/release-1');
    input = await nextInput(input);
    assert.equal(stepOf(input), 'task-type');
    const argvFile = path.join(root, 'standin-argv.json');
    fs.rmSync(argvFile, { force: true });
    dialogs.calls.length = 0;
    dialogs.answers = []; // "Run Anyway" not chosen
    try {
      const seen = await answerUntilConfirmed(input, {
        'task-type': async (i) => {
          await choose(i as vscode.QuickPick<vscode.QuickPickItem>, 'release-handoff');
        },
        'pr-template-pick': async (i) => {
          await choose(i as vscode.QuickPick<vscode.QuickPickItem>, 'repo');
        },
        'pr-template-scope': async (i) => {
          await choose(i as vscode.QuickPick<vscode.QuickPickItem>, 'project');
        },
        // Every provider CLI disappears before Run: the selected models cannot start here (environmental notices).
        confirm: async () => {
          clis.unset();
          await accept();
        },
      });
      console.log(`      release-handoff steps: ${seen.join(' → ')}`);
      assert.ok(seen.includes('pr-template-scope'), seen.join(' → '));
      const session = features().wizard.session!;
      assert.equal(session.wizard.taskKey, 'ship/release-1');
      const outcome = session.wizard.outcome();
      assert.ok(outcome.ok, outcome.ok ? '' : outcome.error);
      assert.deepEqual(outcome.persistActions, [
        { action: 'set-config', file: '.okstra/config.yaml', key: 'prTemplate', value: '.github/pull_request_template.md' },
      ]);
      // The confirm step's Run asks first.
      const asked = dialogs.calls.find((c) => c.kind === 'ask');
      assert.ok(asked, `Run asked nothing: ${JSON.stringify(dialogs.calls)}`);
      assert.equal(asked.message, 'Some models may not start on this machine.');
      assert.deepEqual(asked.buttons, ['Run Anyway']);
      assert.match(asked.detail ?? '', /^model '[^']+' for role '[^']+' #1 cannot start here: /m);
      // answerUntilConfirmed waited until that Run attempt was over (declined): nothing can start any more.
      assert.equal(fs.existsSync(argvFile), false, 'declined: okstra did not run');
      assert.equal(fs.readFileSync(configFile, 'utf8'), original, 'declined: the persist action was not applied');
      const stateBefore = fs.readFileSync(session.wizard.statePath!);
      dialogs.answers = [];
      await vscode.commands.executeCommand('okstra.run'); // returns when the Run attempt is over (declined again)
      assert.deepEqual(fs.readFileSync(session.wizard.statePath!), stateBefore, 'declined again: nothing recorded');

      dialogs.answers = [[/^Some models may not start/, 'Run Anyway']];
      const finished = new Promise((resolve) => features().wizard.runFinished.event(resolve));
      await vscode.commands.executeCommand('okstra.run');
      await finished;
    } finally {
      clis.set();
      dialogs.answers = [];
    }
    const outcome = features().wizard.session!.wizard.outcome();
    assert.ok(outcome.ok);
    const got = JSON.parse(fs.readFileSync(argvFile, 'utf8')) as { argv: string[] };
    assert.deepEqual(got.argv, ['render-bundle', ...outcome.renderArgv]);
    // The document model (src/store/configFile.ts) writes one space before an inline comment; the rest is kept.
    const edited = `${original.replace('vscode-fixture   # the id', 'vscode-fixture # the id')}prTemplate: .github/pull_request_template.md\n`;
    assert.equal(fs.readFileSync(configFile, 'utf8'), edited);

    // With every CLI back, Run starts without asking; the action is applied again and changes nothing.
    dialogs.calls.length = 0;
    const again = new Promise((resolve) => features().wizard.runFinished.event(resolve));
    await vscode.commands.executeCommand('okstra.run');
    await again;
    assert.equal(dialogs.calls.filter((c) => c.kind === 'ask').length, 0, JSON.stringify(dialogs.calls));
    assert.equal(fs.readFileSync(configFile, 'utf8'), edited);
  });

  it("Korean: with a ko language the prompts show the engine's Korean catalogue; refusals stay English (protocol); back to English without it (language seam)", async () => {
    features().setLanguageOverride('ko-KR');
    try {
      void vscode.commands.executeCommand('okstra.newRun');
      let input = await nextInput();
      assert.ok(isQuickPick(input));
      assert.equal(input.placeholder, '어떤 작업을 실행할까요?');
      assert.equal(input.placeholder, ko.steps.task_pick.label);
      const newItem = input.items.find((i) => valueOf(i) === 'new');
      assert.equal(newItem?.label, '+ 새 작업…');
      await choose(input, 'new');
      input = await nextInput(input);
      assert.ok(!isQuickPick(input));
      assert.equal(input.prompt, ko.steps.task_new.label);
      assert.match(input.prompt ?? '', /[\uac00-\ud7a3]/, 'Hangul');
      const box = input;
      await typeAndAccept(box, 'bad');
      assert.equal(
        await waitFor('the refusal', () => validationText(box)),
        'A task name needs letters or digits, as <group>/<name> (e.g. payments/refund-timeout).',
      );
      await closePrompt();
    } finally {
      features().setLanguageOverride(undefined);
    }
    void vscode.commands.executeCommand('okstra.newRun');
    const input = await nextInput();
    assert.equal(input.placeholder, en.steps.task_pick.label);
    await closePrompt();
  });
});
