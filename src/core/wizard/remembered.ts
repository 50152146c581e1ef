// Remembered answers (docs/decisions.md › Wizard: remembered answers): what a
// rewind or Back cleared, kept beside the answers as the defaults of their
// prompts. They are never answers: rendering, the confirmation and the tree
// read the state's fields only. A remembered value becomes a prompt's default
// only while it is still a selectable option (picks), and it is forgotten
// when its step is answered again or when the wizard moves to another task.

import type { Prompt, WizardState } from '../types';
import { parseRoleStepId } from '../roles/roleIds';
import { isRoleStepId } from './roleBridge';
import { STEP_BY_ID, isConfirmationStep, taskNew, taskPick } from './steps';
import type { StepEnv } from './steps/step';

/** The answer of an answered step as its prompt accepts it again (an option value, a text, a `,` list). */
export function answerValue(env: StepEnv, s: WizardState, id: string): string | null {
  const role = parseRoleStepId(id);
  if (role) {
    if (role.kind === 'leader-session') return 'continue';
    if (role.kind === 'role-model') return s.role_models[role.role]?.[role.ordinal - 1] ?? null;
    const n = s.role_counts[role.role];
    return n === undefined ? null : String(n);
  }
  if (isRoleStepId(id)) return null;
  const step = STEP_BY_ID.get(id);
  if (!step) return null;
  try {
    return step.answerValue ? step.answerValue(env, s) : step.answerOf(env, s);
  } catch {
    return null; // a task that cannot be read any more: nothing to remember
  }
}

/** Records the answers of `before` that the rewind just removed from `s.answered`. */
export function rememberCleared(env: StepEnv, before: WizardState, s: WizardState): void {
  const kept = new Set(s.answered);
  const out: Record<string, string> = { ...(s.remembered_answers ?? {}) };
  for (const id of before.answered) {
    if (isConfirmationStep(id) || kept.has(id)) continue;
    const v = answerValue(env, before, id);
    if (v !== null) out[id] = v;
  }
  setRemembered(s, out);
}

function setRemembered(s: WizardState, map: Record<string, string>): void {
  if (Object.keys(map).length > 0) s.remembered_answers = map;
  else delete s.remembered_answers;
}

/** The task key the remembered answers belong to, when task-pick / task-new were remembered. */
function rememberedTaskKey(s: WizardState): string | null {
  const r = s.remembered_answers;
  if (!r) return null;
  const pick = r[taskPick.id];
  if (pick === undefined) return r[taskNew.id] ?? null;
  return pick === 'new' ? (r[taskNew.id] ?? null) : pick;
}

/** After `id` was answered: its remembered value goes; all of them go when the task changed. */
export function forgetAnswered(s: WizardState, id: string): void {
  const r = s.remembered_answers;
  if (!r) return;
  if ((id === taskPick.id || id === taskNew.id) && s.task_group && s.task_id) {
    const before = rememberedTaskKey(s);
    if (before !== null && before !== `${s.task_group}/${s.task_id}`) {
      delete s.remembered_answers;
      return;
    }
  }
  const out = { ...r };
  delete out[id];
  setRemembered(s, out);
}

/**
 * The prompt with the remembered answer of its step as its default: a pick's
 * option when it is still offered and selectable, a text prompt's value, a
 * multi_pick's options to tick (each marked `default`).
 */
export function withRemembered(s: WizardState, p: Prompt): Prompt {
  const v = s.remembered_answers?.[p.step];
  if (v === undefined || p.kind === 'done') return p;
  if (p.kind === 'text') return { ...p, default: v };
  if (p.kind === 'pick') {
    const o = p.options.find((x) => x.value === v && !x.disabled);
    if (!o) return p;
    return { ...p, options: p.options.map((x) => markOnly(x, x === o)) };
  }
  const values = new Set(v.split(','));
  if (!p.options.some((x) => values.has(x.value) && !x.disabled)) return p;
  return { ...p, options: p.options.map((x) => markOnly(x, values.has(x.value) && !x.disabled)) };
}

function markOnly<T extends { default?: true }>(o: T, isDefault: boolean): T {
  const c = { ...o };
  if (isDefault) c.default = true;
  else delete c.default;
  return c;
}
