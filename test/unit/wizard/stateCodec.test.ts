import assert from 'node:assert/strict';
import { WizardError } from '../../../src/core/types';
import { parseState, serializeState, stateToJson } from '../../../src/core/wizard/stateCodec';
import { defaultState, STATE_FIELD_ORDER, V1_PROVIDER_STATE_JSON_FIELDS } from '../../../src/core/wizard/stateSchema';
import * as E from '../../../src/core/wizard/engine';
import { fakeContext, ROOT } from './fakeWorkspace';

const V2 = { executionIdentityVersion: 2, roleCounts: {}, roleModels: {}, roleSelectionOrder: [] };

function err(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof WizardError, `not a WizardError: ${e}`);
    return e.message;
  }
  assert.fail('expected an error');
}

function v2(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...stateToJson({ ...defaultState(), project_root: ROOT, workspace_root: ROOT + '/.okstra' }), ...extra };
}

describe('wizard state codec', () => {
  it('R-ID-7: the v2 keys are roleCounts, roleModels, roleSelectionOrder', () => {
    const json = stateToJson(defaultState());
    assert.deepEqual(Object.keys(json).slice(-3), ['roleCounts', 'roleModels', 'roleSelectionOrder']);
  });

  it('R-ID-8: the snake_case v1 provider fields are dropped on load', () => {
    const p = parseState({ executor: 'codex', lead_provider: 'claude', task_id: 'x' });
    assert.equal(p.state.extra_keys.length, 0);
    assert.equal(p.state.task_id, 'x');
  });

  it('R-ID-9: every v1 marker key (camelCase too) makes a v2 payload mixed', () => {
    for (const key of V1_PROVIDER_STATE_JSON_FIELDS) {
      assert.equal(
        err(() => parseState(v2({ [key]: '' }))),
        'mixed wizard state versions are not allowed',
        key,
      );
    }
  });

  it('R-ID-10: legacySource is the companion key, written last and dropped on load', () => {
    const text = serializeState(defaultState(), { path: '/p/s.json', sha256: 'ab' });
    const obj = JSON.parse(text);
    assert.equal(Object.keys(obj).at(-1), 'legacySource');
    assert.deepEqual(obj.legacySource, { path: '/p/s.json', sha256: 'ab' });
    assert.equal(parseState(obj).state.extra_keys.length, 0);
  });

  it('R-JSON-1: executionIdentityVersion is always 2', () => {
    assert.equal(stateToJson(defaultState()).executionIdentityVersion, 2);
    assert.equal(stateToJson(parseState({}).state).executionIdentityVersion, 2);
  });

  it('R-JSON-2: role fields are camelCase and the snake_case ones never appear', () => {
    const s = defaultState();
    s.role_counts = { analyser: 2 };
    s.role_models = { analyser: ['a/b'] };
    s.role_selection_order = ['role-count:analyser'];
    const json = stateToJson(s);
    assert.deepEqual(json.roleCounts, { analyser: 2 });
    assert.deepEqual(json.roleModels, { analyser: ['a/b'] });
    assert.deepEqual(json.roleSelectionOrder, ['role-count:analyser']);
    for (const k of ['role_counts', 'role_models', 'role_selection_order', 'execution_identity_version', 'extra_keys'])
      assert.ok(!(k in json), k);
  });

  it('R-JSON-3: none of the v1 provider fields are written', () => {
    const json = stateToJson(parseState({ executor: 'codex', critic: 'x', claude_model: 'opus' }).state);
    for (const k of V1_PROVIDER_STATE_JSON_FIELDS) assert.ok(!(k in json), k);
  });

  it('R-JSON-4: the other fields keep their snake_case names', () => {
    const json = stateToJson(defaultState());
    for (const k of [
      'workspace_root',
      'task_type',
      'answered',
      'use_defaults',
      'critic_pending_text',
      'workers_custom_pending',
      'profile_workers',
      'host_entry_mode',
    ]) {
      assert.ok(k in json, k);
    }
  });

  it('R-JSON-5: the keys come in the state file order, unknown keys, then the v2 keys', () => {
    const s = parseState({ ...v2(), zeta: 1, alpha: { a: 1 } }).state;
    assert.deepEqual(Object.keys(stateToJson(s)), [
      ...STATE_FIELD_ORDER,
      'zeta',
      'alpha',
      'executionIdentityVersion',
      'roleCounts',
      'roleModels',
      'roleSelectionOrder',
    ]);
  });

  it('R-JSON-6: load metadata is never serialised', () => {
    const p = parseState({ task_id: 'x' });
    const json = stateToJson(p.state);
    for (const k of ['sourceVersion', 'payload', 'legacySource', 'extra_keys']) assert.ok(!(k in json), k);
  });

  it('R-JSON-7: a prompt document starts with id (= step), step, kind, label', () => {
    const { ctx } = fakeContext();
    const c = E.current(ctx, E.initState({ projectRootAbs: ROOT }));
    assert.deepEqual(Object.keys(c.prompt!).slice(0, 7), ['id', 'step', 'kind', 'label', 'options', 'echo_template', 'progress']);
    assert.equal(c.prompt!.id, c.prompt!.step);
  });

  it('R-VER-1: a non-object payload is refused', () => {
    for (const p of [[], 'x', 3, null, true])
      assert.equal(
        err(() => parseState(p)),
        'wizard state must be a JSON object',
      );
  });

  it('a JSON array is the WizardError, not a crash', () => {
    assert.equal(
      err(() => parseState([1, 2])),
      'wizard state must be a JSON object',
    );
  });

  it('R-VER-2: a missing executionIdentityVersion is a legacy (v1) payload', () => {
    assert.equal(parseState({}).sourceVersion, 1);
    assert.equal(parseState({ executionIdentityVersion: null }).sourceVersion, 1);
  });

  it('R-VER-3: a v1 marker key counts even with an empty value', () => {
    assert.equal(
      err(() => parseState(v2({ executor: '' }))),
      'mixed wizard state versions are not allowed',
    );
  });

  it('R-VER-4: version 2 with a v1 key or a missing v2 key is mixed', () => {
    assert.equal(
      err(() => parseState({ executionIdentityVersion: 2, roleCounts: {}, roleModels: {} })),
      'mixed wizard state versions are not allowed',
    );
    assert.equal(
      err(() => parseState({ ...V2, critic: '' })),
      'mixed wizard state versions are not allowed',
    );
  });

  it('R-VER-5: version 2 loads the camelCase role fields over snake_case ones', () => {
    const p = parseState({ ...V2, roleCounts: { analyser: 2 }, role_counts: { x: 9 } });
    assert.equal(p.sourceVersion, 2);
    assert.deepEqual(p.state.role_counts, { analyser: 2 });
    assert.equal(p.state.extra_keys.length, 0);
  });

  it('R-VER-6: an unversioned payload with a v2 key is mixed', () => {
    assert.equal(
      err(() => parseState({ roleCounts: {} })),
      'mixed wizard state versions are not allowed',
    );
    assert.equal(
      err(() => parseState({ executionIdentityVersion: 1, roleSelectionOrder: [] })),
      'mixed wizard state versions are not allowed',
    );
  });

  it('R-VER-7: any other version is unsupported, quoted as Python repr', () => {
    assert.equal(
      err(() => parseState({ executionIdentityVersion: 3 })),
      'unsupported wizard state version: 3',
    );
    assert.equal(
      err(() => parseState({ executionIdentityVersion: '2' })),
      "unsupported wizard state version: '2'",
    );
    assert.equal(
      err(() => parseState({ executionIdentityVersion: false })),
      'unsupported wizard state version: False',
    );
    assert.equal(
      err(() => parseState({ executionIdentityVersion: 0 })),
      'unsupported wizard state version: 0',
    );
  });

  it('version: true is unsupported (not v1), 1 is v1, 2.0 is v2', () => {
    assert.equal(
      err(() => parseState({ executionIdentityVersion: true })),
      'unsupported wizard state version: True',
    );
    assert.equal(parseState({ executionIdentityVersion: 1 }).sourceVersion, 1);
    assert.equal(
      parseState(JSON.parse('{"executionIdentityVersion": 2.0, "roleCounts": {}, "roleModels": {}, "roleSelectionOrder": []}'))
        .sourceVersion,
      2,
    );
  });

  it('R-VER-8 (voided): unknown keys are kept verbatim in their order', () => {
    const p = parseState({ ...V2, b: [1], a: { x: null } });
    assert.deepEqual(p.state.extra_keys, [
      ['b', [1]],
      ['a', { x: null }],
    ]);
  });

  it('R-VER-9: snake_case v1 keys load but the next write drops them', () => {
    const json = stateToJson(parseState({ lead_model: 'opus', task_group: 'g' }).state);
    assert.equal(json.task_group, 'g');
    assert.ok(!('lead_model' in json));
  });

  it('R-VER-10: a v1 payload is converted from the original payload by prepare', () => {
    const { ctx } = fakeContext();
    const payload = {
      project_root: ROOT,
      workspace_root: ROOT + '/.okstra',
      task_group: 'g',
      task_id: 't',
      task_type: 'error-analysis',
      workers: 'claude,codex',
      claudeModel: 'opus',
    };
    const parsed = parseState(payload);
    assert.equal(parsed.payload, payload);
    const { state } = E.prepare(ctx, parsed);
    assert.equal(state.role_counts.analyser, 2);
    assert.deepEqual(state.role_models.analyser?.[0], 'claude/opus-4.5');
  });

  it('R-VER-11: a v1 current-session payload gets leader-session answered and first in the order', () => {
    const { ctx } = fakeContext();
    const { state } = E.prepare(ctx, parseState({ project_root: ROOT, host_entry_mode: 'current-session', answered: ['task-pick'] }));
    assert.deepEqual(state.answered, ['task-pick', 'leader-session']);
    assert.equal(state.role_selection_order[0], 'leader-session');
  });

  it('R-VER-12: a v2 payload is loaded as it is, with no leader-session insertion', () => {
    const { ctx } = fakeContext();
    const { state } = E.prepare(ctx, parseState(v2({ host_entry_mode: 'current-session' })));
    assert.deepEqual(state.answered, []);
    assert.deepEqual(state.role_selection_order, []);
  });

  it('snake_case v2 keys in a v1 payload are ignored; conversion starts empty', () => {
    const p = parseState({ role_counts: { analyser: 3 }, role_models: { a: ['x'] }, role_selection_order: ['x'] });
    assert.deepEqual(p.state.role_counts, {});
    assert.deepEqual(p.state.role_selection_order, []);
    assert.equal(p.state.extra_keys.length, 0);
  });

  it('R-VAL-1: roleCounts must map roles to integers (booleans and fractions refused)', () => {
    for (const bad of [{ a: true }, { a: 1.5 }, { a: '1' }, [], null]) {
      assert.equal(
        err(() => parseState({ ...V2, roleCounts: bad })),
        'wizard state roleCounts must map roles to integers',
      );
    }
    assert.deepEqual(parseState({ ...V2, roleCounts: { a: -4 } }).state.role_counts, { a: -4 });
  });

  it('an integral float count (2.0) is accepted', () => {
    assert.deepEqual(
      parseState(JSON.parse('{"executionIdentityVersion":2,"roleCounts":{"a":2.0},"roleModels":{},"roleSelectionOrder":[]}')).state
        .role_counts,
      { a: 2 },
    );
  });

  it('R-VAL-2: roleModels must map roles to modelRef arrays', () => {
    for (const bad of [{ a: 'x' }, { a: [1] }, [], null]) {
      assert.equal(
        err(() => parseState({ ...V2, roleModels: bad })),
        'wizard state roleModels must map roles to modelRef arrays',
      );
    }
  });

  it('R-VAL-3: roleSelectionOrder must be a string array', () => {
    for (const bad of [{}, [1], 'x', null]) {
      assert.equal(
        err(() => parseState({ ...V2, roleSelectionOrder: bad })),
        'wizard state roleSelectionOrder must be a string array',
      );
    }
  });

  it('R-VAL-4: roles, refs and ids are not checked at load', () => {
    const p = parseState({
      ...V2,
      roleCounts: { nobody: 99 },
      roleModels: { nobody: ['no/such'] },
      roleSelectionOrder: ['role-model:x:7', 'garbage'],
    });
    assert.deepEqual(p.state.role_selection_order, ['role-model:x:7', 'garbage']);
  });

  it('R-VAL-1..3 run in order: the first failing check wins', () => {
    assert.equal(
      err(() => parseState({ ...V2, roleCounts: { a: 'x' }, roleModels: 1, roleSelectionOrder: 1 })),
      'wizard state roleCounts must map roles to integers',
    );
  });

  it('known fields are type-checked with a message naming the field', () => {
    assert.equal(
      err(() => parseState({ ...V2, task_id: 3 })),
      "wizard state field 'task_id' must be a string: 3",
    );
    assert.equal(
      err(() => parseState({ ...V2, aborted: 'no' })),
      "wizard state field 'aborted' must be a boolean: 'no'",
    );
    assert.equal(
      err(() => parseState({ ...V2, confirmed: 1 })),
      "wizard state field 'confirmed' must be a boolean or null: 1",
    );
    assert.equal(
      err(() => parseState({ ...V2, answered: ['a', 2] })),
      "wizard state field 'answered' must be a list of strings: ['a', 2]",
    );
    assert.match(
      err(() => parseState({ ...V2, last_run: { startedAt: 1 } })),
      /^wizard state field 'last_run' must be null or an object/,
    );
  });

  it('last_run round-trips', () => {
    const lr = { startedAt: '2026-11-29T12:00:00Z', argv: ['--x', ''], exitCode: null };
    assert.deepEqual(parseState({ ...V2, last_run: lr }).state.last_run, lr);
  });

  it('path fields are stored project-relative with /; absolute ones inside the project are converted', () => {
    const p = parseState({ ...V2, project_root: ROOT, brief_path: ROOT + '/docs/b.md', pr_template_path: 'x/y.md' });
    assert.equal(p.state.brief_path, 'docs/b.md');
    assert.equal(p.state.pr_template_path, 'x/y.md');
    const w = parseState({ ...V2, project_root: 'C:\\work\\p', brief_path: 'C:\\work\\p\\docs\\b.md' });
    assert.equal(w.state.brief_path, 'docs/b.md');
  });

  it('the file text is JSON.stringify(obj, null, 2) plus a newline, UTF-8 as is', () => {
    const s = defaultState();
    s.directive = '한국어 — ok';
    const text = serializeState(s);
    assert.ok(text.endsWith('}\n'));
    assert.equal(text, JSON.stringify(JSON.parse(text), null, 2) + '\n');
    assert.ok(text.includes('한국어 — ok'));
  });

  it('defaults match the state file table', () => {
    const json = stateToJson(defaultState());
    assert.equal(json.host_runtime, 'claude-code');
    assert.equal(json.host_entry_mode, 'spawn-process');
    assert.equal(json.reuse_previous, null);
    assert.equal(json.use_defaults, null);
    assert.equal(json.confirmed, null);
    assert.equal(json.last_run, null);
    assert.deepEqual(json.profile_workers, []);
  });

  it('a role with no models is an absent key, never []', () => {
    const s = defaultState();
    s.role_models = { analyser: [], critic: ['a/b'] };
    assert.deepEqual(stateToJson(s).roleModels, { critic: ['a/b'] });
  });

  it('a round trip keeps every field', () => {
    const s = {
      ...defaultState(),
      task_group: 'g',
      reuse_worktree: true,
      answered: ['task-pick'],
      extra_keys: [['k', 1]] as Array<[string, unknown]>,
    };
    const back = parseState(JSON.parse(serializeState(s))).state;
    assert.deepEqual(back, s);
  });

  it('a pending follow-up round-trips and is absent otherwise', () => {
    const s = { ...defaultState(), pending_follow_up: 'brief-path' };
    const json = JSON.parse(serializeState(s));
    assert.equal(json.pendingFollowUp, 'brief-path');
    assert.equal(parseState(json).state.pending_follow_up, 'brief-path');
    assert.ok(!('pendingFollowUp' in stateToJson(defaultState())));
  });

  it('rebasing: a state found under another project root is moved with a notice', () => {
    const { ctx } = fakeContext();
    const parsed = parseState(v2({ project_root: '/old/proj', workspace_root: '/old/proj/.okstra', brief_path: '/old/proj/b.md' }));
    const { state, notices } = E.prepare(ctx, parsed, { foundInDir: ROOT + '/.okstra/tasks/g' });
    assert.equal(state.project_root, ROOT);
    assert.equal(state.workspace_root, ROOT + '/.okstra');
    assert.equal(state.brief_path, 'b.md');
    assert.deepEqual(
      notices.map((n) => n.text),
      [`project moved: '/old/proj' -> '${ROOT}'`],
    );
    const same = E.prepare(ctx, parseState(v2()), { foundInDir: ROOT + '/.okstra/tasks/g' });
    assert.deepEqual(same.notices, []);
    const elsewhere = E.prepare(ctx, parsed, { foundInDir: '/tmp/states' });
    assert.equal(elsewhere.state.project_root, '/old/proj');
  });
});
