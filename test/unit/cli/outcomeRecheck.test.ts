// `outcome` re-reconciles and re-checks files every time (src/core/wizard/outcomeCheck.ts):
// a confirmed wizard whose selection, files or identity changed is refused with `not-runnable`.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanupTemp, cli, copyFixture, driveInProcess, fullMachine, statePathIn } from './cliHarness';
import { ErrorDocSchema, OutcomeDocSchema } from '../../../src/cli/outputSchemas';

describe('cli: outcome is checked again every time', function () {
  this.timeout(120_000);
  let env: NodeJS.ProcessEnv;
  before(() => {
    ({ env } = fullMachine());
  });
  after(cleanupTemp);

  async function confirmedWizard(): Promise<{ root: string; state: string }> {
    const root = copyFixture('okstra-project');
    const state = statePathIn(root, 'payments', 'refund-timeout.recheck');
    const init = cli(['init', '--state', state, '--project-root', root, '--task', 'payments/refund-timeout'], { env });
    assert.equal(init.code, 0, init.stdout);
    await driveInProcess(state, init.json.next, { 'role-count:analyser': '2' }, env);
    const o = cli(['outcome', '--state', state], { env });
    OutcomeDocSchema.parse(o.json);
    assert.ok(
      o.json.renderArgv.includes('analyser=codex/gpt-5.1-codex') || o.json.renderArgv.some((a: string) => a.includes('codex/')),
      o.stdout,
    );
    return { root, state };
  }

  function refused(state: string, pattern: RegExp): any {
    const r = cli(['outcome', '--state', state], { env });
    assert.equal(r.code, 0, r.stdout);
    ErrorDocSchema.parse(r.json);
    assert.equal(r.json.code, 'not-runnable', r.stdout);
    assert.match(r.json.error, pattern);
    return r.json;
  }

  it('a provider disabled after confirming: refused, naming the removed model and a role step to edit', async () => {
    const { root, state } = await confirmedWizard();
    fs.appendFileSync(path.join(root, '.okstra', 'config.yaml'), 'providers:\n  codex:\n    enabled: false\n');
    const doc = refused(
      state,
      /^the confirmed wizard cannot run: the role selection changed since it was confirmed: removed model 'codex\/gpt-5\.1-codex' from role 'analyser' #2: .*; edit step 'role-[a-z-]+:analyser'$/,
    );
    assert.ok(
      doc.notices?.some((n: string) => n.includes("removed model 'codex/gpt-5.1-codex'")),
      'the notice says what changed too',
    );
  });

  it('the brief deleted after confirming: refused, naming the file, its field and step brief', async () => {
    const { root, state } = await confirmedWizard();
    fs.rmSync(path.join(root, '.okstra', 'tasks', 'payments', 'refund-timeout', 'brief.md'));
    refused(
      state,
      /'\.okstra\/tasks\/payments\/refund-timeout\/brief\.md' \(state field 'brief_path'\) is not a file any more; edit step 'brief'$/,
    );
  });

  it('the task folder deleted after confirming: refused, edit step task-pick', async () => {
    const { root, state } = await confirmedWizard();
    const moved = path.join(root, 'elsewhere.wizard.json');
    fs.copyFileSync(state, moved);
    fs.rmSync(path.join(root, '.okstra', 'tasks', 'payments', 'refund-timeout'), { recursive: true });
    refused(moved, /task 'payments\/refund-timeout' is gone or unreadable .*; edit step 'task-pick'$/);
  });

  it('confirmed: true with nothing answered is refused (no --task-group "")', async () => {
    const root = copyFixture('okstra-project');
    const state = statePathIn(root, 'payments', 'empty.recheck');
    const init = cli(['init', '--state', state, '--project-root', root], { env });
    assert.equal(init.code, 0);
    const text = fs.readFileSync(state, 'utf8').replace('"confirmed": null', '"confirmed": true');
    fs.writeFileSync(state, text);
    refused(state, /^the confirmed wizard cannot run: no task is chosen; edit step 'task-pick'$/);
  });
});
