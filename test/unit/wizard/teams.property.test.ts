// Teams against the role engine (docs/steps.md › Teams), over generated profiles, pools, environments and teams
// (fast-check): team-pick offers a team exactly when the role prompts, answered one by one with the team's models in
// order, take every answer the team stands for; picking it then leaves the same state, the same next prompt and the
// same renderArgv as those answers given by hand; the progress simulation's judgement (answerOnly) is the full one's.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ProjectConfig, TeamDecl } from '../../../src/core/ports';
import * as R from '../../../src/core/roles';
import { WizardError, type PromptDoc, type WizardState } from '../../../src/core/types';
import * as E from '../../../src/core/wizard/engine';
import { nextPrompt, simulatedRemaining, simulatedRemainingFull } from '../../../src/core/wizard/flow';
import { makeEnv } from '../../../src/core/wizard/steps/step';
import { fakeContext } from './fakeWorkspace';
import { fresh } from './drive';
import { worldArb, type World } from '../roles/worlds';

/** A team over the world's roles (and two the profile lacks or makes dynamic), models by index (past the pool: unknown). */
interface RawTeam {
  lists: Array<number[] | undefined>;
  /** The team is what a walk of the role prompts chose (so that it can be taken), `keep`'s roles only. */
  fromWalk: boolean;
  walkChoices: number[];
  keep: number;
  /** Then one change to it (none, one agent less or more, another model, a role the profile lacks or makes dynamic). */
  mutation: { kind: 'none' | 'drop' | 'add' | 'replace' | 'ghost' | 'dynamic' | 'empty'; role: number; model: number };
}

const rawTeamArb: fc.Arbitrary<RawTeam> = fc.record({
  lists: fc.array(fc.option(fc.array(fc.nat(6), { maxLength: 4 }), { nil: undefined }), { minLength: 6, maxLength: 6 }),
  fromWalk: fc.nat(3).map((n) => n > 0),
  walkChoices: fc.array(fc.nat(20), { maxLength: 30 }),
  keep: fc.nat(63),
  mutation: fc.record({
    kind: fc.constantFrom('none', 'none', 'drop', 'add', 'replace', 'ghost', 'dynamic', 'empty'),
    role: fc.nat(5),
    model: fc.nat(6),
  }),
});

function profileText(w: World): string {
  const lines = ['---', 'taskType: error-analysis', 'roles:'];
  for (const r of w.roles) {
    lines.push(`  - role: ${r.role}`, `    duty: do ${r.role}`, `    min: ${r.min}`, `    max: ${r.max}`);
    if (r.min > 0) lines.push(`    recommended: ${r.recommended}`);
    lines.push(`    distinct: ${r.distinct}`);
  }
  if (w.dynamic) lines.push('  - role: dy', '    duty: do dy', '    dynamic: true');
  return [...lines, '---', '', 'body'].join('\n');
}

function contextFor(w: World, team: TeamDecl | null) {
  const config: ProjectConfig = {
    path: '.okstra/config.yaml',
    registry: { replaceBuiltins: true },
    providers: Object.fromEntries(w.providers.map((p) => [p, { cli: p, ...(w.disabled.includes(p) ? { enabled: false } : {}) }])),
    models: w.models.map((m) => (m.roles ? { ref: m.ref, roles: m.roles } : { ref: m.ref })),
    ...(team ? { teams: { gen: team } } : {}),
  };
  return fakeContext({
    tasks: [{ group: 'g', id: 't', manifest: { title: 'T', updatedAt: '2026-11-20T10:00:00Z' } }],
    profiles: { 'error-analysis': profileText(w) },
    config,
    missingClis: w.missing,
    terminalBackend: w.backend,
  }).ctx;
}

const isRoleStep = (id: string) => R.isRoleStepId(id);

/** The answer a person gives a prompt the team does not cover: `choices` in turn among the selectable options. */
function personAnswer(p: PromptDoc, choices: number[]): string | null {
  const enabled = p.options.filter((o) => !o.disabled);
  if (enabled.length === 0) return null;
  const c = choices.shift();
  if (c === undefined) return (enabled.find((o) => o.default) ?? enabled[0]!).value;
  return enabled[c % enabled.length]!.value;
}

type Walk = { ok: true; state: WizardState; firstUncovered: string } | { ok: false; why: string };

/**
 * The oracle: the role prompts answered one by one, the team's steps with the team's models in order (a role the
 * team names is the team's entirely: its count is the list's length, its agents the list's models), the others as a
 * person would. The team is taken when every one of its answers is taken and nothing of it is left over.
 */
