// The fields of the state file (docs/state-file.md) and the types made from them. Each snake_case field is defined
// once: a step declares the fields it asks for on its own Step definition (`fields`, src/core/wizard/steps/step.ts),
// and the fields no step asks for (where the wizard runs, the legacy fields, the wizard's own bookkeeping) are
// defined here. stateFieldTable() puts them in file order; stateSchema.ts makes from that table the zod schema, the
// fast checks, `defaultState()`, PATH_FIELDS and the JSON Schema of the file. Data and types only, importing no
// module of src/: the step modules, the step table and the schema all read it, and it reads none of them.

/** How a field of the state file is checked; each kind is one zod schema and one fast check (stateSchema.ts). */
export type FieldKind = 'text' | 'flag' | 'maybeFlag' | 'strings' | 'textOrNull' | 'list' | 'lastRun';

/** What a field of each kind holds: the type of its default. */
interface KindValue {
  text: string;
  flag: boolean;
  maybeFlag: boolean | null;
  strings: readonly never[];
  textOrNull: string | null;
  list: readonly never[];
  lastRun: null;
}

/** One field of the state file: how it is checked, what a fresh state holds, and what it means to a person. */
type FieldDefinition = {
  [K in FieldKind]: {
    kind: K;
    default: KindValue[K];
    /** The hover text of schemas/wizard-state.schema.json, for a person who opens the file. */
    description: string;
    /** A path stored project-relative (docs/state-file.md): the codec rebases it, Run checks that the file exists. */
    path?: true;
  };
}[FieldKind];

/** Fields by name, in file order. */
export type FieldTable = Readonly<Record<string, FieldDefinition>>;

/** `last_run`: what Run started and how it ended (its zod schema, held to this type, is in stateSchema.ts). */
export interface LastRunRecord {
  startedAt: string;
  argv: string[];
  exitCode: number | null;
  /**
   * How the run stands (absent in files written before runs were followed: read as `exited`, or as unknown when
   * exitCode is null): running, ended with an exit code, stopped by the person, or ended without a known end.
   */
  status?: RunStatus;
  /** When the end was recorded (ISO 8601, UTC). */
  endedAt?: string;
  /** What ended it, in words (`Stop Run`, `ended while the window was closed; exit code unknown`). */
  endedBy?: string;
  /** The id by which the extension finds the run's task again after a window reload. */
  runId?: string;
  /** The process id of okstra, when the terminal reported it (to tell, after a reload, whether it still runs). */
  pid?: number;
}

