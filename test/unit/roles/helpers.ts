// Drives the role flow the way the step flow does: open a session per
// operation, reconcile after each submit, record the answer.

import * as R from '../../../src/core/roles';
import type { EngineContext } from '../../../src/core/ports';
import type { Notice, Prompt, WizardState } from '../../../src/core/types';

export function next(ctx: EngineContext, state: WizardState): Prompt | null {
  return R.nextRolePrompt(R.openRoleSession(ctx, state), state);
}

export function answer(ctx: EngineContext, state: WizardState, value?: string): { echo: string; notices: Notice[]; prompt: Prompt } {
  const session = R.openRoleSession(ctx, state);
  const prompt = R.nextRolePrompt(session, state);
  if (!prompt) throw new Error('no role prompt');
  const v = value ?? prompt.options.find((o) => o.default)?.value;
  if (v === undefined) throw new Error(`prompt ${prompt.step} has no default`);
  const echo = R.submitRolePrompt(session, state, prompt, v);
  R.recordRoleAnswer(state, prompt.step);
  const notices = R.reconcileRoleSelection(R.openRoleSession(ctx, state), state);
  return { echo, notices, prompt };
}

/** Answers defaults (or the given values in order) until no role prompt is left. */
export function runDefaults(ctx: EngineContext, state: WizardState, values: string[] = []): string[] {
  const steps: string[] = [];
  for (let i = 0; i < 50; i++) {
    const p = next(ctx, state);
    if (!p) return steps;
    steps.push(p.step);
    answer(ctx, state, values.shift());
  }
  throw new Error('role flow did not finish');
}

export function values(p: Prompt | null): string[] {
  return p ? p.options.map((o) => o.value) : [];
}

export function throwsMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected an error');
}
