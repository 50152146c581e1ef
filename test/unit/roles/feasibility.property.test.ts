// Exact feasibility against a brute force and against the seed's greedy
// oracle, over random profiles, pools and environments (fast-check).

import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as R from '../../../src/core/roles';
import { resolveAssignments } from '../../../src/core/roles/assignmentResolver';
import { greedyCanComplete, greedyRoleModelOptions } from '../../oracle/greedyCompletion';
import type { RoleSession } from '../../../src/core/roles';
import { WizardError, type WizardState } from '../../../src/core/types';
import { makeContext, makeState, profileText, registryText } from './fixtures';
import { worldArb, type World } from './worlds';

function setup(w: World) {
  const profile = profileText('error-analysis', [...w.roles, ...(w.dynamic ? [{ role: 'dy', dynamic: true }] : [])]);
  const { ctx } = makeContext({
    builtinProfiles: { 'error-analysis': profile },
    registry: registryText(w.providers, w.models, w.disabled),
    missingClis: w.missing,
    terminalBackend: w.backend,
  });
  const state = makeState({
    host_runtime: w.host,
    host_entry_mode: w.mode,
    role_selection_order: w.mode === 'current-session' ? ['leader-session'] : [],
  });
  return { ctx, state };
}

/** Brute force: does any complete selection pass the resolver? DFS with pruning (resolver failures are monotone). */
function someCompleteSelection(session: RoleSession): boolean {
  const profile = session.profile();
  const roles = [...(session.mode === 'spawn-process' ? [R.LEADER_REQUIREMENT] : []), ...profile.roles.filter((r) => !r.dynamic)];
  const refs = session
    .pool()
    .list()
    .map((m) => m.ref);
  const counts: Record<string, number> = {};
  const models: Record<string, string[]> = {};
  const ok = () => resolveAssignments(session, { counts, models }, false) === null;
  const rec = (i: number): boolean => {
    if (i === roles.length) return ok();
    const req = roles[i]!;
    for (let n = req.min; n <= req.max; n++) {
      if (req.role !== 'leader' && req.min !== req.max) counts[req.role] = n;
      const pick = (start: number, chosen: string[]): boolean => {
        if (chosen.length === n) {
          if (chosen.length) models[req.role] = chosen.slice();
          else delete models[req.role];
          const found = ok() && rec(i + 1);
          delete models[req.role];
          return found;
        }
        for (let k = start; k < refs.length; k++) {
          // Fully available models only: a new completion never picks one that cannot start here.
          if (!session.availability().availability(refs[k]!, req.role).available) continue;
          if (pick(k + 1, [...chosen, refs[k]!])) return true;
        }
        return false;
      };
      if (pick(0, [])) return true;
      delete counts[req.role];
    }
    return false;
  };
  return rec(0);
}

/** Walks the flow choosing enabled options by `choices`; returns the prompts seen. */
function walk(w: World, choices: number[]): { firstHadOption: boolean; completable: boolean } {
  const { ctx, state } = setup(w);
  let first = true;
  let firstHadOption = false;
  for (let step = 0; step < 40; step++) {
    const session = R.openRoleSession(ctx, state);
    const prompt = R.nextRolePrompt(session, state);
    if (!prompt) {
      return { firstHadOption: first ? true : firstHadOption, completable: true };
    }
    const enabled = prompt.options.filter((o) => !o.disabled);
    if (first) firstHadOption = enabled.length > 0;
    first = false;
    if (enabled.length === 0) return { firstHadOption, completable: false };
    const choice = enabled[(choices[step] ?? 0) % enabled.length]!;
    if (prompt.options.some((o) => o.default))
      assert.ok(!prompt.options.find((o) => o.default)!.disabled, 'the default is never a refused option');
    R.submitRolePrompt(session, state, prompt, choice.value);
    R.recordRoleAnswer(state, prompt.step);
    assert.equal(
      R.completionProblem(R.openRoleSession(ctx, state), { counts: state.role_counts, models: state.role_models }),
      null,
      `after ${prompt.step}=${choice.value}`,
    );
  }
  throw new Error('flow did not end');
}

