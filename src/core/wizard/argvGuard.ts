// The one guard where okstra's argv is made (checkedArgv): nothing from disk
// reaches okstra's command line unchecked. No value after a flag starts with
// '-'; every path resolves — symlinks followed — inside the project root; a
// path inside a comma-joined list holds no comma (src/core/wizard/argSafety.ts).
import type { WorkspacePort } from '../ports';
import { pyReprString } from '../pyRepr';
import { WizardError, type WizardState } from '../types';
import { controlProblem, dashProblem, outsideProblem } from './argSafety';
import { renderArgv, type RenderArgs } from './render';
import type { StateField } from './stateSchema';
import { STEPS } from './steps';

/** The path flags of render-bundle and the state fields they come from. */
const PATH_FLAGS: Record<string, StateField[]> = {
  'task-brief': ['brief_path'],
  'evidence-inputs': ['feature_evidence_path', 'project_evidence_path'],
  'approved-plan': ['approved_plan_path'],
  'clarification-response': ['clarification_response_path'],
  'selected-direction': ['selected_direction_path'],
  'pr-template-path': ['pr_template_path'],
};

/** The other flags whose values come from one state field. */
const VALUE_FLAGS: Record<string, StateField[]> = {
  'project-root': ['project_root'],
  'project-id': ['project_id'],
  'task-group': ['task_group'],
  'task-id': ['task_id'],
  'task-type': ['task_type'],
  'analysis-target': ['analysis_target'],
  stage: ['handoff_stages'],
  stages: ['handoff_stages'],
  'base-ref': ['base_ref'],
  directive: ['directive'],
  'related-tasks': ['related_tasks_raw'],
  'fix-cycle': ['fix_cycle'],
  'host-session-context-json': ['host_entry_mode', 'available_functions'],
  'lead-runtime': ['host_runtime'],
};

/** The step to edit for a state field: the first step of the flow that owns it and was answered, else the first owner. */
export function stepForField(s: WizardState, field: StateField): string | null {
  const owners = STEPS.filter((st) => st.owns.includes(field));
  return (owners.find((st) => s.answered.includes(st.id)) ?? owners[0])?.id ?? null;
}

/** Where a state field no step owns got its value when the wizard began (engine.ts initState). */
const SET_AT_START: Partial<Record<StateField, string>> = {
  project_id: "set from projectId in .okstra/config.yaml (else the folder's name) when the wizard began",
};

function sourceOf(s: WizardState, flag: string): string {
  const fields = PATH_FLAGS[flag] ?? VALUE_FLAGS[flag];
  if (!fields) return flag.startsWith('role-') ? "the role selection; edit step 'role-count' of that role" : 'the state file';
  const setAtStart = SET_AT_START[fields[0]!];
  if (setAtStart) return `state field ${pyReprString(fields[0]!)} of the state file, ${setAtStart}`;
  const step = stepForField(s, fields[0]!);
  const named = `state field ${fields.map((f) => pyReprString(f)).join(' / ')}`;
  return step ? `${named}; edit step ${pyReprString(step)}` : `${named} of the state file`;
}

function refuse(s: WizardState, flag: string, value: string, problem: string): WizardError {
  return new WizardError('not-runnable', `--${flag} ${pyReprString(value)} ${problem}: it comes from ${sourceOf(s, flag)}`);
}

/**
 * The guard at the boundary: the argv of `okstra render-bundle`, refused
 * (code `not-runnable`, naming the flag, the value, the state field and the
 * step to edit) when a value would be read as an option or a path leaves the
 * project.
 */
export function checkedArgv(ws: WorkspacePort, s: WizardState, rendered: RenderArgs): string[] {
  const argv = renderArgv(rendered, s.host_runtime);
  for (let i = 0; i + 1 < argv.length; i += 2) {
    const flag = argv[i]!.slice(2);
    const value = argv[i + 1]!;
    const dash = dashProblem(value);
    if (dash) throw refuse(s, flag, value, dash);
  }
  if (ws.realPath(s.project_root) === null) {
    throw refuse(s, 'project-root', s.project_root, 'cannot be resolved (the project folder is gone)');
  }
  for (const [flag, fields] of Object.entries(PATH_FLAGS)) {
    for (const field of fields) {
      const stored = s[field] as string;
      if (stored === '') continue;
      if (fields.length > 1 && stored.includes(',')) throw refuse(s, flag, stored, "contains ',' (the list is joined with ',')");
      const problem = controlProblem(stored) ?? outsideProblem(ws, s.project_root, stored);
      if (problem) throw refuse(s, flag, stored, problem);
    }
  }
  return argv;
}
