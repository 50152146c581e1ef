// wizard_run_environment (MCP) and okstra_wizard_run_environment (its language-model twin): the host's check of the
// run environment (src/host/runEnvironment.ts) through the SDK's client and the extension's tool, read-only.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanupTemp, snapshotTree } from '../cli/cliHarness';
import { DoctorDocSchema } from '../../../src/host/documentSchemas';
import { demoCopy, demoEnv, inProcessMcp, mcpHostOf, type McpSession } from './mcpHarness';
import { installLmTools } from '../vscode/lmHarness';

describe('agent tool: the run environment', function () {
  this.timeout(60_000);
  const sessions: McpSession[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });
  after(cleanupTemp);

  it('MCP: listed read-only; on the demo ready, okstra with its version, every provider; nothing written', async () => {
    const project = demoCopy();
    const s = await inProcessMcp(mcpHostOf(project));
    sessions.push(s);
    const { tools } = await s.client.listTools();
    const tool = tools.find((t) => t.name === 'wizard_run_environment');
    assert.ok(tool, 'listed');
    assert.equal(tool.annotations?.readOnlyHint, true);
    const before = snapshotTree(project);
    const r = await s.call('wizard_run_environment', {});
    assert.equal(r.isError, false, r.text);
    DoctorDocSchema.parse(r.doc);
    assert.equal(r.doc.ready, true, r.text);
    assert.equal(r.doc.summary, 'ready: okstra 0.9.0 (demo stand-in); 5 provider CLIs found');
    assert.deepEqual(snapshotTree(project), before, 'nothing written');
  });

  it("MCP: with a task, the providers its wizard's roles need; okstra missing is a problem with its fix", async () => {
    const project = demoCopy();
    fs.rmSync(path.join(project, '.demo-bin', 'okstra'));
    const s = await inProcessMcp(mcpHostOf(project));
    sessions.push(s);
    const r = await s.call('wizard_run_environment', { task: 'payments/refund-timeout' });
    assert.equal(r.isError, false, r.text);
    assert.equal(r.doc.ready, false);
    const missing = r.doc.checks.find((c: { code: string }) => c.code === 'okstra-missing');
    assert.ok(missing?.fix, r.text);
    const providers = r.doc.checks.filter((c: { code: string }) => c.code === 'provider-found');
    assert.ok(providers.length > 0 && providers.every((c: { roles?: string[] }) => (c.roles ?? []).length > 0), r.text);
  });

  it('the language-model tool: the same check in the extension host, for the folder without a wizard', async () => {
    const project = demoCopy();
    const lm = installLmTools(project, () => null, demoEnv(project).PATH);
    try {
      const doc = await lm.call('okstra_wizard_run_environment', {});
      DoctorDocSchema.parse(doc);
      assert.equal(doc.ready, true, JSON.stringify(doc));
      assert.ok(doc.checks.some((c: { code: string }) => c.code === 'workspace-trusted'));
    } finally {
      lm.restore();
    }
  });
});
