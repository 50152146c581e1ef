// What the UI needs from one wizard: the engine's results (docs/protocol.md shapes) over
// a state that the session loads and saves. The UI depends on this interface
// only, so the prompt runner, tree and Run can be tested with a fake; the real
// implementation (engineSession.ts) wires the engine, the store and the workspace.

import type { LastRun, Notice, PromptDoc, WizardErrorCode, WizardState } from '../../core/types';

export interface CurrentResult {
  prompt: PromptDoc | null;
  /** Why the current prompt cannot be computed (an infeasible selection, a broken file). */
  error?: string;
  notices: Notice[];
}

export type StepOutcome =
  | {
      ok: true;
      echo: string;
      next: PromptDoc | null;
      error?: string;
      notices: Notice[];
      /** Project-relative files the answer created or chose for the user to edit (a new task's brief, an answers file). */
      open: string[];
    }
  | { ok: false; code: WizardErrorCode; error: string; current: PromptDoc | null };

export interface TreeRowDoc {
  id: string;
  group: string;
  label: string;
  echo: string;
  answered: boolean;
  editable: boolean;
  notice?: string;
  /** The readable row of an answered step (`role-model: analyser #2 = codex/gpt-5.1-codex`). */
  answer?: string;
}

export type TreeResult = { ok: true; rows: TreeRowDoc[]; current: string | null } | { ok: false; error: string };

export interface PersistAction {
  action: string;
  file: string;
  key: string;
  value: string;
}

export type OutcomeResult =
  | {
      ok: true;
      renderArgv: string[];
      persistActions: PersistAction[];
      confirmationText: string;
    }
  | { ok: false; error: string };

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
  submit(answer: string): Promise<StepOutcome>;
  rewind(id: string): Promise<StepOutcome>;
  back(): Promise<StepOutcome>;
  abort(): Promise<void>;
  tree(): TreeResult;
  outcome(): OutcomeResult;
  /** True when the state file's bytes differ from what this session last read or wrote (another writer). */
  changedOnDisk(): boolean;
  /** Re-reads the state file (after another writer), replacing the state held. */
  reload(): Promise<void>;
  recordLastRun(lastRun: LastRun): Promise<void>;
  /** The project's okstraCommand (config.yaml), null when unset or unreadable. */
  configOkstraCommand(): string | string[] | null;
  /** Is there an answered step Back would return to? */
  canGoBack(): boolean;
  /** Ids that `rewind(id)` would clear besides the target (docs/steps.md › Rewind and Back), for the confirmation. */
  clearedByRewind(id: string): string[];
}