function oneByOne(ctx: ReturnType<typeof contextFor>, start: WizardState, team: TeamDecl, mode: World['mode'], choices: number[]): Walk {
  const named = new Map(Object.entries(team.roles).filter(([role]) => !(role === 'leader' && mode === 'current-session')));
  const used = new Map<string, number>();
  let state = start;
  let firstUncovered: string | null = null;
  for (let i = 0; i < 60; i++) {
    const c = E.current(ctx, state);
    if (!c.prompt) return { ok: false, why: c.error ?? 'no prompt' };
    const p = c.prompt;
    if (!isRoleStep(p.step) || p.kind === 'done') {
      for (const [role, models] of named) if ((used.get(role) ?? 0) !== models.length) return { ok: false, why: `${role} left over` };
      return { ok: true, state, firstUncovered: firstUncovered ?? p.step };
    }
    const parsed = R.parseRoleStepId(p.step)!;
    const role = parsed.kind === 'leader-session' ? null : parsed.role;
    let answer: string | null;
    if (role !== null && named.has(role)) {
      const models = named.get(role)!;
      if (parsed.kind === 'role-model') {
        if (parsed.ordinal > models.length) return { ok: false, why: `${role} needs more agents than the team names` };
        answer = models[parsed.ordinal - 1]!;
        used.set(role, parsed.ordinal);
      } else answer = String(models.length);
    } else {
      firstUncovered ??= p.step;
      answer = personAnswer(p, choices);
      if (answer === null) return { ok: false, why: `nothing to answer at ${p.step}` };
    }
    const r = E.submit(ctx, state, answer);
    if (!r.ok) return { ok: false, why: r.error };
    if (r.error) return { ok: false, why: r.error };
    state = r.state;
  }
  throw new Error('the role prompts did not end');
}

/** After team-pick: the remaining prompts up to the first static one, the uncovered ones answered as `oneByOne` does. */
function finishRoles(ctx: ReturnType<typeof contextFor>, start: WizardState, choices: number[]): WizardState | null {
  let state = start;
  for (let i = 0; i < 60; i++) {
    const c = E.current(ctx, state);
    if (!c.prompt) return null;
    if (!isRoleStep(c.prompt.step) || c.prompt.kind === 'done') return state;
    const answer = personAnswer(c.prompt, choices);
    if (answer === null) return null;
    const r = E.submit(ctx, state, answer);
    if (!r.ok || r.error) return null;
    state = r.state;
  }
  throw new Error('the role prompts did not end');
}

/** Drives the static steps to team-pick; null when team-pick is not asked (no team names a role of the profile). */
/**
 * The defaults up to the roles position: team-pick (`asked`), or the first role prompt after leader-session when
 * team-pick is not asked (no team names a role of the profile, or none can be used). Null when it is never reached.
 */
function toRolesPosition(ctx: ReturnType<typeof contextFor>, w: World): { state: WizardState; asked: boolean } | null {
  let state = fresh({ host_runtime: w.host, host_entry_mode: w.mode });
  for (let i = 0; i < 30; i++) {
    const c = E.current(ctx, state);
    if (!c.prompt || c.prompt.kind === 'done') return null;
    if (c.prompt.step === 'team-pick') return { state, asked: true };
    if (isRoleStep(c.prompt.step) && c.prompt.step !== 'leader-session') return { state, asked: false };
    const answer =
      c.prompt.step === 'task-pick'
        ? 'g/t'
        : c.prompt.step === 'task-type'
          ? 'error-analysis'
          : (c.prompt.options.find((o) => o.default)?.value ?? c.prompt.default ?? '');
    const r = E.submit(ctx, state, answer);
    if (!r.ok) return null;
    state = r.state;
  }
  return null;
}

function toTeamPick(ctx: ReturnType<typeof contextFor>, w: World): WizardState | null {
  const at = toRolesPosition(ctx, w);
  return at?.asked ? at.state : null;
}

/** A team from a walk of the role prompts (so that it can be taken), keeping the roles of `keep`'s bits. */
function walkedTeam(w: World, choices: number[], keep: number): TeamDecl | null {
  const ctx = contextFor(w, null);
  const at = toRolesPosition(ctx, w);
  if (!at) return null;
  const done = finishRoles(ctx, at.state, [...choices]);
  if (!done) return null;
  const roles: Record<string, string[]> = {};
  const all = ['leader', ...w.roles.map((x) => x.role)];
  all.forEach((role, k) => {
    if (!((keep >> k) & 1)) return;
    const models = done.role_models[role];
    if (models) roles[role] = [...models];
    else if (done.role_counts[role] === 0) roles[role] = [];
  });
  return Object.keys(roles).length ? { roles } : null;
}

