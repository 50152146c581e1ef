// The wizard's language-model tools in the real extension host, called through vscode.lm.invokeTool as a chat agent
// would (no chat model is needed): a task's runs, the current prompt, an answer bound to its prompt id and revision, a stale answer
// refused with nothing written, a rewind, and the outcome; the tree follows the tools' writes like any other writer's.
// VS Code confirms every tool call itself while extension tests run (its dialog service skips dialogs then), so the
// confirmations that prepareInvocation returns are checked by test/unit/vscode/lmTools.test.ts.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { closePrompt, features, newTask, openWizardHost, stateFileOf, waitFor, type WizardHost } from './wizardMoreHelpers';

const TASK = 'lm/lm-it';

async function invoke(name: string, input: object): Promise<any> {
  const r = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const part = r.content.find((p) => p instanceof vscode.LanguageModelTextPart) as vscode.LanguageModelTextPart | undefined;
  assert.ok(part, `${name} returned no text`);
  return JSON.parse(part.value);
}

/** The default option (or text), as the progress simulation would answer; `run` at confirm. */
function defaultAnswer(p: any): string {
  if (p.id === 'confirm') return 'run';
  if (p.kind === 'text') return p.default ?? '';
  const enabled = (p.options as any[]).filter((o) => !o.disabled);
  return (enabled.find((o) => o.default) ?? enabled[0]).value;
}

function treeCurrent(): string | undefined {
  return features().tree.rows.find((r) => r.contextValue === 'current')?.stepId;
}

describe('language-model tools (vscode.lm.invokeTool)', function () {
  this.timeout(180_000);
  let host: WizardHost;
  let stateFile: string;

  before(async () => {
    host = await openWizardHost();
    await newTask(TASK);
    await closePrompt();
    stateFile = stateFileOf(host.root, TASK);
  });

  after(async () => {
    if (!host) return;
    await host.close();
    // The suites after this one start from the workspace as it was: no `lm` task, no wizard of it.
    fs.rmSync(path.join(host.root, '.okstra/tasks/lm'), { recursive: true, force: true });
  });

  it('contributes and registers the wizard tools', () => {
    const names = vscode.lm.tools.map((t) => t.name);
    for (const n of [
      'okstra_wizard_current',
      'okstra_wizard_answer',
      'okstra_wizard_rewind',
      'okstra_wizard_outcome',
      'okstra_wizard_task_runs',
    ]) {
      assert.ok(names.includes(n), `${n} is not registered: ${names.join(', ')}`);
    }
  });

  it("lists a task's runs (none yet for a new task) and writes nothing", async () => {
    const before = fs.readFileSync(stateFile);
    const doc = await invoke('okstra_wizard_task_runs', { task: TASK });
    assert.deepEqual([doc.ok, doc.task, doc.runs, doc.total], [true, TASK, [], 0], JSON.stringify(doc));
    assert.deepEqual(fs.readFileSync(stateFile), before);
  });

  it('shows the current prompt of the wizard the view shows, with its revision, and writes nothing', async () => {
    const before = fs.readFileSync(stateFile);
    const doc = await invoke('okstra_wizard_current', {});
    assert.equal(doc.ok, true, JSON.stringify(doc));
    assert.equal(doc.task, TASK);
    assert.equal(doc.current.id, 'task-type');
    assert.match(doc.current.revision, /^[0-9a-f]{16}$/);
    assert.deepEqual(fs.readFileSync(stateFile), before);
  });

  it('answers the prompt it names; the tree follows; a stale answer is refused with nothing written', async function () {
    const shown = (await invoke('okstra_wizard_current', {})).current;
    const answer = defaultAnswer(shown);
    const doc = await invoke('okstra_wizard_answer', { answer, prompt: shown.id, revision: shown.revision });
    assert.equal(doc.ok, true, JSON.stringify(doc));
    assert.equal(doc.next.id, 'brief');
    const saved = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    assert.equal(saved.task_type, answer);
    await waitFor('the tree to follow the tool', () => treeCurrent() === 'brief');

    // The same answer again, to the prompt that was shown before: refused, nothing written, no confirmation needed to tell.
    const bytes = fs.readFileSync(stateFile);
    const stale = await invoke('okstra_wizard_answer', { answer, prompt: shown.id, revision: shown.revision });
    assert.equal(stale.ok, false);
    assert.equal(stale.code, 'wrong-prompt');
    assert.equal(stale.error, "the current prompt is 'brief', not 'task-type'; nothing was written");
    assert.equal(stale.current.id, 'brief');
    assert.deepEqual(fs.readFileSync(stateFile), bytes);
  });

  it('rewinds, answers to the end, and reads the outcome; nothing runs', async function () {
    const shown = (await invoke('okstra_wizard_current', {})).current;
    const back = await invoke('okstra_wizard_rewind', { to: 'task-type', prompt: shown.id, revision: shown.revision });
    assert.equal(back.ok, true, JSON.stringify(back));
    assert.equal(back.next.id, 'task-type');
    await waitFor('the tree to show the rewind', () => treeCurrent() === 'task-type');

    const early = await invoke('okstra_wizard_outcome', {});
    assert.equal(early.ok, false);
    assert.equal(early.code, 'not-complete');

    let prompt = back.next;
    for (let i = 0; i < 40 && prompt.kind !== 'done'; i++) {
      const r = await invoke('okstra_wizard_answer', { answer: defaultAnswer(prompt), prompt: prompt.id, revision: prompt.revision });
      assert.equal(r.ok, true, JSON.stringify(r));
      prompt = r.next;
    }
    assert.equal(prompt.kind, 'done');
    const outcome = await invoke('okstra_wizard_outcome', {});
    assert.equal(outcome.ok, true, JSON.stringify(outcome).slice(0, 500));
    const argv: string[] = outcome.renderArgv;
    assert.equal(argv[argv.indexOf('--task-id') + 1], 'lm-it');
    assert.ok(outcome.confirmationText.length > 0);
    assert.equal(JSON.parse(fs.readFileSync(stateFile, 'utf8')).last_run ?? null, null, 'nothing was run');
  });
});
