// What the engine needs from the outside world, as plain data behind small
// interfaces. src/workspace implements WorkspacePort over the file system;
// tests implement it in memory. Nothing in src/core reads a file or PATH.
//
// Paths: every path handed to the engine is relative to project_root with `/`
// separators, unless its name says "abs". Errors about malformed files are
// FileError instances (types.ts) whose message is ready to show.

import type { TextCatalog } from './text/catalog';

/** A file's text and the path to name in errors (project-relative, or `profiles/x.md` for built-ins). */
export interface SourceText {
  path: string;
  text: string;
}

// ---------------------------------------------------------------- config.yaml

export interface ProviderDecl {
  display?: string;
  cli?: string;
  enabled?: boolean;
}

export interface ModelDecl {
  ref: string;
  display?: string;
  aliases?: string[];
  roles?: '*' | string[];
  defaultFor?: string[];
}

/** A team of `teams:` (config.yaml) or of the user's teams: per role, the models of its agents (docs/profiles.md › Teams). */
export interface TeamDecl {
  description?: string;
  /** Role id → model refs in agent order; `[]`: none of that optional role. */
  roles: Record<string, string[]>;
}

/** `.okstra/config.yaml`, validated (docs/okstra-files.md › config.yaml). */
export interface ProjectConfig {
  /** Project-relative path of the file, for error messages. */
  path: string;
  projectId?: string;
  okstraCommand?: string | string[];
  modelDefaults?: Record<string, string[]>;
  providers?: Record<string, ProviderDecl>;
  models?: ModelDecl[];
  registry?: { replaceBuiltins?: boolean };
  prTemplate?: string;
  /** Team name → team, in file order. */
  teams?: Record<string, TeamDecl>;
}

// ------------------------------------------------------------------ the tasks

interface RunEntry {
  runId: string;
  taskType?: string;
  status?: string;
  outcome?: string;
  /** Relative to the task folder. */
  inputs?: string;
}

/** task-manifest.json, validated; unknown keys are kept. */
export interface TaskManifest {
  taskKey?: string;
  taskGroup: string;
  taskId: string;
  title?: string;
  updatedAt?: string;
  workflow?: {
    currentPhase?: string;
    /** Raw pointer: null, a string, or {phase, status} (docs/okstra-files.md › The next-phase pointer). */
    nextRecommendedPhase?: unknown;
    completedStages?: string[];
  };
  contract?: { outcome?: string };
  worktree?: { path: string; branch?: string };
  runs?: RunEntry[];
  [key: string]: unknown;
}

/** One row of the task catalogue: a readable task, or an unreadable one with its error. */
export type TaskEntry =
  | { key: string; group: string; id: string; manifest: TaskManifest; error?: undefined }
  | { key: string; group: string; id: string; manifest: null; error: string };

export interface BriefFrontMatter {
  title?: string;
  taskType?: string;
  analysisTarget?: string;
  evidence?: { feature?: string; project?: string };
  [key: string]: unknown;
}

export interface PlanStage {
  id: string;
  title?: string;
  dependsOn: string[];
}

/** plan/approved-plan.md, parsed; the wizard's plan rules live in the core. */
export interface ApprovedPlan {
  path: string;
  approved: boolean;
  stages: PlanStage[];
  /** The rest of the first body line starting with `BLOCKING:`, trimmed (fenced code ignored); null when none. */
  blocking: string | null;
}

export interface QuestionsFile {
  runId: string;
  path: string;
  questions: Array<{ id: string; question: string }>;
  answersPath: string;
  answersExists: boolean;
  /** Whether the answers file holds an answer (text under one of its `## <id>: …` headings); absent: not known. */
  answersWritten?: boolean;
  /** A FileError message when the questions file is malformed (then `questions` is empty). */
  error?: string;
}

export interface PreviousRunInputs {
  runId: string;
  taskType: string;
  inputsPath: string;
  /** The parsed inputs.json object. */
  inputs: Record<string, unknown>;
  /** A FileError message when inputs.json is malformed (then `inputs` is `{}`). */
  error?: string;
}

/** Everything the steps read about one task, read on demand. */
export interface TaskDetails {
  key: string;
  group: string;
  id: string;
  /** Project-relative task folder, e.g. `.okstra/tasks/payments/refund-timeout`. */
  dir: string;
  manifest: TaskManifest;
  brief: {
    path: string;
    exists: boolean;
    frontMatter: BriefFrontMatter | null;
    /** A file error in the brief (bad YAML, wrong types). */
    error?: string;
  };
  /** directions/*.md, project-relative, sorted by name (regular files whose real path is inside the project). */
  directions: string[];
  /**
   * directions/*.md that cannot be offered, with the reason (`not a regular file (a FIFO)`, a link that
   * resolves outside the project), and the folder itself when it cannot be listed (`path` = the folder).
   */
  unavailableDirections?: Array<{ path: string; reason: string }>;
  /** null when plan/approved-plan.md does not exist; a FileError message when it is malformed. */
  plan: ApprovedPlan | { path: string; error: string } | null;
  questions: QuestionsFile[];
  /** runs entries whose inputs file exists, in manifest order, with their parsed inputs. */
  previousRuns: PreviousRunInputs[];
}

