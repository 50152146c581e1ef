// The language-model tools at parity with the MCP server's (src/host/tools.ts): the same tools and inputs (task
// optional), the same documents (the CLI's schemas; the outcome with its program), the same refusals with `code`
// and `current`, and a task switch that keeps the wizard.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as z from 'zod';
import { OutcomeDocSchema, SubmitDocSchema, TreeDocSchema } from '../../../src/host/documentSchemas';
import { WIZARD_TOOLS } from '../../../src/host/tools';
import { cleanupTemp, tempDir } from '../cli/cliHarness';
import { walkAnswer } from '../mcp/mcpHarness';
import { installLmTools, type LmHarness } from './lmHarness';

const REPO = path.resolve(__dirname, '..', '..', '..');
const TASK = 'checkout/saved-card-migration';

function stateOf(project: string, task = TASK): string {
  const [group, id] = task.split('/');
  return path.join(project, '.okstra', 'tasks', group!, `${id}.wizard.json`);
}

describe('language-model tools: parity with the MCP tools (init, tree, preview, outcome, abort, refusals, task switch)', function () {
  this.timeout(60_000);
  let project: string;
  let lm: LmHarness;

  beforeEach(() => {
    project = path.join(tempDir('okstra-lm-'), 'acme-payments');
    fs.cpSync(path.join(REPO, 'demo'), project, { recursive: true });
    const bin = path.join(project, '.demo-bin');
    process.env.OKSTRA_TERMINAL_BACKEND = 'vscode-terminal';
    process.env.HOME = process.env.HOME ?? os.tmpdir();
    // No wizard shown in the view: each call names its task.
    lm = installLmTools(project, () => null, `${bin}${path.delimiter}${path.dirname(process.execPath)}`);
  });

  afterEach(() => {
    lm.restore();
    delete process.env.OKSTRA_TERMINAL_BACKEND;
  });
  after(cleanupTemp);

  async function walk(first: any, task = TASK): Promise<any> {
    let prompt = first;
    for (let i = 0; i < 60 && prompt.kind !== 'done' && prompt.id !== 'confirm'; i++) {
      const r = await lm.call('okstra_wizard_answer', { task, answer: walkAnswer(prompt), prompt: prompt.id, revision: prompt.revision });
      assert.equal(r.ok, true, `${prompt.id}: ${JSON.stringify(r)}`);
      prompt = r.next;
    }
    return prompt;
  }

  it("contributes each MCP tool as okstra_<name> with the MCP tool's input schema (task optional but for init)", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
    const contributed = new Map<string, any>((pkg.contributes.languageModelTools as any[]).map((t) => [t.name, t]));
    assert.deepEqual(
      [...contributed.keys()].sort(),
      Object.values(WIZARD_TOOLS)
        .map((d) => `okstra_${d.name}`)
        .sort(),
    );
    for (const [key, d] of Object.entries(WIZARD_TOOLS)) {
      const { $schema: _drop, ...schema } = z.toJSONSchema(d.input as never, { target: 'draft-7', io: 'input' }) as any;
      if (key !== 'init' && Array.isArray(schema.required)) {
        schema.required = schema.required.filter((r: string) => r !== 'task');
        if (schema.required.length === 0) delete schema.required;
      }
      assert.deepEqual(contributed.get(`okstra_${d.name}`).inputSchema, schema, d.name);
    }
  });

  it('init, tree, preview at confirm, outcome with its program, all as the CLI documents; a second init is refused with current', async () => {
    const init = await lm.call('okstra_wizard_init', { task: TASK });
    assert.equal(init.ok, true, JSON.stringify(init));
    SubmitDocSchema.parse({ ok: init.ok, echo: init.echo, next: init.next, ...(init.notices ? { notices: init.notices } : {}) });
    assert.equal(init.state, path.join('.okstra', 'tasks', 'checkout', 'saved-card-migration.wizard.json'));
    assert.equal(fs.existsSync(stateOf(project)), true);

    const again = await lm.call('okstra_wizard_init', { task: TASK });
    assert.equal(again.code, 'usage');
    assert.deepEqual([again.current.id, again.current.revision], [init.next.id, init.next.revision]);

    const tree = await lm.call('okstra_wizard_tree', { task: TASK });
    const { task: _t, ...treeDoc } = tree;
    TreeDocSchema.parse(treeDoc);
    assert.deepEqual([tree.current, tree.revision], [init.next.id, init.next.revision]);

    const early = await lm.call('okstra_wizard_preview', { task: TASK });
    assert.equal(early.code, 'not-complete');
    assert.equal(early.current.id, init.next.id);

    const confirm = await walk(init.next);
    assert.equal(confirm.id, 'confirm');
    const preview = await lm.call('okstra_wizard_preview', { task: TASK });
    assert.equal(preview.ok, true, JSON.stringify(preview));
    const run = await lm.call('okstra_wizard_answer', { task: TASK, answer: 'run', prompt: confirm.id, revision: confirm.revision });
    assert.equal(run.next.kind, 'done');
    const outcome = await lm.call('okstra_wizard_outcome', { task: TASK });
    const { task: _o, ...outcomeDoc } = outcome;
    OutcomeDocSchema.parse(outcomeDoc);
    assert.deepEqual(outcome.renderArgv, preview.renderArgv);
    assert.deepEqual(outcome.program.command, ['okstra']);
    assert.ok('path' in outcome.program);
  });

  it('bad arguments are the refusal usage with the current prompt; a stale abort writes nothing; abort ends the wizard', async () => {
    const init = await lm.call('okstra_wizard_init', { task: TASK, hostRuntime: 'codex', entryMode: 'current-session' });
    assert.deepEqual([init.hostRuntime, init.entryMode], ['codex', 'current-session']);
    assert.equal(JSON.parse(fs.readFileSync(stateOf(project), 'utf8')).host_runtime, 'codex');
    const shown = init.next;
    for (const input of [
      { task: TASK, answer: 'x', prompt: shown.id },
      { task: TASK, answer: 3, prompt: shown.id, revision: shown.revision },
    ]) {
      const bad = await lm.call('okstra_wizard_answer', input);
      assert.equal(bad.code, 'usage', JSON.stringify(bad));
      assert.match(bad.error, /^invalid arguments for okstra_wizard_answer: /);
      assert.deepEqual([bad.current.id, bad.current.revision], [shown.id, shown.revision]);
    }
    const badKey = await lm.call('okstra_wizard_current', { task: '../etc' });
    assert.equal(badKey.code, 'usage');

    const before = fs.readFileSync(stateOf(project));
    const stale = await lm.call('okstra_wizard_abort', { task: TASK, prompt: shown.id, revision: '0000000000000000' });
    assert.equal(stale.code, 'wrong-prompt');
    assert.equal(stale.current.id, shown.id);
    assert.deepEqual(fs.readFileSync(stateOf(project)), before);

    const prepared = await lm.tools.get('okstra_wizard_abort')!.prepareInvocation!({ input: { task: TASK } }, undefined);
    assert.ok(prepared.confirmationMessages.message.includes(TASK));
    const aborted = await lm.call('okstra_wizard_abort', { task: TASK, prompt: shown.id, revision: shown.revision });
    assert.equal(aborted.ok, true, JSON.stringify(aborted));
    assert.equal(aborted.next.kind, 'done');
    assert.equal(JSON.parse(fs.readFileSync(stateOf(project), 'utf8')).aborted, true);
    const outcome = await lm.call('okstra_wizard_outcome', { task: TASK });
    assert.equal(outcome.ok, false);
    assert.equal(outcome.current, null);
  });

  it('a rewind to task-pick and another task moves the wizard; the new task has it, the old one none', async () => {
    const init = await lm.call('okstra_wizard_init', { task: TASK });
    const rewound = await lm.call('okstra_wizard_rewind', {
      task: TASK,
      to: 'task-pick',
      prompt: init.next.id,
      revision: init.next.revision,
    });
    assert.equal(rewound.next.id, 'task-pick', JSON.stringify(rewound));
    const other = 'ledger/fx-rate-cache';
    const moved = await lm.call('okstra_wizard_answer', {
      task: TASK,
      answer: other,
      prompt: 'task-pick',
      revision: rewound.next.revision,
    });
    assert.equal(moved.ok, true, JSON.stringify(moved));
    assert.equal(moved.task, other);
    assert.equal(fs.existsSync(stateOf(project)), false);
    assert.equal(fs.existsSync(stateOf(project, other)), true);
    const cur = await lm.call('okstra_wizard_current', { task: other });
    assert.deepEqual([cur.current.id, cur.current.revision], [moved.next.id, moved.next.revision]);
    const gone = await lm.call('okstra_wizard_current', { task: TASK });
    assert.equal(gone.code, 'usage');
    const list = await lm.call('okstra_wizard_list', {});
    const listed = list.wizards.map((w: any) => w.task);
    assert.ok(listed.includes(other) && !listed.includes(TASK), JSON.stringify(listed));
    const tasks = await lm.call('okstra_wizard_tasks', { query: 'fx-rate' });
    assert.equal(tasks.tasks[0].key, other);
    assert.equal(tasks.tasks[0].wizard.status, 'unfinished');
  });
});
