// The language-model tools (src/vscode/lm/) over a fake `vscode` module: what each tool's prepareInvocation asks
// before it changes anything (VS Code itself confirms every call while extension tests run, so the integration suite
// cannot see it), that asking writes nothing, and that the contributed tools are the registered ones.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WIZARD_TOOLS } from '../../../src/host/tools';
import { cleanupTemp, cliInProcess, defaultAnswer, tempDir } from '../cli/cliHarness';
import { installLmTools, type LmHarness, type LmTool } from './lmHarness';

const REPO = path.resolve(__dirname, '..', '..', '..');
const DEMO = path.join(REPO, 'demo');

describe('language-model tools: confirmations and registration', function () {
  this.timeout(30_000);
  let tools: Map<string, LmTool>;
  let project: string;
  let statePath: string;
  let lm: LmHarness;

  before(async () => {
    project = path.join(tempDir('okstra-lm-'), 'acme-payments');
    fs.cpSync(DEMO, project, { recursive: true });
    const bin = path.join(project, '.demo-bin');
    const env = {
      PATH: `${bin}${path.delimiter}${path.dirname(process.execPath)}`,
      HOME: os.tmpdir(),
      OKSTRA_TERMINAL_BACKEND: 'vscode-terminal',
    };
    statePath = path.join(project, '.okstra', 'tasks', 'checkout', 'saved-card-migration.wizard.json');
    const init = await cliInProcess(
      ['init', '--state', statePath, '--project-root', project, '--task', 'checkout/saved-card-migration'],
      env,
    );
    assert.equal(init.json?.ok, true, init.stdout);
    lm = installLmTools(project, () => statePath, env.PATH);
    tools = lm.tools;
  });

  after(() => {
    lm.restore();
    cleanupTemp();
  });

  async function current(): Promise<any> {
    const r = await tools.get('okstra_wizard_current')!.invoke({ input: {}, toolInvocationToken: undefined }, undefined);
    return JSON.parse(r.content[0].value);
  }

  it('registers exactly the tools package.json contributes', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
    const contributed = (pkg.contributes.languageModelTools as Array<{ name: string }>).map((t) => t.name).sort();
    const defined = Object.values(WIZARD_TOOLS)
      .map((d) => `okstra_${d.name}`)
      .sort();
    assert.deepEqual([...tools.keys()].sort(), contributed);
    assert.deepEqual(defined, contributed);
  });

  it('asks before answering, naming the step, its question, the wizard and the answer; asking writes nothing', async () => {
    const shown = (await current()).current;
    assert.equal(shown.id, 'task-type');
    const before = fs.readFileSync(statePath);
    const prepared = await tools.get('okstra_wizard_answer')!.prepareInvocation!(
      { input: { answer: 'error-analysis', prompt: shown.id, revision: shown.revision } },
      undefined,
    );
    assert.equal(prepared.confirmationMessages.title, 'okstra wizard: answer task-type?');
    const message: string = prepared.confirmationMessages.message;
    for (const part of [shown.label, 'task-type', 'checkout/saved-card-migration', 'error-analysis', 'does not run okstra']) {
      assert.ok(message.includes(part), `${part} is not in: ${message}`);
    }
    assert.deepEqual(fs.readFileSync(statePath), before);
  });

  it('asks before a rewind, naming the step it goes back to', async () => {
    const prepared = await tools.get('okstra_wizard_rewind')!.prepareInvocation!({ input: { to: 'task-pick' } }, undefined);
    assert.equal(prepared.confirmationMessages.title, 'okstra wizard: go back to task-pick?');
    assert.ok(prepared.confirmationMessages.message.includes('checkout/saved-card-migration'));
  });

  it('does not ask before the tools that only read', async () => {
    for (const name of ['okstra_wizard_current', 'okstra_wizard_outcome']) {
      const prepared = await tools.get(name)!.prepareInvocation!({ input: {} }, undefined);
      assert.equal(prepared.confirmationMessages, undefined, name);
    }
  });

  it('answers the prompt it names, and refuses a stale one with nothing written', async () => {
    const shown = (await current()).current;
    const answer = await tools
      .get('okstra_wizard_answer')!
      .invoke(
        { input: { answer: 'requirements-discovery', prompt: shown.id, revision: shown.revision }, toolInvocationToken: undefined },
        undefined,
      );
    const doc = JSON.parse(answer.content[0].value);
    assert.equal(doc.ok, true, JSON.stringify(doc));
    assert.equal(JSON.parse(fs.readFileSync(statePath, 'utf8')).task_type, 'requirements-discovery');
    const before = fs.readFileSync(statePath);
    const stale = await tools
      .get('okstra_wizard_answer')!
      .invoke(
        { input: { answer: 'requirements-discovery', prompt: shown.id, revision: shown.revision }, toolInvocationToken: undefined },
        undefined,
      );
    const refused = JSON.parse(stale.content[0].value);
    assert.equal(refused.code, 'wrong-prompt');
    assert.equal(refused.current.id, doc.next.id);
    assert.deepEqual(fs.readFileSync(statePath), before);
  });

  it('names the prompt an answer is bound to, not the step the wizard is at, and says it will be refused', async () => {
    const first = (await current()).current;
    const moved = await lm.call('okstra_wizard_answer', { answer: defaultAnswer(first), prompt: first.id, revision: first.revision });
    assert.equal(moved.ok, true, JSON.stringify(moved));
    const now = moved.next;
    const before = fs.readFileSync(statePath);
    const prepared = await tools.get('okstra_wizard_answer')!.prepareInvocation!(
      { input: { answer: defaultAnswer(first), prompt: first.id, revision: first.revision } },
      undefined,
    );
    assert.equal(prepared.confirmationMessages.title, `okstra wizard: answer ${first.id}?`);
    const message: string = prepared.confirmationMessages.message;
    assert.ok(message.includes(`(${first.id})`), message);
    assert.ok(!message.includes(`“${now.label}” (${now.id}) of`), `the current prompt is not the one answered: ${message}`);
    assert.ok(message.includes(`it is at “${now.label}”, ${now.id}`), message);
    assert.ok(message.includes('will be refused and nothing written'), message);
    // The same prompt over bytes that changed since it was shown: the revisions are named.
    const stale = await tools.get('okstra_wizard_answer')!.prepareInvocation!(
      { input: { answer: defaultAnswer(now), prompt: now.id, revision: '0000000000000000' } },
      undefined,
    );
    assert.ok(
      stale.confirmationMessages.message.includes(`revision 0000000000000000 is now ${now.revision}`),
      stale.confirmationMessages.message,
    );
    // A rewind bound to a prompt names it too.
    const rewind = await tools.get('okstra_wizard_rewind')!.prepareInvocation!(
      { input: { to: 'task-pick', prompt: now.id, revision: now.revision } },
      undefined,
    );
    assert.ok(
      rewind.confirmationMessages.message.includes(`The call is bound to “${now.label}” (${now.id}).`),
      rewind.confirmationMessages.message,
    );
    assert.deepEqual(fs.readFileSync(statePath), before);
  });

  it('picks a team at team-pick like any answer: the team answers every agent question', async () => {
    const answer = async (shown: any, value: string): Promise<any> => {
      const r = await tools
        .get('okstra_wizard_answer')!
        .invoke({ input: { answer: value, prompt: shown.id, revision: shown.revision }, toolInvocationToken: undefined }, undefined);
      return JSON.parse(r.content[0].value);
    };
    let shown = (await current()).current;
    for (let i = 0; i < 20 && shown.id !== 'team-pick'; i++) {
      const doc = await answer(shown, defaultAnswer(shown));
      assert.equal(doc.ok, true, JSON.stringify(doc));
      shown = doc.next;
    }
    assert.equal(shown.id, 'team-pick');
    const refused = await answer(shown, 'usual-panel');
    assert.equal(refused.code, 'refused-answer', 'a team that cannot be used on this run is refused with its reason');
    assert.match(refused.error, /team 'usual-panel' cannot be used on this run: role 'planner' is not selectable/);
    const picked = await answer(shown, 'review-panel');
    assert.equal(picked.ok, true, JSON.stringify(picked));
    assert.equal(picked.echo, 'team-pick: review-panel');
    assert.ok(!picked.next.id.startsWith('role-'), `the team answered the agent questions: next ${picked.next.id}`);
    const saved = JSON.parse(fs.readFileSync(statePath, 'utf8'));
    assert.equal(saved.teamPick, 'review-panel');
    assert.deepEqual(saved.roleModels.analyser, ['claude/opus-4.5', 'codex/gpt-5.1-codex']);
  });

  it('asks before the answer that confirms the run with the command line okstra: Run will start; other answers without it', async () => {
    let shown = (await current()).current;
    for (let i = 0; i < 20 && shown.id !== 'confirm'; i++) {
      const doc = await lm.call('okstra_wizard_answer', { answer: defaultAnswer(shown), prompt: shown.id, revision: shown.revision });
      assert.equal(doc.ok, true, JSON.stringify(doc));
      shown = doc.next;
    }
    assert.equal(shown.id, 'confirm');
    const before = fs.readFileSync(statePath);
    const preview = await lm.call('okstra_wizard_preview', {});
    assert.equal(preview.ok, true, JSON.stringify(preview));
    const run = shown.options.find((o: any) => o.value === 'run');
    for (const answer of ['run', run.label, `#${shown.options.indexOf(run) + 1}`]) {
      const prepared = await tools.get('okstra_wizard_answer')!.prepareInvocation!(
        { input: { answer, prompt: shown.id, revision: shown.revision } },
        undefined,
      );
      const message: string = prepared.confirmationMessages.message;
      assert.ok(message.includes('This confirms the run'), `${answer}: ${message}`);
      assert.ok(message.includes('okstra render-bundle'), `${answer}: ${message}`);
      for (const arg of preview.renderArgv.filter((a: string) => /^[\w./:=-]+$/.test(a)))
        assert.ok(message.includes(arg), `${arg} in ${message}`);
    }
    const other = shown.options.find((o: any) => o.value !== 'run' && !o.disabled);
    const prepared = await tools.get('okstra_wizard_answer')!.prepareInvocation!(
      { input: { answer: other.value, prompt: shown.id, revision: shown.revision } },
      undefined,
    );
    assert.ok(!prepared.confirmationMessages.message.includes('render-bundle'), prepared.confirmationMessages.message);
    assert.deepEqual(fs.readFileSync(statePath), before);
  });
});
