// Saving a wizard's agents as a team (docs/profiles.md › Teams): the team is the role selection per role of the
// profile, and picking it back at team-pick gives the same answers as the wizard it was saved from.
import assert from 'node:assert/strict';
import type { ProjectConfig, TeamDecl } from '../../../src/core/ports';
import { textsFor } from '../../../src/core/text';
import type { WizardState } from '../../../src/core/types';
import * as E from '../../../src/core/wizard/engine';
import { currentStep, drive, fresh, type Answers } from './drive';
import { fakeContext, type FakeOptions } from './fakeWorkspace';
import { projectOptions, projectTasks } from './projects';

const EA = { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' };

function options(teams: Record<string, TeamDecl> = {}): FakeOptions {
  const tasks = projectTasks().map((t) =>
    t.id === 'refund-timeout' ? { ...t, previousRuns: [], manifest: { ...t.manifest, runs: [] } } : t,
  );
  const config: ProjectConfig = { path: '.okstra/config.yaml', teams };
  return projectOptions({ tasks, config });
}

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  assert.ok(r.ok, `not ok: ${JSON.stringify(r)}`);
  return r as Extract<T, { ok: true }>;
}

const roleFields = (s: WizardState) => ({ counts: s.role_counts, models: s.role_models });

/** The wizard driven to its confirmation with `answers`, its team, and the same run picked back through that team. */
function roundTrip(answers: Answers) {
  const fx = fakeContext(options());
  const done = drive(fx.ctx, fresh(), answers, 'confirm');
  assert.equal(currentStep(fx.ctx, done.state).step, 'confirm');
  const roles = ok(E.teamToSave(fx.ctx, done.state)).roles;
  const again = fakeContext(options({ saved: { roles } }));
  const picked = drive(again.ctx, fresh(), { ...answers, 'team-pick': 'saved' }, 'confirm');
  assert.ok(picked.steps.includes('team-pick'), picked.steps.join(' '));
  assert.equal(currentStep(again.ctx, picked.state).step, 'confirm');
  return { roles, done: done.state, picked: picked.state, ctx: fx.ctx, againCtx: again.ctx };
}

describe('saving the agents as a team', () => {
  it('is each role of the profile with its models in agent order, [] for an optional role with none', () => {
    const { roles } = roundTrip({
      ...EA,
      'role-count:analyser': '2',
      'role-add:critic': '0',
      'role-model:analyser:1': 'codex/gpt-5.1-codex',
      'role-model:analyser:2': 'antigravity/gemini-3-pro',
    });
    assert.deepEqual(Object.keys(roles), ['leader', 'analyser', 'critic', 'report-writer']);
    assert.deepEqual(roles.analyser, ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro']);
    assert.deepEqual(roles.critic, []);
    assert.equal(roles.leader.length, 1);
  });

  for (const [title, answers] of [
    ['two analysers, no critic', { 'role-count:analyser': '2', 'role-add:critic': '0' }],
    ['one analyser, a critic', { 'role-count:analyser': '1', 'role-add:critic': '1', 'role-model:critic:1': 'antigravity/gemini-3-pro' }],
    ['the defaults', {}],
  ] as Array<[string, Answers]>) {
    it(`picked back through team-pick gives the same state and argv (${title})`, () => {
      const r = roundTrip({ ...EA, ...answers });
      assert.deepEqual(roleFields(r.picked), roleFields(r.done));
      assert.deepEqual(ok(E.renderArgs(r.againCtx, r.picked)).renderArgv, ok(E.renderArgs(r.ctx, r.done)).renderArgv);
    });
  }

  it('is refused before the confirmation (not-complete) and names are checked as a typed name', () => {
    const fx = fakeContext(options());
    const mid = drive(fx.ctx, fresh(), EA, 'role-count:analyser');
    const r = E.teamToSave(fx.ctx, mid.state);
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.code, 'not-complete');
    const en = textsFor('en');
    const ko = textsFor('ko');
    assert.equal(E.teamNameProblem(en, 'my-panel.v2'), null);
    assert.match(E.teamNameProblem(en, 'one-by-one') ?? '', /Choose agents one by one/);
    assert.match(E.teamNameProblem(en, 'run:x') ?? '', /cannot be a team’s name/);
    assert.match(E.teamNameProblem(en, '-x') ?? '', /cannot be a team’s name/);
    assert.match(E.teamNameProblem(en, 'a'.repeat(65)) ?? '', /at most 64/);
    assert.equal(E.teamNameProblem(en, ''), 'A team needs a name.');
    assert.match(E.teamNameProblem(ko, 'bad name') ?? '', /팀 이름으로 쓸 수 없습니다/);
  });
});