function teamOf(w: World, raw: RawTeam): TeamDecl | null {
  const refs = w.models.map((m) => m.ref);
  if (raw.fromWalk) {
    const team = walkedTeam(w, raw.walkChoices, raw.keep);
    if (!team) return null;
    const names = Object.keys(team.roles);
    const role = names[raw.mutation.role % names.length]!;
    const list = team.roles[role]!;
    const ref = refs[raw.mutation.model] ?? 'acme/unknown';
    switch (raw.mutation.kind) {
      case 'drop':
        list.pop();
        break;
      case 'add':
        list.push(ref);
        break;
      case 'replace':
        if (list.length) list[raw.mutation.model % list.length] = ref;
        break;
      case 'ghost':
        team.roles.ghost = [ref];
        break;
      case 'dynamic':
        team.roles.dy = [ref];
        break;
      case 'empty':
        team.roles[role] = [];
        break;
      case 'none':
        break;
    }
    return team;
  }
  const names = ['leader', ...w.roles.map((x) => x.role), 'ghost', 'dy'];
  const roles: Record<string, string[]> = {};
  names.forEach((role, k) => {
    const list = raw.lists[k];
    if (list !== undefined) roles[role] = list.map((i) => refs[i] ?? 'acme/unknown');
  });
  return Object.keys(roles).length ? { roles } : null;
}

describe('teams: the same as the role prompts answered one by one (properties)', () => {
  it('offered exactly when one by one takes it; then the same state, next prompt and renderArgv', () => {
    const seen = { offered: 0, refused: 0 };
    fc.assert(
      fc.property(worldArb, rawTeamArb, fc.array(fc.nat(20), { maxLength: 20 }), (w, raw, choices) => {
        const team = teamOf(w, raw);
        if (!team) return;
        const ctx = contextFor(w, team);
        const at = toRolesPosition(ctx, w);
        if (!at) return; // the roles cannot start
        if (!at.asked) {
          // Not asked: the team names no role of the profile, or it cannot be used, and then one by one does not take it.
          const session = R.openRoleSession(ctx, at.state);
          const gen = R.configuredTeams(ctx.workspace.config(), null)[0]!;
          if (session.profileError || !R.teamTouches(session, gen)) return;
          const byHand = oneByOne(ctx, at.state, team, w.mode, [...choices]);
          assert.equal(byHand.ok, false, 'team-pick is not asked, yet one by one takes the team');
          seen.refused++;
          return;
        }
        const start = at.state;
        const prompt = E.current(ctx, start).prompt!;
        const option = prompt.options.find((o) => o.value === 'gen')!;
        assert.ok(option, 'the team is listed');

        const byHandStart = E.submit(ctx, start, 'one-by-one');
        assert.ok(byHandStart.ok);
        const byHand = oneByOne(ctx, byHandStart.state, team, w.mode, [...choices]);
        assert.equal(
          !option.disabled,
          byHand.ok,
          `offered=${!option.disabled} (${option.description}) but one by one: ${byHand.ok ? 'taken' : byHand.why}`,
        );

        // Judged on answer-only prompts (what team-pick does) or on full ones: the same verdict, the same reason.
        const session = R.openRoleSession(ctx, start);
        const teams = R.configuredTeams(ctx.workspace.config(), null);
        const base = R.roleBaseState(start);
        assert.deepEqual(R.teamVerdict(session, base, teams[0]!, true), R.teamVerdict(session, base, teams[0]!, false));

        if (!byHand.ok) {
          seen.refused++;
          assert.equal(E.submit(ctx, start, 'gen').ok, false, 'a team that is not offered is refused');
          return;
        }
        seen.offered++;
        const picked = E.submit(ctx, start, 'gen');
        assert.ok(picked.ok, picked.ok ? '' : picked.error);
        const next = picked.next?.step ?? null;
        assert.equal(next, byHand.firstUncovered, 'the next prompt is the first one the team does not cover');
        const viaTeam = finishRoles(ctx, picked.state, [...choices]);
        assert.ok(viaTeam, 'the rest of the roles can be answered');
        const roleFields = (s: WizardState) => [s.role_counts, s.role_models, s.role_selection_order];
        assert.deepEqual(roleFields(viaTeam), roleFields(byHand.state));
        const argv = (s: WizardState) => {
          const r = E.renderArgs(ctx, s);
          assert.ok(r.ok, r.ok ? '' : r.error);
          return r.renderArgv;
        };
        assert.deepEqual(argv(viaTeam), argv(byHand.state));
      }),
      { numRuns: 400 },
    );
    assert.ok(seen.offered > 10 && seen.refused > 10, `both outcomes are exercised: ${JSON.stringify(seen)}`);
  });

  it('team-pick’s default is a team the prompts take, and the simulated total is the full one', () => {
    fc.assert(
      fc.property(worldArb, rawTeamArb, (w, raw) => {
        const team = teamOf(w, raw);
        if (!team) return;
        const ctx = contextFor(w, team);
        const start = toTeamPick(ctx, w);
        if (!start) return;
        const env = makeEnv(ctx);
        const doc = E.current(ctx, start).prompt!;
        const def = doc.options.find((o) => o.default);
        assert.ok(def && !def.disabled);
        try {
          const p = nextPrompt(env, start);
          assert.equal(simulatedRemaining(makeEnv(ctx), start, p), simulatedRemainingFull(makeEnv(ctx), start, p));
        } catch (e) {
          if (!(e instanceof WizardError)) throw e;
        }
      }),
      { numRuns: 100 },
    );
  });
});
