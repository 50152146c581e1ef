// What the window's wizard (windowWizard.ts) gives back beside its HostWizard's own results: a step's outcome without
// the state, the Wizard view's rows in words, a legacy wizard's files, a team about to be saved. Types only (and the
// stale-refusal test): the shell (dist/extension.js) imports them without loading the engine.

import type { Notice } from '../core/types';
import type { OutcomeResult, StepResult, TeamSave, TeamSaveScope, TreeResult as EngineTree, TreeRow } from '../host';

/** The engine's result types, as the host gives them (one family for every front end). */
export type { OutcomeResult, TeamSaveScope };

/** A team about to be saved (or saved), or why it cannot be (a bad name, a config.yaml that cannot be read or written). */
export type TeamSaveResult = { ok: true; save: TeamSave } | { ok: false; code: string; error: string };

/** Saving a wizard's agents as a team (src/host/teams.ts, through teamSaving.ts). */
export interface TeamSaving {
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

/** A refusal because the file changed on disk since it was read: Reload helps (error code `stale-state`). */
export function isStaleRefusal(failure: { code?: string }): boolean {
  return failure.code === 'stale-state';
}
