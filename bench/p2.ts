// P2: the role-model prompt on the stress pool (docs/performance.md P2, exactly):
// providers p00…p19 × 25 models, every model serving every role, the CLIs of
// p15…p19 absent, backend tmux; static roles r1…r8 min 1 max 5 count 5,
// `distinct: provider` on r1, r3, r5, r7; spawn-process; no configured
// defaults. Measured: `role-model:r8:5` with r1…r7 (and the leader) complete
// and r8 holding 4 models. Our exact engine against the seed's greedy
// algorithm transcribed call for call (test/oracle/greedyCompletion.ts), on
// the same files, the same pool and availability code, in the same process.

import * as R from '../src/core/roles';
import type { WizardState } from '../src/core/types';
import * as E from '../src/core/wizard/engine';
import { greedyRoleModelOptions } from '../test/oracle/greedyCompletion';
import { contextOf, freshState, walk, workspaceOf } from './context';
import { STRESS_TASK, STRESS_TASK_TYPE, withTeams, writeStressProject, type StressProject, type StressShape } from './generate';
import { measure, type Sample } from './stats';

export interface StressInput {
  project: StressProject;
  /** The state at the measured prompt. */
  state: WizardState;
  step: string;
  /** Every state of the walk up to the measured prompt (for the whole-wizard figure). */
  states: WizardState[];
  steps: string[];
}

/**
 * Writes the stress project and answers the wizard up to `role-model:r<last>:5`. `teams`: its config.yaml also has
 * that many teams over its roles and models; team-pick is answered one by one, so the measured prompt is the same.
 */
export function stressInput(dir: string, shape: StressShape, teams?: number): StressInput {
  const project = writeStressProject(dir, shape);
  if (teams !== undefined) {
    const refs = Array.from({ length: shape.providers }, (_, p) => `p${String(p).padStart(2, '0')}/m00`);
    withTeams(project.root, teams, project.roles, refs);
  }
  const ws = workspaceOf(project.root);
  const ctx = () => contextOf(ws, project.env);
  const last = project.roles[project.roles.length - 1]!;
  const step = `role-model:${last}:5`;
  const answers: Record<string, string> = { 'task-pick': STRESS_TASK, 'task-type': STRESS_TASK_TYPE };
  for (const r of project.roles) answers[`role-count:${r}`] = '5';
  answers['team-pick'] = 'one-by-one';
  const w = walk(ctx, freshState(project.root), answers, step);
  const state = w.final;
  // The measured situation, checked rather than assumed.
  for (const r of project.roles.slice(0, -1)) {
    if ((state.role_models[r] ?? []).length !== 5) throw new Error(`P2 input: role ${r} is not complete`);
  }
  if ((state.role_models.leader ?? []).length !== 1) throw new Error('P2 input: the leader is not chosen');
  if ((state.role_models[last] ?? []).length !== 4) throw new Error(`P2 input: role ${last} does not hold 4 models`);
  if (state.role_counts[last] !== 5) throw new Error(`P2 input: role ${last} count is not 5`);
  return { project, state, step, states: w.states, steps: w.steps };
}

export interface P2Result {
  /** The whole engine: `current()` → the prompt document (options, unavailable, progress). */
  engine: Sample;
  /** The role layer alone: a fresh RoleSession and the role-model prompt (what greedy is compared with). */
  exact: Sample;
  greedy: Sample;
  /** greedy / exact, and greedy / engine (the smaller one is what the gate uses). */
  ratio: number;
  ratioEngine: number;
  options: { exact: number; greedy: number; same: boolean; note: string };
  unavailable: number;
}

export function runP2(input: StressInput, opts: { greedyRuns: number; exactRuns: number; greedy?: boolean }): P2Result {
  const { project, state } = input;
  const ws = workspaceOf(project.root);
  const ctx = () => contextOf(ws, project.env);
  const last = project.roles[project.roles.length - 1]!;
  const doc = E.current(ctx(), state);
  if (!doc.prompt || doc.prompt.step !== input.step) throw new Error(`P2: expected ${input.step}, got ${doc.prompt?.step ?? doc.error}`);
  const exactValues = doc.prompt.options.map((o) => o.value);

  const engine = measure(() => E.current(ctx(), state), { warmup: 5, iterations: opts.exactRuns });
  const exact = measure(
    () => {
      const session = R.openRoleSession(ctx(), state);
      return R.nextRolePrompt(session, state);
    },
    { warmup: 5, iterations: opts.exactRuns },
  );
  const greedyOnce = () => {
    const session = R.openRoleSession(ctx(), state);
    return greedyRoleModelOptions(session, state, session.requirement(last)!, 5);
  };
  if (opts.greedy === false) {
    return {
      engine,
      exact,
      greedy: exact,
      ratio: NaN,
      ratioEngine: NaN,
      options: { exact: exactValues.length, greedy: NaN, same: true, note: 'greedy not run' },
      unavailable: doc.prompt.unavailable?.length ?? 0,
    };
  }
  const greedyValues = greedyOnce();
  const greedy = measure(greedyOnce, { warmup: 0, iterations: opts.greedyRuns, minIterations: opts.greedyRuns });

  const same = JSON.stringify(greedyValues) === JSON.stringify(exactValues);
  let note = 'identical option lists, same order';
  if (!same) {
    const g = new Set(greedyValues);
    const missing = greedyValues.filter((v) => !exactValues.includes(v));
    const extra = exactValues.filter((v) => !g.has(v));
    note = missing.length
      ? `EXACT MISSES ${missing.length} greedy option(s): ${missing.slice(0, 3).join(', ')}`
      : `exact offers ${extra.length} more (greedy's fill hides them): ${extra.slice(0, 3).join(', ')}`;
  }
  return {
    engine,
    exact,
    greedy,
    ratio: greedy.median / exact.median,
    ratioEngine: greedy.median / engine.median,
    options: { exact: exactValues.length, greedy: greedyValues.length, same, note },
    unavailable: doc.prompt.unavailable?.length ?? 0,
  };
}

/** Every prompt of the stress wizard up to the measured one: the slowest, as a user would feel it. */
export function stressWizardWorst(input: StressInput, iterations: number): { step: string; sample: Sample } {
  const ws = workspaceOf(input.project.root);
  const ctx = () => contextOf(ws, input.project.env);
  let worst: { step: string; sample: Sample } | null = null;
  input.states.forEach((s, i) => {
    const sample = measure(() => E.current(ctx(), s), { warmup: 1, iterations });
    if (!worst || sample.median > worst.sample.median) worst = { step: input.steps[i] ?? input.step, sample };
  });
  return worst!;
}
