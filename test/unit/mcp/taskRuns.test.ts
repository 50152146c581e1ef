// wizard_task_runs through the SDK's client (src/host/toolBodies.ts): a task's runs newest first, as the Tasks view
// reads them (src/workspace/runHistory.ts), with the configured team their agents are, their agents per role, their
// inputs.json, and the problem when that file is missing; a limit; an unknown task refused with the known ones.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TaskRunsDocSchema } from '../../../src/host/documentSchemas';
import { cleanupTemp } from '../cli/cliHarness';
import { demoCopy, inProcessMcp, mcpHostOf, runsProject, type McpSession } from './mcpHarness';

const TASK = 'payments/refund-queue';

describe('MCP server: wizard_task_runs lists a task’s runs (SDK client)', function () {
  this.timeout(60_000);
  const sessions: McpSession[] = [];
  const open = async (project: string) => {
    const s = await inProcessMcp(mcpHostOf(project));
    sessions.push(s);
    return s;
  };
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });
  after(cleanupTemp);

  it('newest first, each with run type, date, status, the team its agents are, its agents and its inputs.json; changes nothing', async () => {
    const project = runsProject();
    const before = fs.readdirSync(path.join(project, '.okstra', 'tasks', 'payments'));
    const s = await open(project);
    const r = await s.call('wizard_task_runs', { task: TASK });
    assert.equal(r.isError, false, r.text);
    TaskRunsDocSchema.parse(r.doc);
    assert.equal(r.doc.task, TASK);
    assert.equal(r.doc.total, 3);
    assert.deepEqual(
      r.doc.runs.map((x: any) => x.runId),
      ['2026-11-26-1', '2026-11-23-1', '2026-11-18-1'],
    );
    const [newest, middle, oldest] = r.doc.runs;
    assert.equal(newest.runType, 'implementation');
    assert.equal(newest.status, 'prepared');
    assert.match(newest.date, /^2026-11-2[56]T/);
    assert.equal(newest.team, 'usual-panel');
    assert.deepEqual(newest.agents.planner, ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro']);
    assert.deepEqual(newest.agents.critic, []);
    assert.equal(newest.inputs, path.join('.okstra', 'tasks', 'payments', 'refund-queue', 'runs', '2026-11-26-1', 'inputs.json'));
    assert.equal(newest.problem, undefined);
    assert.equal(middle.outcome, 'stage-done');
    assert.notEqual(middle.agents, null);
    // Its inputs.json is gone: no agents, no team, and the problem says so.
    assert.equal(oldest.agents, null);
    assert.equal(oldest.team, null);
    assert.match(oldest.problem, /2026-11-18-1.inputs\.json is missing/);
    assert.deepEqual(fs.readdirSync(path.join(project, '.okstra', 'tasks', 'payments')), before);
  });

  it('limit keeps the newest; a task without runs has none; an unknown task is refused (usage) naming the nearest', async () => {
    const s = await open(demoCopy());
    const limited = await s.call('wizard_task_runs', { task: TASK, limit: 1 });
    assert.deepEqual(
      limited.doc.runs.map((x: any) => x.runId),
      ['2026-11-26-1'],
    );
    assert.equal(limited.doc.total, 3);
    const none = await s.call('wizard_task_runs', { task: 'checkout/saved-card-migration' });
    assert.equal(none.isError, false, none.text);
    assert.deepEqual([none.doc.runs, none.doc.total], [[], 0]);
    const unknown = await s.call('wizard_task_runs', { task: 'payments/refund-queu' });
    assert.equal(unknown.isError, true);
    assert.equal(unknown.doc.code, 'usage');
    assert.match(unknown.doc.error, /payments\/refund-queue/);
    const missing = await s.call('wizard_task_runs', {});
    assert.equal(missing.doc.code, 'usage');
  });
});
