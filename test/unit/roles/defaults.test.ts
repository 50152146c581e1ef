import assert from 'node:assert/strict';
import * as R from '../../../src/core/roles';
import { makeContext, makeState, profileText } from './fixtures';
import { next, throwsMessage, values } from './helpers';

const P = profileText('error-analysis', [
  { role: 'analyser', min: 1, max: 3, recommended: 2, distinct: 'provider' },
  { role: 'report-writer', min: 1, max: 1 },
]);
const atAnalyser = () => makeState({ role_counts: { analyser: 2 }, role_models: { leader: ['claude/opus-4.5'] } });

describe('roles: model defaults', () => {
  it('R-PR-11: the project scope wins over the user scope; the built-in defaults apply when both are empty', () => {
    const { ctx } = makeContext({
      builtinProfiles: { 'error-analysis': P },
      config: { path: '.okstra/config.yaml', modelDefaults: { analyser: ['kimi/kimi-k2'] } },
      userDefaults: { source: { kind: 'setting' }, defaults: { analyser: ['grok/grok-4'], 'report-writer': ['grok/grok-4'] } },
    });
    const p = next(ctx, atAnalyser())!;
    assert.equal(values(p)[0], 'kimi/kimi-k2');
    assert.equal(p.options.filter((o) => o.label.endsWith(' (default)')).length, 1);
    const rw = next(
      ctx,
      makeState({ role_counts: { analyser: 1 }, role_models: { leader: ['claude/opus-4.5'], analyser: ['claude/opus-4.5'] } }),
    )!;
    assert.equal(rw.step, 'role-model:report-writer:1');
    assert.equal(rw.options.find((o) => o.default)!.value, 'grok/grok-4');
    const builtin = next(makeContext({ builtinProfiles: { 'error-analysis': P } }).ctx, atAnalyser())!;
    assert.equal(builtin.options.find((o) => o.default)!.value, 'claude/opus-4.5');
  });

  it('an unavailable configured default is reported bare with its source', () => {
    const cases: Array<[Parameters<typeof makeContext>[0], string]> = [
      [
        { config: { path: '.okstra/config.yaml', modelDefaults: { analyser: ['claude/opus-9'] } } },
        "configured default model 'claude/opus-9' is unavailable for role 'analyser': unknown model 'claude/opus-9' (configured in .okstra/config.yaml: modelDefaults.analyser)",
      ],
      [
        {
          userDefaults: { source: { kind: 'setting' }, defaults: { 'report-writer': ['grok/grok-4'] } },
          config: { path: '.okstra/config.yaml', providers: { grok: { enabled: false } } },
        },
        "configured default model 'grok/grok-4' is unavailable for role 'report-writer': provider 'grok' is disabled (configured in setting okstra.modelDefaults.report-writer)",
      ],
      [
        { userDefaults: { source: { kind: 'file', path: '/home/u/defaults.yaml' }, defaults: { leader: ['nope/x'] } } },
        "configured default model 'nope/x' is unavailable for role 'leader': unknown model 'nope/x' (configured in /home/u/defaults.yaml: leader)",
      ],
    ];
    for (const [opts, message] of cases) {
      const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': P }, ...opts });
      assert.equal(next(ctx, makeState())!.step, 'role-count:analyser', 'count prompts do not compute defaults');
      assert.equal(
        throwsMessage(() => next(ctx, atAnalyser())),
        message,
      );
    }
  });
});

describe('roles: counts and selectable requirements', () => {
  const profile = profileText('error-analysis', [
    { role: 'a', min: 2, max: 2, recommended: 2 },
    { role: 'b', min: 1, max: 3, recommended: 2 },
    { role: 'c', min: 0, max: 2 },
    { role: 'd', dynamic: true },
  ]);
  const session = (mode = 'spawn-process') =>
    R.openRoleSession(makeContext({ builtinProfiles: { 'error-analysis': profile } }).ctx, makeState({ host_entry_mode: mode }));

  it('R-CNT-1: fixed → min; else the stored count; optional → 0; else recommended', () => {
    const [a, b, c] = session().profile().roles;
    assert.equal(R.selectedRoleCount({ a: 7 }, a!), 2);
    assert.equal(R.selectedRoleCount({ b: 3 }, b!), 3);
    assert.equal(R.selectedRoleCount({}, b!), 2);
    assert.equal(R.selectedRoleCount({}, c!), 0);
    assert.equal(R.selectedRoleCount({ c: 1 }, c!), 1);
  });

  it('R-CNT-2 / R-ID-12: spawn-process leader first, static roles with count > 0 in profile order', () => {
    assert.deepEqual(
      R.selectableRequirements(session(), {}).map((r) => r.role),
      ['leader', 'a', 'b'],
    );
    assert.deepEqual(
      R.selectableRequirements(session(), { c: 2 }).map((r) => r.role),
      ['leader', 'a', 'b', 'c'],
    );
    assert.deepEqual(
      R.selectableRequirements(session('current-session'), {}).map((r) => r.role),
      ['a', 'b'],
    );
    assert.deepEqual(R.LEADER_REQUIREMENT, {
      role: 'leader',
      duty: 'lead',
      min: 1,
      max: 1,
      recommended: 1,
      dynamic: false,
      distinct: 'model',
    });
  });
});
