// The wizard UI in the real extension host: the commands, a whole wizard
// through the real QuickPick (driven by workbench commands, harness recipe),
// Back, a refused answer shown in place, a rewind from the tree, Run as a
// VS Code task running a stand-in okstra, the exit code recorded, and the
// untrusted-workspace refusal (through the trust seam: the harness starts
// code-server with --disable-workspace-trust, so trust cannot be revoked).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  accept,
  answerUntilConfirmed,
  iconOf,
  closePrompt,
  features,
  isQuickPick,
  nextInput,
  openWizardHost,
  setActive,
  expectPicker,
  stateFileOf,
  stepOf,
  typeAndAccept,
  validationText,
  waitFor,
  type FakeDialogs,
  type WizardHost,
} from './wizardMoreHelpers';

const TASK = 'demo/wizard-it';

describe('wizard UI', function () {
  this.timeout(120_000);
  let host: WizardHost;
  let root: string;
  let dialogs: FakeDialogs;

  before(async () => {
    host = await openWizardHost();
    ({ root, dialogs } = host);
  });

  after(async () => {
    await host?.close();
  });

  it('registers every wizard command', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const c of [
      'okstra.newRun',
      'okstra.resume',
      'okstra.editStep',
      'okstra.run',
      'okstra.runAgain',
      'okstra.showConfirmation',
      'okstra.openStateFile',
      'okstra.abort',
      'okstra.editFromHere',
      'okstra.showOutput',
      'okstra.promptBack',
    ]) {
      assert.ok(registered.has(c), `${c} is not registered`);
    }
  });

  it('R7 + Back: a whole wizard through the real QuickPick, a refused answer in place, Back to the previous step', async () => {
    void vscode.commands.executeCommand('okstra.newRun');
    let input = await nextInput();
    assert.equal(stepOf(input), 'task-pick');
    assert.ok(isQuickPick(input));
    assert.equal(input.activeItems[0]?.label.startsWith('+'), true, 'the default (new task) is active');
    await accept();

    // task-new: a refused name stays in the InputBox with the engine's message; nothing is written.
    input = await nextInput(input);
    assert.equal(stepOf(input), 'task-new');
    assert.ok(!isQuickPick(input));
    const box = input;
    await typeAndAccept(box, 'not a task name');
    await waitFor('the refusal in place', () => validationText(box));
    const message = box.validationMessage as vscode.InputBoxValidationMessage;
    assert.equal(message.message, 'A task name needs letters or digits, as <group>/<name> (e.g. payments/refund-timeout).');
    assert.equal(features().wizard.runner.input, box, 'the same InputBox stays open');
    assert.equal(fs.existsSync(path.join(root, '.okstra/tasks/demo')), false);
    await typeAndAccept(box, TASK);

    // task-type: a disabled option is refused in place by the engine (an error item), then the default.
    input = await nextInput(box);
    assert.equal(stepOf(input), 'task-type');
    assert.ok(isQuickPick(input));
    const qp = input;
    const stateFile = path.join(root, '.okstra/tasks/demo/wizard-it.wizard.json');
    assert.ok(fs.existsSync(stateFile), 'the state lives next to the task once it is chosen');
    const before = fs.readFileSync(stateFile);
    await setActive(qp, (i) => i.label.includes('implementation') && iconOf(i) === 'circle-slash');
    await accept();
    await waitFor('the error item', () => iconOf(qp.items[0]) === 'error');
    assert.equal(features().wizard.runner.input, qp, 'the same QuickPick stays open');
    assert.deepEqual(fs.readFileSync(stateFile), before, 'a refused answer writes nothing');
    await setActive(qp, (i) => i.label.startsWith('requirements-discovery') || i.description?.includes('default') === true);
    await accept();

    // Back from brief returns to task-type.
    input = await nextInput(qp);
    assert.equal(stepOf(input), 'brief');
    await vscode.commands.executeCommand('okstra.promptBack');
    input = await nextInput(input);
    assert.equal(stepOf(input), 'task-type');

    const seen = await answerUntilConfirmed(input);
    assert.ok(seen.includes('role-model:analyser:2'), seen.join(' → '));
    const saved = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { confirmed: boolean; answered: string[] };
    assert.equal(saved.confirmed, true);
    assert.ok(saved.answered.includes('role-model:analyser:2'));
    // The confirm step is the one confirmation: its Run started okstra, with no second question.
    assert.equal(dialogs.calls.filter((c) => c.kind === 'ask').length, 0, JSON.stringify(dialogs.calls));
    const ran = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { last_run: { exitCode: number | null } | null };
    assert.equal(ran.last_run?.exitCode, 0);
  });

  it('with okstra.confirmBeforeRun, okstra.run shows the confirmation (a QuickPick and the command line in a read-only document beside it) first', async () => {
    await vscode.workspace.getConfiguration('okstra').update('confirmBeforeRun', true, vscode.ConfigurationTarget.Workspace);
    try {
      const finished = new Promise((resolve) => features().wizard.runFinished.event(resolve));
      void vscode.commands.executeCommand('okstra.run');
      const input = await nextInput();
      assert.ok(isQuickPick(input));
      assert.equal(stepOf(input), 'confirm');
      const doc = await waitFor('the confirmation document', () => features().readOnlyDocument('okstra render-bundle'));
      assert.match(doc, /^<h1 [^>]*>\S+ · demo\/wizard-it<\/h1>$/m);
      assert.match(doc, /render-bundle --lead-runtime \S+ .*--task-group demo --task-id wizard-it /);
      const previewTab = () =>
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .find(
            (t) =>
              // The extension's own page (a webview panel), or where the markdown extension cannot render it, the
              // markdown preview editor (a custom editor on the document).
              (t.input instanceof vscode.TabInputWebview && t.label.includes('okstra render-bundle')) ||
              (t.input instanceof vscode.TabInputCustom && t.input.uri.scheme === 'okstra-readonly'),
          );
      const tab = await waitFor('the rendered document beside the prompt', () => previewTab());
      console.log(
        `      the confirmation is ${tab.input instanceof vscode.TabInputWebview ? "the extension's page" : 'the markdown preview'}`,
      );
      const copy = input.items.find((i) => i.label.includes('Copy Command Line'));
      assert.ok(copy);
      await setActive(input, (i) => i === copy);
      await accept();
      await waitFor('Copy to say it copied', () => input.placeholder === 'Copied the command line to the clipboard.');
      const copied = await vscode.env.clipboard.readText();
      console.log(`      clipboard after Copy: ${copied.slice(0, 60)}…`);
      await setActive(input, (i) => (i as { model?: { value?: string } }).model?.value === 'run');
      await accept();
      await finished;
      await waitFor('the document to close', () => !previewTab());
    } finally {
      await closePrompt().catch(() => undefined);
      await vscode.workspace.getConfiguration('okstra').update('confirmBeforeRun', false, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('shows the answered steps in the tree, the readable role rows included', () => {
    const rows = features().tree.rows;
    const labels = rows.map((r) => r.label);
    assert.ok(labels.includes('task-pick: demo/wizard-it') || labels.some((l) => l.includes('demo/wizard-it')), labels.join(' | '));
    const analyser2 = rows.find((r) => r.stepId === 'role-model:analyser:2');
    assert.ok(analyser2, labels.join(' | '));
    assert.match(analyser2.label, /^analyser #2 = \S+\/\S+$/);
    assert.match(analyser2.contextValue, /editable/);
  });

  it('rewinds from the tree (Edit from Here on a role row), asks before clearing later answers, and answers again', async () => {
    const session = features().wizard.session!;
    const oldModel = session.wizard.state.role_models.analyser[1];
    dialogs.answers = [[/^Change this answer and ask \d+ later answers? again\?$/, 'Change and Ask Again']];
    const row = features().tree.rows.find((r) => r.stepId === 'role-model:analyser:2')!;
    void vscode.commands.executeCommand('okstra.editFromHere', row);
    let input = await nextInput();
    assert.equal(stepOf(input), 'role-model:analyser:2');
    assert.ok(
      dialogs.calls.some((c) => c.kind === 'ask' && /^Change this answer and ask \d+ later answers? again\?$/.test(c.message)),
      'asked before clearing',
    );
    assert.ok(isQuickPick(input));
    const qp = input;
    const other = qp.items.find(
      (i) => !i.label.startsWith('$(') && i.kind !== vscode.QuickPickItemKind.Separator && !i.label.includes(oldModel),
    );
    assert.ok(other);
    await setActive(qp, (i) => i === other);
    await accept();
    input = await nextInput(qp);
    await answerUntilConfirmed(input);
    const newModel = features().wizard.session!.wizard.state.role_models.analyser[1];
    assert.notEqual(newModel, oldModel);
    assert.ok(other.label.includes(newModel), `${other.label} / ${newModel}`);
  });

  it('Escape pauses (the state is kept) and Resume continues at the same prompt', async () => {
    const session = features().wizard.session!;
    void vscode.commands.executeCommand('okstra.editFromHere', 'directive-pick');
    let input = await nextInput();
    assert.equal(stepOf(input), 'directive-pick');
    const saved = fs.readFileSync(session.wizard.statePath!);
    await closePrompt();
    assert.deepEqual(fs.readFileSync(session.wizard.statePath!), saved, 'pausing writes nothing');
    void vscode.commands.executeCommand('okstra.resume');
    input = await nextInput(input);
    assert.equal(stepOf(input), 'directive-pick');
    await answerUntilConfirmed(input);
  });

  it('follows the state file: a change by another writer updates the tree, and Resume continues from it', async () => {
    const session = features().wizard.session!;
    const file = session.wizard.statePath!;
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { answered: string[]; confirmed: boolean | null };
    // What another window (or the CLI's rewind) would write: back to directive-pick.
    json.answered = json.answered.filter((id) => !['directive-pick', 'related-tasks-pick', 'confirm'].includes(id));
    json.confirmed = null;
    fs.writeFileSync(file, JSON.stringify(json, null, 2) + '\n');
    await waitFor(
      'the tree to show directive-pick as current',
      () => features().tree.rows.some((r) => r.id === 'current:directive-pick'),
      10_000,
    );
    assert.equal(features().wizard.session!.wizard.state.confirmed, null);
    void vscode.commands.executeCommand('okstra.resume');
    const input = await nextInput();
    assert.equal(stepOf(input), 'directive-pick');
    await answerUntilConfirmed(input);
  });

  it('Edit Step… lists the editable steps and reopens the wizard at the chosen one', async () => {
    const editable = features().tree.rows.filter((r) => r.stepId && r.contextValue.includes('editable') && r.id.startsWith('step:'));
    const index = editable.findIndex((r) => r.stepId === 'related-tasks-pick');
    assert.ok(index >= 0, editable.map((r) => r.id).join(' '));
    const picker = expectPicker();
    void vscode.commands.executeCommand('okstra.editStep');
    const qp = await picker;
    assert.equal(qp.items.length, editable.length, 'one row per editable step');
    await setActive(qp, (i) => (i as vscode.QuickPickItem & { id?: string }).id === 'related-tasks-pick');
    await accept();
    const input = await nextInput();
    assert.equal(stepOf(input), 'related-tasks-pick');
    await answerUntilConfirmed(input);
  });

  it('runs render-bundle as a task: the stand-in receives exactly renderArgv, and the exit code is recorded', async () => {
    const session = features().wizard.session!;
    const outcome = session.wizard.outcome();
    assert.ok(outcome.ok);
    const argvFile = path.join(root, 'standin-argv.json');
    fs.rmSync(argvFile, { force: true });
    const finished = new Promise((resolve) => features().wizard.runFinished.event(resolve));
    await vscode.commands.executeCommand('okstra.run');
    await finished;
    const got = JSON.parse(fs.readFileSync(argvFile, 'utf8')) as { argv: string[]; cwd: string; parent: string[] | null };
    assert.deepEqual(got.argv, ['render-bundle', ...outcome.renderArgv]);
    // Started by the run wrapper, which records okstra's end next to the state file (src/host/runWrapper.ts).
    if (got.parent)
      assert.ok(
        got.parent.some((w) => w.endsWith('run-wrapper.js')),
        JSON.stringify(got.parent),
      );
    assert.equal(fs.realpathSync(got.cwd), fs.realpathSync(root));
    const saved = JSON.parse(fs.readFileSync(session.wizard.statePath!, 'utf8')) as { last_run: { exitCode: number; argv: string[] } };
    assert.equal(saved.last_run.exitCode, 0);
    assert.equal(saved.last_run.argv.slice(-outcome.renderArgv.length).join('\0'), outcome.renderArgv.join('\0'));
    assert.equal(features().tree.rows[0].contextValue, 'lastRun');
    // It ran through the run wrapper (dist/run-wrapper.js), whose exit file goes once the end is recorded.
    const stateDir = path.dirname(session.wizard.statePath!);
    assert.deepEqual(
      fs.readdirSync(stateDir).filter((n) => n.endsWith('.exit')),
      [],
      'no exit file left',
    );
  });

  it('records a failing exit code (Run Again)', async () => {
    fs.writeFileSync(path.join(root, 'standin-exit'), '3\n');
    try {
      const finished = new Promise((resolve) => features().wizard.runFinished.event(resolve));
      await vscode.commands.executeCommand('okstra.runAgain');
      await finished;
      const saved = JSON.parse(fs.readFileSync(features().wizard.session!.wizard.statePath!, 'utf8')) as { last_run: { exitCode: number } };
      assert.equal(saved.last_run.exitCode, 3);
      await waitFor('the failure notification', () => dialogs.calls.some((c) => c.kind === 'error' && c.message.includes('exit code 3')));
    } finally {
      fs.rmSync(path.join(root, 'standin-exit'), { force: true });
    }
  });

  it('okstra.runIn "shell": the quoted line typed into the terminal gives the stand-in exactly renderArgv', async () => {
    const session = features().wizard.session!;
    const outcome = session.wizard.outcome();
    assert.ok(outcome.ok);
    const argvFile = path.join(root, 'standin-argv.json');
    fs.rmSync(argvFile, { force: true });
    await vscode.workspace.getConfiguration('okstra').update('runIn', 'shell', vscode.ConfigurationTarget.Workspace);
    try {
      console.log(`      default shell: ${vscode.env.shell}`);
      const finished = new Promise((resolve) => features().wizard.runFinished.event(resolve));
      await vscode.commands.executeCommand('okstra.run');
      await finished;
      const got = await waitFor(
        'the stand-in to write its argv',
        () =>
          fs.existsSync(argvFile) &&
          fs.statSync(argvFile).size > 0 &&
          (JSON.parse(fs.readFileSync(argvFile, 'utf8')) as { argv: string[] }),
      );
      assert.deepEqual(got.argv, ['render-bundle', ...outcome.renderArgv]);
      const saved = JSON.parse(fs.readFileSync(session.wizard.statePath!, 'utf8')) as { last_run: { exitCode: number | null } };
      // With shell integration the exit code arrives; without it, it is recorded as unknown.
      assert.ok(saved.last_run.exitCode === 0 || saved.last_run.exitCode === null, String(saved.last_run.exitCode));
      console.log(`      shell-mode exit code recorded: ${String(saved.last_run.exitCode)}`);
    } finally {
      await vscode.workspace.getConfiguration('okstra').update('runIn', undefined, vscode.ConfigurationTarget.Workspace);
      for (const t of vscode.window.terminals) if (t.name === 'okstra') t.dispose();
    }
  });

  it('a missing okstra command ends the run with a message instead of hanging', async () => {
    const config = vscode.workspace.getConfiguration('okstra');
    const saved = config.get('command');
    await config.update('command', path.join(root, 'no-such-okstra'), vscode.ConfigurationTarget.Workspace);
    const statePath = features().wizard.session!.wizard.statePath!;
    const before = fs.readFileSync(statePath);
    try {
      dialogs.calls.length = 0;
      let finished: unknown;
      const sub = features().wizard.runFinished.event((r) => {
        finished = r;
      });
      void vscode.commands.executeCommand('okstra.run');
      await waitFor('the run to end or be refused', () => finished !== undefined || dialogs.calls.some((c) => c.kind === 'error'), 30_000);
      sub.dispose();
      assert.equal(finished, undefined);
      const refusal = dialogs.calls.find((c) => c.kind === 'error');
      assert.equal(
        refusal?.message,
        `cannot run okstra: '${path.join(root, 'no-such-okstra')}' was not found or is not executable (set okstra.command, or okstraCommand in .okstra/config.yaml)`,
      );
      assert.deepEqual(fs.readFileSync(statePath), before, 'nothing is recorded for a run that cannot start');
    } finally {
      await config.update('command', saved, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('R6: in an untrusted workspace Run refuses with a message and runs nothing (trust seam)', async () => {
    const argvFile = path.join(root, 'standin-argv.json');
    fs.rmSync(argvFile, { force: true });
    const statePath = features().wizard.session!.wizard.statePath!;
    const before = fs.readFileSync(statePath);
    features().setTrustOverride(false);
    const started: string[] = [];
    const watch = vscode.tasks.onDidStartTask((e) => started.push(e.execution.task.name));
    let settled = 0;
    const settle = features().wizard.runSettled.event(() => settled++);
    try {
      dialogs.calls.length = 0;
      await vscode.commands.executeCommand('okstra.run');
      await vscode.commands.executeCommand('okstra.runAgain');
      // Both commands have returned and each Run attempt is over (settled): whatever they started has started.
      assert.equal(settled, 2, 'both Run attempts are over');
      const refusals = dialogs.calls.filter((c) => c.kind === 'error' && c.message.includes('untrusted workspace'));
      assert.equal(refusals.length, 2);
      assert.deepEqual(started, [], 'no task was started');
      assert.equal(fs.existsSync(argvFile), false, 'the stand-in did not run');
      assert.deepEqual(fs.readFileSync(statePath), before, 'nothing was recorded');
    } finally {
      watch.dispose();
      settle.dispose();
      features().setTrustOverride(undefined);
    }
  });

  it('Abort Wizard asks first; cancelled it changes nothing, confirmed it aborts', async () => {
    const statePath = features().wizard.session!.wizard.statePath!;
    dialogs.answers = [];
    await vscode.commands.executeCommand('okstra.abort');
    assert.ok(dialogs.calls.some((c) => c.kind === 'ask' && c.message.startsWith('Abort the wizard for demo/wizard-it')));
    assert.equal((JSON.parse(fs.readFileSync(statePath, 'utf8')) as { aborted: boolean }).aborted, false);
    dialogs.answers = [[/^Abort the wizard/, 'Abort Wizard']];
    await vscode.commands.executeCommand('okstra.abort');
    assert.equal((JSON.parse(fs.readFileSync(statePath, 'utf8')) as { aborted: boolean }).aborted, true);
  });

  it('Resume Wizard lists the unfinished wizards newest first and opens the chosen one where it stopped', async () => {
    dialogs.answers = [[/^Abort the wizard/, 'Abort Wizard']];
    /** New Run for a new task, paused (Escape) at task-type. */
    const startAndPause = async (key: string): Promise<void> => {
      void vscode.commands.executeCommand('okstra.newRun');
      let input = await nextInput();
      assert.equal(stepOf(input), 'task-pick');
      await setActive(input as vscode.QuickPick<vscode.QuickPickItem>, (i) => i.label.startsWith('+'));
      await accept();
      input = await nextInput(input);
      await typeAndAccept(input as vscode.InputBox, key);
      input = await nextInput(input);
      assert.equal(stepOf(input), 'task-type');
      await closePrompt();
      // Newest first is by the state file's time: each later one a second newer, whatever the clock's resolution.
      const when = new Date(Date.parse('2026-11-29T12:00:00Z') + 1000 * ++paused);
      fs.utimesSync(stateFileOf(root, key), when, when);
    };
    let paused = 0;
    await startAndPause('demo/second');
    await startAndPause('demo/third');
    await startAndPause('demo/fourth');
    await vscode.commands.executeCommand('okstra.abort'); // the current one (fourth) is finished now
    assert.equal(features().wizard.session!.wizard.state.aborted, true);

    const picker = expectPicker();
    void vscode.commands.executeCommand('okstra.resume');
    await picker;
    await accept(); // the first row: the newest unfinished wizard
    const input = await nextInput();
    assert.equal(features().wizard.session!.wizard.taskKey, 'demo/third');
    assert.equal(stepOf(input), 'task-type');
    assert.match(input.title ?? '', /demo\/third › Run type/);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  it('New Run on a task with an unfinished wizard asks Resume / Start Over; Start Over keeps a backup', async () => {
    const dir = path.join(root, '.okstra/tasks/demo');
    const backups = () => fs.readdirSync(dir).filter((f) => f.startsWith('second.wizard.') && f.endsWith('.bak.json'));
    assert.deepEqual(backups(), []);
    dialogs.answers = [[/already has an unfinished wizard/, 'Start Over']];
    void vscode.commands.executeCommand('okstra.newRun');
    let input = await nextInput();
    assert.equal(stepOf(input), 'task-pick');
    await setActive(
      input as vscode.QuickPick<vscode.QuickPickItem>,
      (i) => i.label.includes('demo/second') || i.description?.includes('demo/second') === true,
    );
    await accept();
    input = await nextInput(input);
    assert.equal(stepOf(input), 'task-type');
    assert.ok(dialogs.calls.some((c) => c.kind === 'ask' && c.message === 'demo/second already has an unfinished wizard.'));
    assert.equal(backups().length, 1, 'the old wizard is kept as a backup');
    const fresh = JSON.parse(fs.readFileSync(path.join(dir, 'second.wizard.json'), 'utf8')) as { answered: string[] };
    assert.deepEqual(fresh.answered, ['task-pick']);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });
});
