// What each field of a state file (`<task-id>.wizard.json`) holds, in words for a person who opens the file: the
// hover text of schemas/wizard-state.schema.json. The generator adds a description to every property that its
// zod schema does not describe itself, and a test fails when a property has none.
/** The whole file. */
export const STATE_FILE_DESCRIPTION =
  'An okstra-wizard state file (<task-id>.wizard.json, or a v2 companion of a legacy file): the answers of one run wizard. Written by the wizard; see docs/state-file.md before editing it by hand.';

export const STATE_DESCRIPTIONS: Record<string, string> = {
  workspace_root: "The project's .okstra folder, absolute.",
  project_root: 'The project folder, absolute. A state file found inside another project is moved there on load.',
  project_id: 'The project id passed to okstra (config.yaml projectId, else the folder name).',
  host_runtime: 'Where the run is led from: the host whose session or process leads it.',
  host_entry_mode: 'How the host is entered: in the current session, or by starting a new process.',
  available_functions: 'Functions the host offers to the run, as named by the host.',
  task_group: 'The group of the task (the folder under .okstra/tasks).',
  task_id: 'The id of the task (its folder under the group).',
  task_type: 'The run type: which role profile and inputs the run uses. Empty until it is chosen.',
  reuse_previous: "The earlier run whose inputs are reused ('run:<run-id>'), or 'fresh'; null before it is asked.",
  brief_path: "The task's brief, relative to the project root.",
  analysis_target: 'What the analysis looks at (a path or a name), for the analysing run types.',
  feature_evidence_path: 'A file of evidence about the feature, relative to the project root.',
  project_evidence_path: 'A file of evidence about the project, relative to the project root.',
  selected_direction_path: 'The chosen direction (directions/<name>.md), relative to the project root.',
  approved_plan_path: 'The approved plan, for the run types that work by plan stage.',
  handoff_mode: 'Which plan stages the run covers: one stage, or several.',
  handoff_stages: 'The plan stage ids of the run, separated by commas.',
  selected_stages: 'Kept for okstra; the wizard does not use it.',
  reuse_worktree: "true: the run works in the task's existing worktree.",
  base_ref: 'The git ref a new worktree starts from (HEAD when empty).',
  fix_cycle: 'The failed final-verification run that an implementation run fixes (its run id); empty for none.',
  directive: 'A free-text instruction passed to the run.',
  related_tasks_raw: 'Related task keys (<group>/<id>), separated by commas.',
  clarification_response_path: 'The answers to the open clarification questions, relative to the project root.',
  pr_template_path: 'The pull-request template of a release hand-off, relative to the project root.',
  pr_template_scope: "Where the template choice is kept: 'run' (this run only) or 'project' (written to config.yaml when the run starts).",
  use_defaults: 'Legacy field, written for older okstra versions.',
  critic_pending_text: 'Legacy field, written for older okstra versions.',
  workers_custom_pending: 'Legacy field, written for older okstra versions.',
  profile_workers: 'Legacy field, written for older okstra versions.',
  confirmed: 'true once the confirmation was answered with Run; null before.',
  aborted: 'true once the wizard was aborted; an aborted wizard cannot run.',
  edit_target: 'The step chosen to be changed from the confirmation, while it is being changed.',
  last_run: 'The last okstra run started from this wizard: when, with which arguments, and how it ended.',
  'last_run.startedAt': 'When the run started (ISO 8601, UTC).',
  'last_run.argv': 'The arguments okstra was started with.',
  'last_run.exitCode': "okstra's exit status; null while it runs or when it was not recorded.",
  answered: 'The ids of the answered steps, in the order they were answered.',
  executionIdentityVersion: 'The version of the state format: 2. A file without it (or with 1) is a legacy v1 state.',
  roleCounts: 'How many agents each role has, by role id.',
  roleModels: 'The model of each agent, by role id, in agent order (<provider>/<model>).',
  roleSelectionOrder: 'The role ids in the order their prompts were answered.',
  teamPick:
    "The answer of team-pick while it is answered: a team's name, run:<run id> (the agents of that run) or one-by-one. The role answers it gave are in roleCounts, roleModels and roleSelectionOrder like any others.",
  pendingFollowUp: 'A follow-up step whose answer is being written and is not yet saved.',
  legacySource: 'In a companion file only: the legacy v1 file it was converted from.',
  'legacySource.path': 'The legacy file, absolute.',
  'legacySource.sha256': "The sha256 of the legacy file's bytes when it was converted.",
};

/** The v1 fields, read once for the conversion to v2 and never written again. */
export const V1_FIELD_DESCRIPTION = 'Legacy v1 field: read once to convert the file to v2, never written again.';

/** Keys that are dropped on load whatever they hold (spellings of the v2 keys that the wizard never writes). */
export const DROPPED_FIELD_DESCRIPTION = 'Not a key of the state format; dropped on load.';
export const DROPPED_STATE_FIELDS = new Set(['role_counts', 'role_models', 'role_selection_order', 'execution_identity_version']);

/** A key one version of the format has and the other must not (a v1 key in a v2 file, or the other way round). */
export const MIXED_VERSIONS_DESCRIPTION =
  'Not allowed together with the keys of the other version: a state file has either the v1 provider keys or executionIdentityVersion 2 with roleCounts, roleModels and roleSelectionOrder, never both.';
