// Words for people beside the protocol (the CLI keeps its ids and messages):
// a step's title, an answer as `<title> = <answer>` with the option's label,
// the answers a rewind would ask again, and readable refusals by error code.
// Everything comes from the text catalogue of the context (en / ko).

import { parseRoleStepId } from '../roles/roleIds';
import type { TextCatalog } from '../text/catalog';
import { formatTemplate } from '../text/catalog';
import type { PromptDoc, WizardState } from '../types';
import { isRoleStepId } from './roleBridge';
import { STEP_BY_ID, taskNew, taskPick } from './steps';
import type { StepEnv } from './steps/step';

/** A step's short name in the user's language (`Run type`, `planner #2 model`); the id when the catalogue has none. */
export function stepTitle(texts: TextCatalog, id: string): string {
  const role = parseRoleStepId(id);
  if (role) {
    const key = role.kind.replace('-', '_');
    const t = texts.steps[key]?.title;
    if (!t) return id;
    const values =
      role.kind === 'leader-session'
        ? { role: 'leader', ordinal: '1' }
        : { role: role.role, ordinal: role.kind === 'role-model' ? String(role.ordinal) : '' };
    return formatTemplate(t, values);
  }
  const step = STEP_BY_ID.get(id);
  const title = step ? texts.steps[step.textKey]?.title : undefined;
  return title ? formatTemplate(title, {}) : id;
}

export interface ReadableAnswer {
  id: string;
  /** The step's title (`planner #3` for a role model). */
  title: string;
  /** The answer in words: the option's label, a text as typed, a model ref, a count. */
  answer: string;
  /** `<title> = <answer>` (ui.answer_line). */
  text: string;
}

/** The label of the option `value` of step `id` on state `s`, or null when the prompt cannot be built. */
function optionLabel(env: StepEnv, s: WizardState, id: string, value: string): string | null {
  const step = STEP_BY_ID.get(id);
  if (!step) return null;
  try {
    const p = step.build(env, s);
    if (p.kind === 'text') return null;
    const labels = value.split(',').map((v) => p.options.find((o) => o.value === v)?.label ?? v);
    return labels.join(', ');
  } catch {
    return null; // a prompt that cannot be built any more: the value is shown as it is
  }
}

/** A label without the catalogue's ` (recommended)` / ` (default)` marker: they tell what to choose, not what was chosen. */
function withoutMarkers(label: string, options: Record<string, string> | undefined): string {
  for (const key of ['recommended_suffix', 'default_suffix']) {
    const suffix = options?.[key];
    if (suffix && label.endsWith(suffix)) return label.slice(0, -suffix.length);
  }
  return label;
}

/** Step `id` answered `value` on state `s`, in words. */
export function readableOf(env: StepEnv, s: WizardState, id: string, value: string): ReadableAnswer {
  const texts = env.ctx.texts;
  const role = parseRoleStepId(id);
  let title = stepTitle(texts, id);
  let answer = value;
  if (role?.kind === 'role-model') title = formatTemplate(texts.ui.role_model_short, { role: role.role, ordinal: String(role.ordinal) });
  else if (!role && id !== taskPick.id && id !== taskNew.id && !isRoleStepId(id)) {
    const step = STEP_BY_ID.get(id);
    // A pick's answer is its option's label (its short form `<value>_answer` where the catalogue has one, without the
    // prompt's default and recommendation markers: the tree's rows fit the sidebar); a text is shown as typed.
    const kindIsText = step?.kind === 'text';
    const options = step ? texts.steps[step.textKey]?.options : undefined;
    const short = kindIsText ? undefined : options?.[`${value}_answer`];
    if (short !== undefined) answer = formatTemplate(short, {});
    else if (!kindIsText) answer = withoutMarkers(optionLabel(env, s, id, value) ?? value, options);
  } else if (id === taskPick.id && value === 'new') answer = texts.steps.task_pick?.options.new ?? value;
  if (answer === '') answer = texts.ui.none;
  return { id, title, answer, text: formatTemplate(texts.ui.answer_line, { title, answer }) };
}

/**
 * A refusal in words a user knows, by its error code (the protocol message is
 * kept for the log and the CLI). Codes without a fixed text keep the message.
 * `stepId` names the prompt a refused answer was given to.
 */
export function readableError(texts: TextCatalog, code: string, message: string, stepId?: string): string {
  const key = `error_${code.replace(/-/g, '_')}`;
  const t = texts.ui[key];
  if (t === undefined) return message;
  return formatTemplate(t, { detail: message, title: stepId ? stepTitle(texts, stepId) : '' });
}

/**
 * A refused answer in words, judged from the prompt and the answer (never from
 * the message): an empty text where a value is needed, an empty multi-pick, a
 * task name without letters or digits. Otherwise the engine's message.
 */
export function readableRefusal(texts: TextCatalog, prompt: PromptDoc, answer: string, message: string): string {
  const title = stepTitle(texts, prompt.step);
  const step = STEP_BY_ID.get(prompt.step);
  if (prompt.kind === 'text' && answer.trim() === '' && step?.needsValue) return formatTemplate(texts.ui.error_needs_value, { title });
  if (prompt.kind === 'multi_pick' && answer === '') return formatTemplate(texts.ui.error_needs_choice, { title });
  // A text answer that starts with '-' (okstra would take it for an option): said without the step id.
  if (prompt.kind === 'text' && step?.refusesLeadingDash && answer.startsWith('-'))
    return formatTemplate(texts.ui.error_leading_dash, { title, answer });
  if (prompt.step === taskNew.id) {
    const parts = answer.split('/');
    if (parts.length !== 2 || parts.some((x) => !/[A-Za-z0-9]/.test(x))) return texts.ui.error_task_name;
  }
  return message;
}