describe('roles: exact feasibility (properties)', () => {
  it('every offered option leads to a completable selection, and the flow reaches the end', () => {
    fc.assert(
      fc.property(worldArb, fc.array(fc.nat(20), { maxLength: 40 }), (w, choices) => {
        const { ctx, state } = setup(w);
        const exists = someCompleteSelection(R.openRoleSession(ctx, state));
        let result: { firstHadOption: boolean; completable: boolean };
        try {
          result = walk(w, choices);
        } catch (err) {
          // Only a selection that never had a completion may raise (e.g. the leader has no model at all).
          if (err instanceof WizardError && !exists) return;
          throw err;
        }
        if (exists) assert.ok(result.firstHadOption && result.completable, 'a complete selection exists, so the flow completes');
        else assert.ok(!result.firstHadOption || !result.completable, 'no complete selection exists, so the flow cannot complete');
      }),
      { numRuns: 150 },
    );
  });

  it('when any complete selection exists the first prompt offers at least one option', () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const { ctx, state } = setup(w);
        const session = R.openRoleSession(ctx, state);
        if (!someCompleteSelection(session)) return;
        const p = R.nextRolePrompt(session, state);
        if (p) assert.ok(p.options.some((o) => !o.disabled && o.default));
        assert.equal(R.completionProblem(session, { counts: state.role_counts, models: state.role_models }), null);
      }),
      { numRuns: 150 },
    );
  });

  it('exact says yes whenever greedy (the seed oracle) says yes', () => {
    fc.assert(
      fc.property(worldArb, fc.array(fc.nat(20), { maxLength: 12 }), fc.array(fc.nat(3), { maxLength: 3 }), (w, picks, countPicks) => {
        const { ctx, state } = setup(w);
        const session = R.openRoleSession(ctx, state);
        const refs = session
          .pool()
          .list()
          .map((m) => m.ref);
        w.roles.forEach((r, i) => {
          if (r.min !== r.max) state.role_counts[r.role] = r.min + ((countPicks[i] ?? 0) % (r.max - r.min + 1));
        });
        let k = 0;
        for (const req of R.selectableRequirements(session, state.role_counts)) {
          const n = Math.min(R.selectedRoleCount(state.role_counts, req), (picks[k++] ?? 0) % 3);
          const chosen = Array.from({ length: n }, () => refs[(picks[k++] ?? 0) % refs.length]!);
          if (chosen.length) state.role_models[req.role] = chosen;
        }
        const greedy = greedyCanComplete(session, state, state.role_models);
        const exact = R.canComplete(session, { counts: state.role_counts, models: state.role_models });
        if (greedy) assert.ok(exact, JSON.stringify({ counts: state.role_counts, models: state.role_models }));
      }),
      { numRuns: 300 },
    );
  });
});

describe('roles: exact finds completions greedy misses', () => {
  const profile = profileText('error-analysis', [{ role: 'analyser', min: 1, max: 2, recommended: 2, distinct: 'provider' }]);
  const registry = registryText(['claude', 'codex'], [{ ref: 'claude/a1' }, { ref: 'claude/a2' }, { ref: 'codex/b1' }]);
  const fixture = () => {
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': profile }, registry });
    const state: WizardState = makeState({
      host_entry_mode: 'current-session',
      role_selection_order: ['leader-session'],
      role_counts: { analyser: 2 },
    });
    return { ctx, state, session: R.openRoleSession(ctx, state) };
  };

  it('R-CMP-2/3: greedy fills claude/a1, claude/a2 and fails distinct providers; exact completes', () => {
    const { state, session } = fixture();
    assert.equal(greedyCanComplete(session, state, {}), false);
    assert.equal(R.canComplete(session, { counts: state.role_counts, models: {} }), true);
  });

  it('R-PR-14: the seed hides claude/a1 and claude/a2 for analyser #1; we offer every model that keeps a completion', () => {
    const { state, session } = fixture();
    const req = session.profile().roles[0]!;
    assert.deepEqual(greedyRoleModelOptions(session, state, req, 1), ['codex/b1']);
    const p = R.nextRolePrompt(session, state)!;
    assert.deepEqual(
      p.options.map((o) => o.value),
      ['claude/a1', 'claude/a2', 'codex/b1'],
    );
    state.role_models.analyser = ['claude/a2'];
    const p2 = R.nextRolePrompt(session, state)!;
    assert.deepEqual(
      p2.options.map((o) => o.value),
      ['codex/b1'],
    );
    assert.deepEqual(p2.unavailable, [
      {
        value: 'claude/a1',
        label: 'claude/a1 — claude/a1',
        reason: 'leaves no complete assignment',
        detail: 'analyser agents must come from different providers; claude is already analyser #1',
      },
      {
        value: 'claude/a2',
        label: 'claude/a2 — claude/a2',
        reason: 'leaves no complete assignment',
        detail: 'claude/a2 is already analyser #1',
      },
    ]);
  });

  it('R-CMP-4: distinctness is within one role; different roles may share a model', () => {
    const p = profileText('error-analysis', [
      { role: 'x', min: 1, max: 1 },
      { role: 'y', min: 1, max: 1 },
    ]);
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': p }, registry: registryText(['claude'], [{ ref: 'claude/only' }]) });
    const state = makeState({ role_models: { leader: ['claude/only'], x: ['claude/only'] } });
    assert.equal(R.canComplete(R.openRoleSession(ctx, state), { counts: {}, models: state.role_models }), true);
  });

  it('R-CMP-1: candidates are pool.list(role) filtered by full availability for a new session', () => {
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': profile }, registry, missingClis: ['codex'] });
    const state = makeState({ host_entry_mode: 'current-session', role_selection_order: ['leader-session'], role_counts: { analyser: 2 } });
    const session = R.openRoleSession(ctx, state);
    assert.deepEqual(session.availability().executableCandidates('analyser'), ['claude/a1', 'claude/a2']);
    assert.equal(R.canComplete(session, { counts: state.role_counts, models: {} }), false);
    const p = R.nextRolePrompt(session, { ...state, role_counts: {} })!;
    assert.deepEqual(
      p.options.map((o) => [o.value, !!o.disabled]),
      [
        ['1', false],
        ['2', true],
      ],
    );
  });
});