/** The statuses of a run (docs/run.md). */
export const RUN_STATUSES = ['running', 'exited', 'stopped', 'unknown'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** What a field of each kind holds in a state. */
interface KindState {
  text: string;
  flag: boolean;
  maybeFlag: boolean | null;
  strings: string[];
  textOrNull: string | null;
  list: unknown[];
  lastRun: LastRunRecord | null;
}

/**
 * The fields each step declares, by step id: every step module that declares fields adds its own entry, as
 * `declare module '../stateFields' { interface StepFieldTables { '<step-id>': typeof <its fields> } }`, beside its
 * `fields` (CONTRIBUTING.md › Walkthrough: adding a step). The types of the state are made from these entries, the
 * state's table (stateFieldTable) from the steps' `fields`; the type check holds the two to one table (a step with
 * fields is a `Step<'<step-id>'>`, src/core/wizard/steps/step.ts, and src/core/wizard/steps/index.ts checks that
 * each entry is the `fields` of such a step of the step table).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the step modules' declarations
export interface StepFieldTables {}

const LEGACY_FIELD = 'Legacy field, written for older okstra versions.';

/** The fields before the steps' fields: where and for which project the wizard runs. */
const FIELDS_BEFORE_STEPS = {
  workspace_root: { kind: 'text', default: '', description: "The project's .okstra folder, absolute." },
  project_root: {
    kind: 'text',
    default: '',
    description: 'The project folder, absolute. A state file found inside another project is moved there on load.',
  },
  project_id: { kind: 'text', default: '', description: 'The project id passed to okstra (config.yaml projectId, else the folder name).' },
  host_runtime: {
    kind: 'text',
    default: 'claude-code',
    description: 'Where the run is led from: the host whose session or process leads it.',
  },
  host_entry_mode: {
    kind: 'text',
    default: 'spawn-process',
    description: 'How the host is entered: in the current session, or by starting a new process.',
  },
  available_functions: { kind: 'strings', default: [], description: 'Functions the host offers to the run, as named by the host.' },
} as const satisfies FieldTable;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** The steps' fields (StepFieldTables), one table. */
type StepFields = UnionToIntersection<StepFieldTables[keyof StepFieldTables]>;

/** Fields no step declares that sit among the steps' fields, each group right after the step field it names. */
const FIELDS_AMONG_STEPS = [
  {
    after: 'handoff_stages',
    fields: { selected_stages: { kind: 'text', default: '', description: 'Kept for okstra; the wizard does not use it.' } },
  },
  {
    after: 'pr_template_scope',
    fields: {
      use_defaults: { kind: 'maybeFlag', default: null, description: LEGACY_FIELD },
      critic_pending_text: { kind: 'flag', default: false, description: LEGACY_FIELD },
      workers_custom_pending: { kind: 'flag', default: false, description: LEGACY_FIELD },
      profile_workers: { kind: 'list', default: [], description: LEGACY_FIELD },
    },
  },
  {
    after: 'confirmed',
    fields: { aborted: { kind: 'flag', default: false, description: 'true once the wizard was aborted; an aborted wizard cannot run.' } },
  },
] as const satisfies ReadonlyArray<{ after: keyof StepFields; fields: FieldTable }>;

/** The fields after the steps' fields: what Run started, and the answered steps. */
const FIELDS_AFTER_STEPS = {
  last_run: {
    kind: 'lastRun',
    default: null,
    description: 'The last okstra run started from this wizard: when, with which arguments, and how it ended.',
  },
  answered: { kind: 'strings', default: [], description: 'The ids of the answered steps, in the order they were answered.' },
} as const satisfies FieldTable;

/** Every field of the state file, as a type: the fixed fields and the steps'. */
export type StateFieldDefinitions = typeof FIELDS_BEFORE_STEPS &
  StepFields &
  UnionToIntersection<(typeof FIELDS_AMONG_STEPS)[number]['fields']> &
  typeof FIELDS_AFTER_STEPS;

export type StateField = keyof StateFieldDefinitions & string;

/** The snake_case fields of a state, each with the type of its kind. */
export type StateFields = { -readonly [F in StateField]: KindState[StateFieldDefinitions[F]['kind']] };

/** The fields stored project-relative (`path: true`). */
export type PathField = { [F in StateField]: StateFieldDefinitions[F] extends { path: true } ? F : never }[StateField];

/** What stateFieldTable reads of a step table entry: a step's declared fields (the roles position has none). */
type FlowEntry = { readonly id: string; readonly fields?: FieldTable } | string;

/**
 * The fields of the state file in file order (R-JSON-5): the fields before the steps', each step's `fields` in step
 * table order (each group of FIELDS_AMONG_STEPS right after the field it names), then the fields after. A field
 * declared twice, or a group whose field no step declares, is an error of the program.
 */
export function stateFieldTable(flow: readonly FlowEntry[]): Record<string, FieldDefinition> {
  const table: Record<string, FieldDefinition> = {};
  const add = (fields: FieldTable, owner: string): void => {
    for (const [name, definition] of Object.entries(fields)) {
      if (Object.hasOwn(table, name)) throw new Error(`state field '${name}' of ${owner} is defined twice`);
      table[name] = definition;
      for (const group of FIELDS_AMONG_STEPS) if (group.after === name) add(group.fields, `the fields after '${name}'`);
    }
  };
  add(FIELDS_BEFORE_STEPS, 'the fields before the steps');
  for (const entry of flow) if (typeof entry !== 'string' && entry.fields) add(entry.fields, `step '${entry.id}'`);
  add(FIELDS_AFTER_STEPS, 'the fields after the steps');
  for (const group of FIELDS_AMONG_STEPS)
    if (!Object.hasOwn(table, group.after)) throw new Error(`no step declares state field '${group.after}', which other fields follow`);
  return table;
}

/**
 * The wizard state in memory: the state file's snake_case fields as
 * their definitions give them (StateFields), plus what the codec
 * keeps beside them. The three role fields are written as roleCounts /
 * roleModels / roleSelectionOrder by the codec.
 *
 * Engine functions never mutate a state they were given: they work on a
 * clone (see cloneState) so that a refused answer leaves the caller's state,
 * and therefore the file, unchanged.
 */
export type WizardState = StateFields & {
  /** Keys this version does not know, verbatim, in their original order (`__proto__` included). */
  extra_keys: Array<[string, unknown]>;
  /** roleCounts: role → count (0 records "role-add answered: not added"). */
  role_counts: Record<string, number>;
  /** roleModels: role → model refs, ordinal order. "No models" is an absent key, never `[]`. */
  role_models: Record<string, string[]>;
  /** roleSelectionOrder: role step ids in the order they were settled. */
  role_selection_order: string[];
  /**
   * The follow-up step a pick chose and that is not answered yet (`brief-path`
   * after brief = path, `directive` after directive-pick = write, …); written
   * as `pendingFollowUp` only while non-empty (docs/decisions.md › Pending follow-ups).
   */
  pending_follow_up?: string;
  /**
   * Answers a rewind or Back cleared, by step id, kept as the defaults of their
   * prompts (never as answers); written as `rememberedAnswers` only while
   * non-empty (docs/decisions.md › Wizard: remembered answers).
   */
  remembered_answers?: Record<string, string>;
  /**
   * The answer of team-pick while it is answered: a team's name, `run:<id>` (the agents of that run) or
   * `one-by-one`; written as `teamPick` (docs/decisions.md › Teams: the answer of team-pick).
   */
  team_pick?: string;
};
