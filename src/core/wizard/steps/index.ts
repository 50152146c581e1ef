// The step catalogue in table order (docs/steps.md › Steps); ROLES marks where the
// role prompts sit — also the rewind boundary (R-EDT-5).
import { analysisTarget } from './analysisTarget';
import { brief, briefPath } from './brief';
import { clarification, clarificationPick } from './clarification';
import { confirm, editTarget } from './confirm';
import { directive, directivePick } from './directive';
import { directionPick } from './directionPick';
import { evidence } from './evidence';
import { fixCycle } from './fixCycle';
import { handoffStagePick } from './handoffStagePick';
import { prTemplate, prTemplatePick, prTemplateScope } from './prTemplate';
import { relatedTasks, relatedTasksPick } from './relatedTasks';
import { reusePrevious } from './reusePrevious';
import { reuseWorktree } from './reuseWorktree';
import type { Step } from './step';
import { taskNew } from './taskNew';
import { taskPick } from './taskPick';
import { taskType } from './taskType';

export const ROLES = 'roles' as const;

export const FLOW: ReadonlyArray<Step | typeof ROLES> = [
  taskPick,
  taskNew,
  taskType,
  reusePrevious,
  brief,
  briefPath,
  analysisTarget,
  evidence,
  directionPick,
  handoffStagePick,
  reuseWorktree,
  fixCycle,
  ROLES,
  directivePick,
  directive,
  relatedTasksPick,
  relatedTasks,
  clarificationPick,
  clarification,
  prTemplatePick,
  prTemplate,
  prTemplateScope,
  confirm,
  editTarget,
];

export const STEPS: readonly Step[] = FLOW.filter((s): s is Step => s !== ROLES);
export const STEP_BY_ID: ReadonlyMap<string, Step> = new Map(STEPS.map((s) => [s.id, s]));
export const ROLES_INDEX = FLOW.indexOf(ROLES);

/** Position of a static step in the table (the roles position counts). */
export function flowIndex(id: string): number {
  return FLOW.findIndex((s) => s !== ROLES && s.id === id);
}

/**
 * The confirmation's steps (group `confirm`: confirm, edit-target): their answers are not answers to edit, to count
 * as progress or to remember, and a rewind or Back takes them back.
 */
export function isConfirmationStep(id: string): boolean {
  return STEP_BY_ID.get(id)?.group === 'confirm';
}

/** What a front end shows beside a step's prompt, as the step declares it (steps/step.ts); false for role prompts. */
export interface StepFacts {
  /** The answer is a file of the project: offer a file dialog. */
  pathAnswer: boolean;
  /** An answer that opens a file for the person to write makes the wizard wait for it. */
  waitsForOpenedFile: boolean;
}

export function stepFacts(id: string): StepFacts {
  const step = STEP_BY_ID.get(id);
  return { pathAnswer: step?.pathAnswer === true, waitsForOpenedFile: step?.waitsForOpenedFile === true };
}

/** `answered` without the confirmation's steps. */
export function withoutConfirmation(answered: readonly string[]): string[] {
  return answered.filter((id) => !isConfirmationStep(id));
}

export { confirm, editTarget, taskPick, taskNew };
