// The language-model tools (src/vscode/lm/) over a fake `vscode` module: what each tool's prepareInvocation asks
// before it changes anything (VS Code itself confirms every call while extension tests run, so the integration suite
// cannot see it), that asking writes nothing, and that the contributed tools are the registered ones.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cleanupTemp, cliInProcess, tempDir } from '../cli/cliHarness';
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
    const { LM_TOOL_NAMES } = require('../../../src/vscode/lm/wizardTools') as typeof import('../../../src/vscode/lm/wizardTools');
    assert.deepEqual([...tools.keys()].sort(), contributed);
    assert.deepEqual([...LM_TOOL_NAMES].sort(), contributed);
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
});
