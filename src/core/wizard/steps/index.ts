// The step catalogue in table order (docs/steps.md › Steps); ROLES marks where the
// role prompts sit — also the rewind boundary (R-EDT-5). team-pick stands just before it: it is asked at the roles
// position (after leader-session, before the first count, add or model prompt) and a rewind to it clears the
// whole role selection.
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
import type { StepFieldTables } from '../stateFields';
import type { Step } from './step';
import { taskNew } from './taskNew';
import { taskPick } from './taskPick';
import { taskType } from './taskType';
import { teamPick } from './teamPick';

export const ROLES = 'roles' as const;

/** The step table with each step's own type (`Step<'<id>'>` for one with state fields), for the check below. */
const TABLE = [
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
  teamPick,
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
] as const;

export const FLOW: ReadonlyArray<Step | typeof ROLES> = TABLE;

/**
 * The state fields' types and their definitions are one declaration: each entry of StepFieldTables
 * (src/core/wizard/stateFields.ts), which gives WizardState its fields, must be the `fields` of a step of the table
 * declared as `Step<'<that id>'>`, which gives the state file's schema, defaultState() and the JSON Schema their
 * fields (steps/step.ts StepFields ties the two on the step). A type error here names the entry that is not.
 */
type TableStep = Exclude<(typeof TABLE)[number], typeof ROLES>;
type FieldsOfNoStep = {
  [Id in keyof StepFieldTables & string]: [Extract<TableStep, { id: Id; fields: StepFieldTables[Id] }>] extends [never] ? Id : never;
}[keyof StepFieldTables & string];
const everyStepFieldTableIsAStepsFields: [FieldsOfNoStep] extends [never]
  ? true
  : `StepFieldTables['${FieldsOfNoStep}'] is the fields of no step of FLOW declared as Step<'${FieldsOfNoStep}'>` = true;
void everyStepFieldTableIsAStepsFields;

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

export { confirm, editTarget, taskPick, taskNew, teamPick };
