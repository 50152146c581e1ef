// okstra_wizard_task_runs, the language-model twin of wizard_task_runs (src/host/toolBodies.ts): the same document
// as the MCP tool for a task named; without one, the runs of the task of the wizard the view shows. While it runs,
// the chat shows its definition's reading text.
import { strict as assert } from 'node:assert';
import * as os from 'node:os';
import * as path from 'node:path';
import { TaskRunsDocSchema } from '../../../src/host/documentSchemas';
import { cleanupTemp } from '../cli/cliHarness';
import { inProcessMcp, mcpHostOf, runsProject } from '../mcp/mcpHarness';
import { installLmTools, type LmHarness } from './lmHarness';

const TASK = 'payments/refund-queue';

describe('language-model tools: okstra_wizard_task_runs lists a task’s runs', function () {
  this.timeout(60_000);
  let project: string;
  let shown: string | null;
  let lm: LmHarness;

  beforeEach(() => {
    project = runsProject();
    shown = null;
    process.env.OKSTRA_TERMINAL_BACKEND = 'vscode-terminal';
    process.env.HOME = process.env.HOME ?? os.tmpdir();
    const bin = path.join(project, '.demo-bin');
    lm = installLmTools(project, () => shown, `${bin}${path.delimiter}${path.dirname(process.execPath)}`);
  });

  afterEach(() => {
    lm.restore();
    delete process.env.OKSTRA_TERMINAL_BACKEND;
  });
  after(cleanupTemp);

  it('for a task named: the MCP tool’s document; the chat is told it reads the runs', async () => {
    const doc = await lm.call('okstra_wizard_task_runs', { task: TASK, limit: 2 });
    TaskRunsDocSchema.parse(doc);
    const s = await inProcessMcp(mcpHostOf(project));
    try {
      const mcp = await s.call('wizard_task_runs', { task: TASK, limit: 2 });
      assert.deepEqual(doc, mcp.doc);
    } finally {
      await s.close();
    }
    assert.equal(doc.runs[0].team, 'usual-panel');
    const prepared = await lm.tools.get('okstra_wizard_task_runs')!.prepareInvocation!({ input: {} }, undefined);
    assert.equal(prepared.invocationMessage, "Reading the task's okstra runs…");
  });

  it('without a task: the runs of the task of the wizard the view shows', async () => {
    const init = await lm.call('okstra_wizard_init', { task: TASK });
    assert.equal(init.ok, true, JSON.stringify(init));
    shown = path.join(project, init.state);
    const doc = await lm.call('okstra_wizard_task_runs', {});
    assert.equal(doc.ok, true, JSON.stringify(doc));
    assert.equal(doc.task, TASK);
    assert.deepEqual(
      doc.runs.map((r: { runId: string }) => r.runId),
      ['2026-11-26-1', '2026-11-23-1', '2026-11-18-1'],
    );
  });
});
