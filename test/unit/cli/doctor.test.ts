// `okstra-wizard doctor`: the host's check of the run environment (src/host/runEnvironment.ts) for the CLI's own
// process: okstra with its version, the provider CLIs (all of the project's, or those a wizard's roles need), the
// terminal backend; a JSON document valid against its schema, exit 0, nothing written.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DoctorDocSchema } from '../../../src/host/documentSchemas';
import { cleanupTemp, cli, snapshotTree } from './cliHarness';
import { demoCopy, demoEnv } from '../mcp/mcpHarness';

describe('cli: doctor', function () {
  this.timeout(60_000);
  after(cleanupTemp);

  it('the demo with its stand-ins on PATH: ready, okstra with its version, every provider CLI; nothing written', async () => {
    const project = demoCopy();
    const before = snapshotTree(project);
    const r = await cli(['doctor', '--project-root', project], { env: demoEnv(project) });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    DoctorDocSchema.parse(r.json);
    assert.equal(r.json.ready, true, r.stdout);
    assert.equal(r.json.summary, 'ready: okstra 0.9.0 (demo stand-in); 5 provider CLIs found');
    assert.ok(r.json.checks.some((c: { code: string }) => c.code === 'okstra-found'));
    assert.deepEqual(snapshotTree(project), before, 'nothing written');
  });

  it('okstra missing from PATH: not ready, the check says so and names what fixes it', async () => {
    const project = demoCopy();
    const bin = path.join(project, '.demo-bin');
    fs.rmSync(path.join(bin, 'okstra'));
    const r = await cli(['doctor', '--project-root', project], { env: demoEnv(project) });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    DoctorDocSchema.parse(r.json);
    assert.equal(r.json.ready, false);
    const missing = r.json.checks.find((c: { code: string }) => c.code === 'okstra-missing');
    assert.ok(missing, r.stdout);
    assert.equal(missing.status, 'problem');
    assert.match(missing.fix, /PATH|okstra\.command/);
  });

  it("with --state: the providers the wizard's roles need, each with its roles", async () => {
    const project = demoCopy();
    const env = demoEnv(project);
    const state = path.join(project, '.okstra', 'tasks', 'payments', 'refund-timeout.wizard.json');
    const r = await cli(['doctor', '--state', state], { env });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    DoctorDocSchema.parse(r.json);
    const providers = r.json.checks.filter((c: { code: string }) => c.code === 'provider-found');
    assert.ok(providers.length > 0, r.stdout);
    assert.ok(
      providers.every((c: { roles?: string[] }) => Array.isArray(c.roles) && c.roles.length > 0),
      r.stdout,
    );
  });

  it('bad usage: an empty --project-root, an unexpected argument (exit 2)', async () => {
    for (const [args, error] of [
      [['doctor', '--project-root', ''], '--project-root needs a directory'],
      [['doctor', 'extra'], "unexpected argument 'extra' for 'doctor'"],
    ] as const) {
      const r = await cli([...args]);
      assert.equal(r.code, 2, r.stdout);
      assert.equal(r.json.error, error);
    }
  });
});
