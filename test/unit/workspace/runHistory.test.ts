// A task's run history as the Tasks view reads it (src/workspace/runHistory.ts): every run of the manifest, its
// inputs.json read without blocking and checked as the wizard checks it, and the problem in words when it cannot be used.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readTaskRuns } from '../../../src/workspace/runHistory';
import { WizardHost } from '../../../src/host';
import { textsFor } from '../../../src/core/text';
import type { EnvironmentPort, TaskManifest, UserTeams } from '../../../src/core/ports';
import { cleanup, tmpDir, write } from './helpers';

const PROFILES = path.join(__dirname, '..', '..', '..', 'profiles');

const T = '.okstra/tasks/pay/a';

function manifest(runs: Array<{ runId: string } & Record<string, unknown>>): TaskManifest {
  return { taskGroup: 'pay', taskId: 'a', runs: runs as TaskManifest['runs'] };
}

describe('workspace: run history', () => {
  afterEach(cleanup);

  it('reads each run with its inputs; the run type and stage from the inputs when the manifest has none', async () => {
    const root = tmpDir('okstra-runs-');
    write(
      root,
      `${T}/runs/r1/inputs.json`,
      JSON.stringify({ taskType: 'implementation', stage: 'migrate-db', roleModels: { leader: ['c/o'] } }),
    );
    const [r] = await readTaskRuns(root, 'pay', 'a', manifest([{ runId: 'r1', status: 'completed' }]));
    assert.equal(r!.taskType, 'implementation');
    assert.equal(r!.stage, 'migrate-db');
    assert.equal(r!.dirAbs, path.join(root, T, 'runs/r1'));
    assert.equal(r!.inputsPath, `${T}/runs/r1/inputs.json`);
    assert.deepEqual(r!.inputs?.roleModels, { leader: ['c/o'] });
    assert.equal(r!.problem, undefined);
  });

  it('keeps a run whose inputs are missing, broken, of the wrong shape, outside the project or behind a link out of it', async () => {
    const root = tmpDir('okstra-runs-');
    const outside = tmpDir('okstra-outside-');
    write(root, `${T}/runs/bad/inputs.json`, '{ "taskType": ');
    write(root, `${T}/runs/list/inputs.json`, '[1]');
    write(outside, 'inputs.json', '{}');
    fs.mkdirSync(path.join(root, T, 'runs/link'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'inputs.json'), path.join(root, T, 'runs/link/inputs.json'));
    const runs = await readTaskRuns(
      root,
      'pay',
      'a',
      manifest([
        { runId: 'gone' },
        { runId: 'bad' },
        { runId: 'list' },
        { runId: 'far', inputs: '../../../../../elsewhere/inputs.json' },
        { runId: 'link' },
        { runId: '../up' },
      ]),
    );
    assert.deepEqual(
      runs.map((r) => [r.runId, r.problemKind, r.inputs]),
      [
        ['gone', 'missing', null],
        ['bad', 'unreadable', null],
        ['list', 'unreadable', null],
        ['far', 'unreadable', null],
        ['link', 'unreadable', null],
        ['../up', 'missing', null],
      ],
    );
    assert.equal(runs[0]!.problem, `${T}/runs/gone/inputs.json is missing: the agents of this run are not known`);
    assert.match(runs[1]!.problem!, /inputs\.json:1:15: invalid JSON/);
    assert.match(runs[2]!.problem!, /inputs must be a JSON object, got a list/);
    assert.match(runs[3]!.problem!, /lies outside the project/);
    assert.match(runs[4]!.problem!, /resolves outside the project/);
    assert.equal(runs[5]!.dirAbs, null, 'a run id that is not a folder name names no folder');
  });

  it('the host gives the teams runs are compared with: config.yaml’s (as the workspace reads it) and the user’s; a broken config.yaml gives none of the project’s', () => {
    const root = tmpDir('okstra-runs-');
    write(root, '.okstra/config.yaml', 'teams:\n  t:\n    roles:\n      leader: [claude/opus-4.5]\n');
    let user: UserTeams | null = { source: { kind: 'setting' as const }, teams: [{ name: 'u', team: { roles: { critic: [] } } }] };
    const host = new WizardHost({
      builtinProfilesDir: PROFILES,
      environment: () => ({ userTeams: () => user }) as unknown as EnvironmentPort,
      texts: () => textsFor('en'),
    });
    assert.deepEqual(
      host.configuredTeams(root).map((t) => [t.name, t.roles]),
      [
        ['t', { leader: ['claude/opus-4.5'] }],
        ['u', { critic: [] }],
      ],
    );
    write(root, '.okstra/config.yaml', 'teams: [');
    user = null;
    assert.deepEqual(
      host.configuredTeams(root).map((t) => t.name),
      [],
    );
  });
});
