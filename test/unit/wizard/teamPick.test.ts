// team-pick (docs/steps.md › Teams): a whole panel of agents in one pick, the same as answering one by one.
import assert from 'node:assert/strict';
import type { ProjectConfig, TeamDecl, UserTeams } from '../../../src/core/ports';
import type { PromptDoc, WizardState } from '../../../src/core/types';
import * as E from '../../../src/core/wizard/engine';
import { parseState, serializeState } from '../../../src/core/wizard/stateCodec';
import { currentStep, drive, fresh, refusal, type Answers } from './drive';
import { fakeContext, type FakeOptions } from './fakeWorkspace';
import { projectOptions, projectTasks } from './projects';

const EA = { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' };

const USUAL: TeamDecl = {
  description: 'Two analysers from different providers',
  roles: {
    leader: ['claude/opus-4.5'],
    analyser: ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro'],
    critic: [],
    'report-writer': ['claude/sonnet-4.5'],
  },
};
/** The answers USUAL stands for on the error-analysis profile, one by one. */
const USUAL_ONE_BY_ONE: Answers = {
  'role-count:analyser': '2',
  'role-add:critic': '0',
  'role-model:leader:1': 'claude/opus-4.5',
  'role-model:analyser:1': 'codex/gpt-5.1-codex',
  'role-model:analyser:2': 'antigravity/gemini-3-pro',
  'role-model:report-writer:1': 'claude/sonnet-4.5',
};

function config(teams: Record<string, TeamDecl>): ProjectConfig {
  return { path: '.okstra/config.yaml', teams };
}

/** The sample project without the refund-timeout task's earlier run (so that no run's agents are offered). */
function options(teams: Record<string, TeamDecl>, extra: Partial<FakeOptions> = {}): FakeOptions {
  const tasks = projectTasks().map((t) =>
    t.id === 'refund-timeout' ? { ...t, previousRuns: [], manifest: { ...t.manifest, runs: [] } } : t,
  );
  return projectOptions({ tasks, config: config(teams), ...extra });
}

function at(step: string, opts: FakeOptions, answers: Answers = EA) {
  const fx = fakeContext(opts);
  const d = drive(fx.ctx, fresh(), answers, step);
  return { ...fx, state: d.state, prompt: currentStep(fx.ctx, d.state), steps: d.steps };
}

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  assert.ok(r.ok, `not ok: ${JSON.stringify(r)}`);
  return r as Extract<T, { ok: true }>;
}

const option = (p: PromptDoc, value: string) => p.options.find((o) => o.value === value);
const roleFields = (s: WizardState) => ({ counts: s.role_counts, models: s.role_models, order: s.role_selection_order });
const argv = (ctx: Parameters<typeof E.renderArgs>[0], s: WizardState) => ok(E.renderArgs(ctx, s)).renderArgv;

