// `init` refuses a --state it cannot honestly own (bad usage, exit 2, nothing written).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanupTemp, cli, copyFixture, fullMachine, snapshotTree, tempDir } from './cliHarness';

describe('cli: init onto paths it cannot own', function () {
  this.timeout(60_000);
  let env: NodeJS.ProcessEnv;
  before(() => {
    ({ env } = fullMachine());
  });
  after(cleanupTemp);

  it('a symlink loop at --state exits 2 (usage), naming the file', async () => {
    const root = copyFixture('okstra-project');
    const dir = tempDir();
    const loop = path.join(dir, 'loop.wizard.json');
    fs.symlinkSync(loop, loop);
    const r = await cli(['init', '--state', loop, '--project-root', root], { env });
    assert.equal(r.code, 2, r.stdout);
    assert.equal(r.json.code, 'usage');
    assert.equal(r.json.error, `${loop}: is a symlink loop (or a link that cannot be resolved); choose another path`);
  });

  it("--state inside another project's .okstra/tasks is refused, not silently rebased", async () => {
    const a = copyFixture('okstra-project');
    const b = copyFixture('okstra-project');
    const state = path.join(b, '.okstra', 'tasks', 'payments', 'x.wizard.json');
    const before = snapshotTree(b);
    const r = await cli(['init', '--state', state, '--project-root', a], { env });
    assert.equal(r.code, 2, r.stdout);
    assert.equal(r.json.code, 'usage');
    assert.match(r.json.error, /lies in the tasks folder of another project \(.*\), not of --project-root /);
    assert.deepEqual(snapshotTree(b), before, 'nothing written');
    const same = await cli(['init', '--state', path.join(a, '.okstra', 'tasks', 'payments', 'x.wizard.json'), '--project-root', a], {
      env,
    });
    assert.equal(same.code, 0, same.stdout);
  });

  it('a task whose id is too long for its state file (230–255 bytes) is listed as unavailable, not offered', async () => {
    const root = copyFixture('okstra-project');
    const id = 'a'.repeat(230);
    const dir = path.join(root, '.okstra', 'tasks', 'payments', id);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'task-manifest.json'), JSON.stringify({ taskGroup: 'payments', taskId: id, title: 'long' }));
    const state = path.join(root, 'long.wizard.json');
    const r = await cli(['init', '--state', state, '--project-root', root], { env });
    assert.equal(r.code, 0, r.stdout);
    const o = r.json.next.options.find((x: any) => x.value === `payments/${id}`);
    assert.equal(o.disabled, true);
    assert.match(o.description, /is too long for its state file \(230 bytes/);
    const pick = await cli(['step', '--state', state, '--answer', `payments/${id}`], { env });
    assert.equal(pick.json.ok, false);
    assert.equal(pick.json.code, 'refused-answer');
  });
});
