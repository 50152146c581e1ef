// What the UI needs from one wizard: the engine's results (docs/protocol.md shapes) over
// a state that the session loads and saves. The UI depends on this interface
// only, so the prompt loop, the tree and Run are tested with the real engine
// session in plain Node (test/unit/vscode) and with fakes; the implementation
// (engineSession.ts) is an adapter over the wizard host (src/host).

import type { LastRun, Notice, WizardState } from '../../core/types';
import type { StepFacts } from '../../core/wizard/steps';
import type {
  CurrentResult,
  OutcomeResult,
  PersistAction,
  StepResult,
  TeamSave,
  TeamSaveScope,
  TreeResult as EngineTree,
  TreeRow,
} from '../../host';
import type { AnswerBinding } from './binding';

/** The engine's result types, as the host gives them (one family for every front end). */
export type { CurrentResult, OutcomeResult, PersistAction, TeamSaveScope };

/** A team about to be saved (or saved), or why it cannot be (a bad name, a config.yaml that cannot be read or written). */
export type TeamSaveResult = { ok: true; save: TeamSave } | { ok: false; code: string; error: string };

/** Saving a wizard's agents as a team (src/host/teams.ts). */
export interface SessionTeams {
  /** Whether the agents can be saved as a team now (at the confirmation of a run type with roles). */
  canSave(): boolean;
  /** Why `name` cannot be a team's name, in the wizard's language; null when it can. */
  nameProblem(name: string): string | null;
  /** What saving the agents as the team `name` in `scope` would do (does a team of that name exist there?); writes nothing. */
  plan(name: string, scope: TeamSaveScope): TeamSaveResult;
  /**
   * Saves the agents as the team `name`: a project team into .okstra/config.yaml; a personal one is only returned,
   * for the setting. A project team of that name is replaced only with `replace` (the person said yes); one that
   * appeared since the plan is refused (`stale-state`).
   */
  save(name: string, scope: TeamSaveScope, replace: boolean): TeamSaveResult;
}
export type StepOutcome = Exclude<StepResult, { ok: true }> | Omit<Extract<StepResult, { ok: true }>, 'state'>;

export interface TreeRowDoc extends TreeRow {
  /** The readable row of an answered step (`role-model: analyser #2 = codex/gpt-5.1-codex`). */
  answer?: string;
}

export type TreeResult = { ok: true; rows: TreeRowDoc[]; current: string | null; notices: Notice[] } | Extract<EngineTree, { ok: false }>;

/** A legacy (v1) wizard: the v1 file is never written; its continuation is the companion. */
export interface LegacyFiles {
  v1Path: string;
  companionPath: string;
  companionExists: boolean;
}

export interface WizardSession {
  /** The workspace folder (project root) this wizard belongs to. */
  readonly projectRootAbs: string;
  readonly folderName: string;
  /** Absolute path of the state file; null while the task is not known yet (workspace storage). */
  readonly statePath: string | null;
  readonly state: WizardState;
  /** `<group>/<id>` once the task is known, else ''. */
  readonly taskKey: string;
  current(): CurrentResult;
  /** The revision token of the state the session holds (CONTRACTS §2): what a shown prompt is bound to. */
  revision(): string;
  /** Answers the current prompt; with `binding`, only if it is still the prompt that was shown (wrong-prompt otherwise). */
  submit(answer: string, binding?: AnswerBinding): Promise<StepOutcome>;
  rewind(id: string, binding?: AnswerBinding): Promise<StepOutcome>;
  back(): Promise<StepOutcome>;
  abort(): Promise<void>;
  tree(): TreeResult;
  outcome(): OutcomeResult;
  /** At the confirm prompt: the outcome as it would be once confirmed (nothing saved). */
  preview(): OutcomeResult;
  /** True when the state file's bytes differ from what this session last read or wrote (another writer). */
  changedOnDisk(): boolean;
  /** Re-reads the state file (after another writer), replacing the state held; a file that no longer parses becomes problem(). */
  reload(): Promise<void>;
  /** Why the state file cannot be used now (it no longer parses: `file:line:column: …`), or null. */
  problem(): string | null;
  /** The files whose change means "the state changed": the state file and a legacy wizard's companion. */
  watchPaths(): string[];
  /** For a legacy v1 wizard: which file is read and which is written. */
  legacy(): LegacyFiles | null;
  /** What a person should read once when the wizard is opened (v1 → v2 conversion, project moved), in words. */
  openingMessages(): string[];
  recordLastRun(lastRun: LastRun): Promise<void>;
  /** The project's okstraCommand (config.yaml), null when unset or unreadable. */
  configOkstraCommand(): string | string[] | null;
  /** Is there an answered step Back would return to? */
  canGoBack(): boolean;
  /** What the prompt of step `id` offers beside its options, as the step declares it (a file dialog, waiting for a file). */
  stepFacts(id: string): StepFacts;
  /**
   * What `rewind(id)` would ask again besides the target (docs/steps.md › Rewind and Back), as the question to ask
   * first: its title and a detail listing the answers in words; null when nothing later is cleared.
   */
  rewindQuestion(id: string): { title: string; detail: string } | null;
  /** Saving the wizard's agents as a team (Save these agents as a team… of the confirmation). */
  teams(): SessionTeams;
  /** Step `id`'s answer in words (`Run type = Bug fix`), as the Wizard view shows it; null when it is not answered. */
  answerText(id: string): string | null;
}

/** A refusal because the file changed on disk since it was read: Reload helps (error code `stale-state`). */
export function isStaleRefusal(failure: { code?: string }): boolean {
  return failure.code === 'stale-state';
}