describe('team-pick', () => {
  it('comes right before the first role prompt, lists each team with its agents, and defaults to one by one', () => {
    const { prompt, steps } = at('team-pick', options({ 'usual-panel': USUAL }));
    assert.equal(steps.at(-1), 'evidence', 'team-pick follows the last static step before the roles');
    assert.deepEqual(
      prompt.options.map((o) => [o.value, o.label, o.description ?? '', o.default === true, o.disabled === true]),
      [
        [
          'usual-panel',
          'usual-panel — Two analysers from different providers',
          'leader: claude/opus-4.5 · analyser: codex/gpt-5.1-codex, antigravity/gemini-3-pro · no critic · report-writer: claude/sonnet-4.5',
          false,
          false,
        ],
        ['one-by-one', 'Choose agents one by one', '', true, false],
      ],
    );
  });

  it('is not asked when no team names a role of the profile', () => {
    const fx = fakeContext(options({ research: { roles: { researcher: ['claude/opus-4.5'], planner: ['claude/opus-4.5'] } } }));
    const d = drive(fx.ctx, fresh(), EA);
    assert.ok(!d.steps.includes('team-pick'), d.steps.join(' '));
  });

  it('picking a team answers every role step it covers: the same state, rows and argv as one by one', () => {
    const opts = options({ 'usual-panel': USUAL });
    const { ctx, state } = at('team-pick', opts);
    const picked = ok(E.submit(ctx, state, 'usual-panel'));
    assert.equal(picked.echo, 'team-pick: usual-panel');
    assert.equal(picked.next?.step, 'directive-pick', 'every role prompt was answered by the team');

    const byHand = at('directive-pick', opts, { ...EA, 'team-pick': 'one-by-one', ...USUAL_ONE_BY_ONE });
    assert.deepEqual(roleFields(picked.state), roleFields(byHand.state));
    assert.deepEqual(argv(ctx, picked.state), argv(byHand.ctx, byHand.state));

    const done = drive(ctx, picked.state);
    const doneByHand = drive(byHand.ctx, byHand.state);
    const outcome = ok(E.outcome(ctx, done.state));
    const outcomeByHand = ok(E.outcome(byHand.ctx, doneByHand.state));
    assert.deepEqual(outcome.renderArgv, outcomeByHand.renderArgv);
    assert.equal(outcome.confirmationText, outcomeByHand.confirmationText);

    const rows = (s: WizardState) =>
      ok(E.tree(ctx, s))
        .rows.filter((r) => r.id !== 'team-pick')
        .map((r) => [r.id, r.echo, r.editable]);
    assert.deepEqual(rows(done.state), rows(doneByHand.state));
    const ids = ok(E.tree(ctx, done.state)).rows.map((r) => r.id);
    assert.deepEqual(ids.slice(ids.indexOf('team-pick'), ids.indexOf('team-pick') + 2), ['team-pick', 'role-count:analyser']);
    assert.equal(ok(E.tree(ctx, done.state)).rows.find((r) => r.id === 'team-pick')?.group, 'roles');
  });

  it('a team that names only some roles: the next prompt is the first one it does not cover, and it answers the rest', () => {
    const { ctx, state } = at(
      'team-pick',
      options({ writers: { roles: { 'report-writer': ['claude/opus-4.5'], critic: ['codex/gpt-5.1-codex'] } } }),
    );
    let r = ok(E.submit(ctx, state, 'writers'));
    assert.equal(r.next?.step, 'role-count:analyser');
    r = ok(E.submit(ctx, r.state, '1'));
    // role-add:critic is the team's: the next prompt is the leader's model.
    assert.equal(r.next?.step, 'role-model:leader:1');
    r = ok(E.submit(ctx, r.state, 'claude/opus-4.5'));
    assert.equal(r.next?.step, 'role-model:analyser:1');
    r = ok(E.submit(ctx, r.state, 'codex/gpt-5.1-codex'));
    assert.equal(r.next?.step, 'directive-pick', 'critic #1 and the report writer were the team’s');
    assert.deepEqual(r.state.role_models, {
      leader: ['claude/opus-4.5'],
      analyser: ['codex/gpt-5.1-codex'],
      critic: ['codex/gpt-5.1-codex'],
      'report-writer': ['claude/opus-4.5'],
    });
    assert.deepEqual(r.state.role_counts, { analyser: 1, critic: 1 });
  });

  it('a team that cannot be used is listed as not available with the reason, and refused with it', () => {
    const { ctx, state, prompt } = at(
      'team-pick',
      options(
        {
          'one-provider': { roles: { analyser: ['codex/gpt-5.1-codex', 'codex/gpt-5.1-codex-mini'] } },
          'no-such-model': { roles: { leader: ['acme/coder-1'] } },
          'wrong-role': { roles: { 'report-writer': ['claude/opus-4.5'], planner: ['claude/opus-4.5'] } },
          'too-many': { roles: { analyser: ['claude/opus-4.5', 'codex/gpt-5.1-codex', 'antigravity/gemini-3-pro', 'grok/grok-4'] } },
          'two-writers': { roles: { 'report-writer': ['claude/opus-4.5', 'claude/sonnet-4.5'] } },
          'no-cli': { roles: { critic: ['kimi/kimi-k2'] } },
          // One that can be used: team-pick is asked only then.
          fine: { roles: { analyser: ['claude/opus-4.5'] } },
        },
        { missingClis: ['kimi'] },
      ),
    );
    const reasons = Object.fromEntries(prompt.options.filter((o) => o.disabled).map((o) => [o.value, o.description]));
    assert.deepEqual(reasons, {
      'one-provider':
        'analyser #2 (codex/gpt-5.1-codex-mini): analyser agents must come from different providers; codex is already analyser #1',
      'no-such-model': "leader #1 (acme/coder-1): unknown model 'acme/coder-1'",
      'wrong-role': "role 'planner' is not selectable in the error-analysis profile",
      'too-many': "role 'analyser' count must be in 1..3: 4",
      'two-writers': "role 'report-writer' count must be in 1..1: 2",
      'no-cli': "critic #1 (kimi/kimi-k2): provider CLI 'kimi' was not found on PATH",
    });
    assert.equal(prompt.options.find((o) => o.default)?.value, 'one-by-one');
    assert.equal(
      refusal(ctx, state, 'no-cli'),
      "team 'no-cli' cannot be used on this run: critic #1 (kimi/kimi-k2): provider CLI 'kimi' was not found on PATH",
    );
  });

  it('not asked when no team can be used, as when none is configured: the agents are asked one by one', () => {
    const none = at(
      'role-count:analyser',
      options(
        { 'wrong-role': { roles: { planner: ['claude/opus-4.5'] } }, 'no-cli': { roles: { critic: ['kimi/kimi-k2'] } } },
        { missingClis: ['kimi'] },
      ),
    );
    assert.ok(!none.steps.includes('team-pick'), none.steps.join(' → '));
    assert.equal(none.state.team_pick ?? null, null);
    assert.ok(!none.state.answered.includes('team-pick'));
    const unconfigured = at('role-count:analyser', options({}));
    assert.deepEqual(none.steps, unconfigured.steps);
    assert.equal(none.prompt.progress.total, unconfigured.prompt.progress.total);
  });

  it('editing one role row later keeps the others; Back undoes the pick', () => {
    const { ctx, state } = at('team-pick', options({ 'usual-panel': USUAL }));
    const picked = ok(E.submit(ctx, state, 'usual-panel'));
    // Edit analyser #2: only that prompt is asked again.
    const rewound = ok(E.rewind(ctx, picked.state, 'role-model:analyser:2'));
    assert.equal(rewound.next?.step, 'role-model:analyser:2');
    assert.deepEqual(E.clearedAnswers(ctx, picked.state, 'role-model:analyser:2'), [], 'the team answers the later rows again');
    const edited = ok(E.submit(ctx, rewound.state, 'grok/grok-4'));
    assert.equal(edited.next?.step, 'directive-pick');
    assert.deepEqual(edited.state.role_models['analyser'], ['codex/gpt-5.1-codex', 'grok/grok-4']);
    assert.deepEqual(edited.state.role_models['report-writer'], ['claude/sonnet-4.5']);

    // An edited row the team covers keeps the edit when an earlier row is edited.
    const writer = ok(E.submit(ctx, ok(E.rewind(ctx, edited.state, 'role-model:report-writer:1')).state, 'claude/opus-4.5'));
    const again = ok(E.submit(ctx, ok(E.rewind(ctx, writer.state, 'role-model:leader:1')).state, 'claude/sonnet-4.5'));
    assert.equal(again.next?.step, 'directive-pick');
    assert.deepEqual(again.state.role_models, {
      leader: ['claude/sonnet-4.5'],
      analyser: ['codex/gpt-5.1-codex', 'grok/grok-4'],
      'report-writer': ['claude/opus-4.5'],
    });

    // Back right after the pick undoes the pick, not one of the answers the team gave.
    assert.equal(E.backTarget(picked.state), 'team-pick');
    const back = ok(E.back(ctx, picked.state));
    assert.equal(back.next?.step, 'team-pick');
    assert.deepEqual(back.state.role_models, {});
    assert.equal(back.next?.options.find((o) => o.default)?.value, 'usual-panel', 'the pick being changed is preselected');
  });

  it('editing team-pick asks it again and clears what the team answered', () => {
    const { ctx, state } = at('team-pick', options({ 'usual-panel': USUAL }));
    const done = drive(ctx, ok(E.submit(ctx, state, 'usual-panel')).state).state;
    const r = ok(E.rewind(ctx, done, 'team-pick'));
    assert.equal(r.next?.step, 'team-pick');
    assert.equal(r.state.team_pick, undefined);
    assert.deepEqual(r.state.role_models, {});
    const byHand = ok(E.submit(ctx, r.state, 'one-by-one'));
    assert.equal(byHand.next?.step, 'role-count:analyser');
    assert.equal(byHand.next?.options.find((o) => o.default)?.value, '2', 'the team’s count is preselected');
  });

  it('in current-session mode team-pick follows leader-session and the team’s leader is the session', () => {
    const opts = options({ 'usual-panel': USUAL });
    const fx = fakeContext(opts);
    const d = drive(fx.ctx, fresh({ host_entry_mode: 'current-session' }), EA, 'team-pick');
    assert.deepEqual(d.steps.slice(-2), ['evidence', 'leader-session']);
    const r = ok(E.submit(fx.ctx, d.state, 'usual-panel'));
    assert.equal(r.next?.step, 'directive-pick');
    assert.equal(r.state.role_models['leader'], undefined);
    const ids = ok(E.tree(fx.ctx, r.state)).rows.map((x) => x.id);
    assert.deepEqual(ids.slice(ids.indexOf('leader-session'), ids.indexOf('leader-session') + 3), [
      'leader-session',
      'team-pick',
      'role-count:analyser',
    ]);
  });

  it('the default is the team the last run used while it can be used; otherwise that run’s agents as "As in run <id>"', () => {
    // refund-timeout's run 2026-11-18-1 used analyser codex/gpt-5.1-codex and report-writer claude/opus-4.5.
    const used: TeamDecl = { roles: { analyser: ['codex/gpt-5.1-codex'], 'report-writer': ['claude/opus-4.5'] } };
    const saved = at('team-pick', projectOptions({ config: config({ 'usual-panel': USUAL, used }) }));
    assert.deepEqual(
      saved.prompt.options.map((o) => o.value + (o.default ? '*' : '')),
      ['usual-panel', 'used*', 'one-by-one'],
    );
    const asRun = at('team-pick', projectOptions({ config: config({ 'usual-panel': USUAL }) }));
    const run = option(asRun.prompt, 'run:2026-11-18-1');
    assert.equal(run?.label, 'As in run 2026-11-18-1');
    assert.equal(run?.default, true);
    assert.equal(run?.description, 'analyser: codex/gpt-5.1-codex · report-writer: claude/opus-4.5');
    const r = ok(E.submit(asRun.ctx, asRun.state, 'run:2026-11-18-1'));
    assert.equal(r.next?.step, 'role-add:critic');
    // A last run's team that can no longer be used is not the default.
    const gone = at(
      'team-pick',
      projectOptions({ config: config({ used, fine: { roles: { analyser: ['claude/opus-4.5'] } } }), missingClis: ['codex'] }),
    );
    assert.equal(gone.prompt.options.find((o) => o.default)?.value, 'one-by-one');
    assert.equal(option(gone.prompt, 'used')?.disabled, true);
  });

  it('personal teams follow the project’s; a project team wins over a personal one of the same name', () => {
    const userTeams: UserTeams = {
      source: { kind: 'setting' },
      teams: [
        { name: 'usual-panel', team: { roles: { 'report-writer': ['claude/opus-4.5'] } } },
        { name: 'mine', team: { roles: { 'report-writer': ['claude/opus-4.5'] } } },
        { name: 'broken', error: 'setting okstra.teams.broken.roles: is required' },
      ],
    };
    const { prompt } = at('team-pick', options({ 'usual-panel': USUAL }, { userTeams }));
    assert.deepEqual(
      prompt.options.map((o) => [o.value, o.disabled === true]),
      [
        ['usual-panel', false],
        ['mine', false],
        ['broken', true],
        ['one-by-one', false],
      ],
    );
    assert.equal(option(prompt, 'broken')?.description, 'setting okstra.teams.broken.roles: is required');
    assert.match(option(prompt, 'usual-panel')?.description ?? '', /analyser/, 'the project’s usual-panel');
  });

  it('the state file keeps the answer as teamPick; files without it load as before', () => {
    const { ctx, state } = at('team-pick', options({ 'usual-panel': USUAL }));
    const picked = ok(E.submit(ctx, state, 'usual-panel')).state;
    const json = JSON.parse(serializeState(picked)) as Record<string, unknown>;
    const keys = Object.keys(json);
    assert.equal(json.teamPick, 'usual-panel');
    assert.equal(keys.indexOf('teamPick'), keys.indexOf('roleSelectionOrder') + 1);
    assert.equal(parseState(json).state.team_pick, 'usual-panel');
    assert.ok(!('teamPick' in JSON.parse(serializeState(state))), 'written only once team-pick is answered');
    assert.throws(() => parseState({ ...json, teamPick: 3 }), /wizard state field 'teamPick' must be a string: 3/);
  });

  it('progress counts the answers the team gives: the total stays, and n moves past them', () => {
    const { ctx, state, prompt } = at('team-pick', projectOptions({ config: config({ 'usual-panel': USUAL }) }));
    // The default (run 2026-11-18-1's agents) answers the analyser count, analyser #1 and the report writer, and
    // leaves role-add:critic and the leader's model to ask.
    const d = drive(ctx, state);
    assert.deepEqual(d.steps.slice(0, 3), ['team-pick', 'role-add:critic', 'role-model:leader:1']);
    assert.equal(prompt.progress.total - prompt.progress.answered, d.steps.indexOf('confirm') + 1 + 3);
    // The pick answers the analyser count; its models come after the critic and the leader, which it does not cover.
    assert.deepEqual(
      d.prompts.map((p) => [p.step, p.progress.answered - prompt.progress.answered, p.progress.total - prompt.progress.total]),
      [
        ['team-pick', 0, 0],
        ['role-add:critic', 2, 0],
        ['role-model:leader:1', 3, 0],
        ['directive-pick', 6, 0],
        ['related-tasks-pick', 7, 0],
        ['clarification-pick', 8, 0],
        ['confirm', 9, 0],
      ],
    );
  });

  it('speaks Korean', () => {
    const { prompt } = at('team-pick', options({ 'usual-panel': USUAL }, { lang: 'ko' }));
    assert.equal(prompt.label, '이 error-analysis 실행의 에이전트를 팀으로 한 번에 고를까요, 하나씩 고를까요?');
    assert.equal(option(prompt, 'one-by-one')?.label, '에이전트를 하나씩 고르기');
    assert.equal(option(prompt, 'usual-panel')?.description?.includes('critic 없음'), true);
  });
});
