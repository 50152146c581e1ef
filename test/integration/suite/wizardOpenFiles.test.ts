// The files an answer creates for the user to edit open in an editor, in the real extension host
// (docs/okstra-files.md › New tasks, docs/steps.md › Steps): a new task's brief.md after task-new, and the answers file after
// clarification-pick `answer-now`. The wizard's next prompt still appears after the editor opens and the wizard
// is answered to the end through it (the accept command acts on the visible QuickPick only).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  FakeDialogs,
  activeExtension,
  answerUntilConfirmed,
  choose,
  closePrompt,
  fakeProviderClis,
  features,
  isQuickPick,
  newTask,
  nextInput,
  stepOf,
  typeAndAccept,
  waitFor,
  type Input,
} from './wizardMoreHelpers';

/** The text editor tab of this file, in any group. */
function tabOf(fileAbs: string): vscode.Tab | undefined {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .find((t) => t.input instanceof vscode.TabInputText && t.input.uri.fsPath === fileAbs);
}

function visibleEditorOf(fileAbs: string): vscode.TextEditor | undefined {
  return vscode.window.visibleTextEditors.find((e) => e.document.uri.fsPath === fileAbs);
}

describe('wizard opens the files it creates', function () {
  this.timeout(120_000);
  let root: string;
  let dialogs: FakeDialogs;
  let clis: ReturnType<typeof fakeProviderClis>;

  before(async () => {
    await activeExtension();
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    assert.equal(fs.existsSync(path.join(root, '.okstra/tasks/open')), false, '.okstra/tasks/open is already in the workspace');
    dialogs = new FakeDialogs();
    features().setDialogs(dialogs);
    clis = fakeProviderClis();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await closePrompt().catch(() => undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    features().setDialogs(undefined);
    clis.unset();
    clis.remove();
    fs.rmSync(path.join(root, '.okstra/tasks/open'), { recursive: true, force: true });
  });

  afterEach(async () => {
    await closePrompt().catch(() => undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('+ New task… opens the new brief.md for editing, and the wizard goes on to task-type and can be finished', async () => {
    const brief = path.join(root, '.okstra/tasks/open/brief-1/brief.md');
    const input = await newTask('open/brief-1');

    const tab = await waitFor('the brief.md tab', () => tabOf(brief));
    assert.equal(tab.isPreview, false, 'opened for editing, not as a preview');
    const editor = await waitFor('the brief.md editor', () => visibleEditorOf(brief));
    assert.match(editor.document.getText(), /^---\n/, 'the brief template with front matter');
    assert.equal(features().wizard.runner.input, input, 'the next prompt is still open after the editor opened');

    const seen = await answerUntilConfirmed(input);
    assert.equal(seen[0], 'task-type');
    assert.equal(features().wizard.session?.wizard.taskKey, 'open/brief-1');
  });

  it('clarification-pick answer-now opens the answers file with a `## <id>: <question>` heading per question, and the wizard can be finished', async () => {
    // A task with a questions file and no answers file yet.
    const dir = path.join(root, '.okstra/tasks/open/asked');
    fs.mkdirSync(path.join(dir, 'clarifications'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'task-manifest.json'),
      `${JSON.stringify({ taskKey: 'open/asked', taskGroup: 'open', taskId: 'asked', title: 'Asked', updatedAt: '2026-11-29T09:00:00Z' }, null, 2)}\n`,
    );
    fs.writeFileSync(path.join(dir, 'brief.md'), '# Asked\n\nA task with open questions.\n');
    fs.writeFileSync(
      path.join(dir, 'clarifications/2026-11-29-1.questions.yaml'),
      '- id: q1\n  question: Which regions are in scope?\n- id: q2\n  question: Is a downtime window acceptable?\n',
    );
    const answers = path.join(dir, 'clarifications/2026-11-29-1.answers.md');

    void vscode.commands.executeCommand('okstra.newRun');
    let input: Input = await nextInput();
    assert.equal(stepOf(input), 'task-pick');
    assert.ok(isQuickPick(input));
    await choose(input, 'open/asked');
    for (let guard = 0; ; guard++) {
      assert.ok(guard < 30, 'clarification-pick was never asked');
      input = await nextInput(input);
      if (stepOf(input) === 'clarification-pick') break;
      assert.equal(tabOf(answers), undefined, `nothing is opened before clarification-pick (at ${stepOf(input)})`);
      if (isQuickPick(input)) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      else await typeAndAccept(input, input.value);
    }
    assert.ok(isQuickPick(input));
    await choose(input, 'answer-now');

    const tab = await waitFor('the answers file tab', () => tabOf(answers));
    assert.equal(tab.isPreview, false, 'opened for editing, not as a preview');
    const editor = await waitFor('the answers file editor', () => visibleEditorOf(answers));
    assert.equal(editor.document.getText(), '## q1: Which regions are in scope?\n\n## q2: Is a downtime window acceptable?\n\n');
    // The wizard waits while the person writes: no prompt covers the file; the view says so.
    await waitFor('the wizard to wait', () => features().wizard.waitingFor);
    assert.equal(features().wizard.runner.input, undefined, 'no prompt over the answers file');
    assert.ok(
      features().tree.rows.some((r) => r.id === 'waiting'),
      features()
        .tree.rows.map((r) => r.id)
        .join(' '),
    );
    fs.appendFileSync(answers, 'All EU regions; a 10-minute window is fine.\n');
    void vscode.commands.executeCommand('okstra.resume');
    input = await nextInput(input);
    assert.notEqual(stepOf(input), 'clarification-pick');

    await answerUntilConfirmed(input);
    assert.equal(
      features().wizard.session?.wizard.state.clarification_response_path,
      '.okstra/tasks/open/asked/clarifications/2026-11-29-1.answers.md',
    );
  });
});