export interface CreatedTask {
  key: string;
  manifestPath: string;
  briefPath: string;
}

/**
 * The project, as the engine sees it. Methods may throw FileError (a
 * malformed file) or WizardError. Implementations cache as they see fit.
 */
export interface WorkspacePort {
  /** Absolute project root (what state.project_root holds). */
  readonly projectRootAbs: string;
  /** `.okstra/config.yaml`, or null when absent; throws FileError when malformed. */
  config(): ProjectConfig | null;
  /** The task catalogue, unsorted (the engine sorts). */
  tasks(): TaskEntry[];
  /** One task's details; throws WizardError `task '<key>' cannot be used: <reason>` when unreadable. */
  task(key: string): TaskDetails;
  /** The built-in profile text for a task type (`profiles/<t>.md` of the extension). */
  builtinProfile(taskType: string): SourceText | null;
  /** `.okstra/prompts/profiles/<t>.md` when it exists. */
  profileOverride(taskType: string): SourceText | null;
  /** The built-in model registry (`profiles/registry.yaml` of the extension). */
  builtinRegistry(): SourceText;
  /** Is there a regular file at this project-relative (or absolute) path? */
  isFile(path: string): boolean;
  /**
   * The real path of an absolute path: symlinks resolved; null when it does not exist or cannot be
   * resolved (a loop, no permission). "Inside the project" is judged on real paths only.
   */
  realPath(absPath: string): string | null;
  /** Creates `<group>/<id>` with its manifest and brief template (docs/okstra-files.md › New tasks). */
  createTask(group: string, id: string, title: string): CreatedTask;
  /** Writes a file inside the project only when it does not exist yet (clarification answers sidecar). */
  createFileIfMissing(path: string, content: string): void;
  /** Now, for `updatedAt` of created tasks; injectable for tests. */
  now(): Date;
}

// --------------------------------------------------------- the environment

export type TerminalBackend = 'tmux' | 'zellij' | 'vscode-terminal' | 'none';

/** Where a user-scope model default came from, for the ` (configured in <source>)` of an unavailable configured default. */
export type UserDefaultsSource = { kind: 'setting' } | { kind: 'file'; path: string };

/**
 * What differs between machines: which provider CLIs can start and which
 * terminal backend exists (docs/roles.md › The environment). Recomputed per prompt
 * by the shell; the engine never reads PATH.
 */
export interface EnvironmentPort {
  /** True when the provider's CLI can be started here (OKSTRA_<P>_CLI, the VS Code setting, or PATH). */
  providerCliAvailable(providerId: string, cli: string): boolean;
  terminalBackend(): TerminalBackend;
  /** The user scope of model defaults (VS Code setting or OKSTRA_MODEL_DEFAULTS file); null when none. */
  userModelDefaults(): { source: UserDefaultsSource; defaults: Record<string, string[]> } | null;
  /**
   * Where provider CLIs are looked for and where the terminal backend comes from, in words, for the report of an
   * environment in which no provider can start (`PATH is '/usr/bin:/bin'; OKSTRA_TERMINAL_BACKEND is not set`).
   */
  where?(): string;
  /**
   * The user's own teams (the VS Code setting `okstra.teams`, or the YAML file named by OKSTRA_TEAMS); null or absent
   * when none. A team of the setting that does not fit the teams schema is given with its `error` (a file error in
   * words) instead of its roles: it is listed as not available, never dropped silently.
   */
  userTeams?(): UserTeams | null;
}

/** The user scope of teams: where they come from, and each team by name, in order. */
export interface UserTeams {
  source: UserDefaultsSource;
  teams: Array<{ name: string; team: TeamDecl } | { name: string; error: string }>;
}

/**
 * Who answers the prompts: a person in the extension's wizard (where Run starts okstra), or a program (the CLI, the
 * MCP server, the language-model tools), for which answering the confirmation records it and starts nothing.
 */
export type Audience = 'person' | 'agent';

/** Everything one engine operation needs. */
export interface EngineContext {
  workspace: WorkspacePort;
  environment: EnvironmentPort;
  texts: TextCatalog;
  /** Default `person`. */
  audience?: Audience;
}
