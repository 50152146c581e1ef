// The shared vocabulary of the engine: the in-memory wizard state, prompts,
// errors and notices. Every layer (core, store, workspace, cli, vscode) speaks
// these types; only src/core/wizard/stateCodec.ts turns them into file JSON.

import type { LastRunRecord, WizardState } from './wizard/stateFields';

export type { WizardState };

/** The six okstra run types, in TASK_TYPE_VALUES order (docs/steps.md › Steps). */
export const TASK_TYPE_VALUES = [
  'requirements-discovery',
  'error-analysis',
  'implementation-planning',
  'implementation',
  'final-verification',
  'release-handoff',
] as const;
export type TaskType = (typeof TASK_TYPE_VALUES)[number];

export function isTaskType(value: string): value is TaskType {
  return (TASK_TYPE_VALUES as readonly string[]).includes(value);
}

/** `last_run` of the state file: what Run started and how it ended (src/core/wizard/stateFields.ts). */
export type LastRun = LastRunRecord;

/** A deep copy; the engine mutates only copies. */
export function cloneState(state: WizardState): WizardState {
  return structuredClone(state);
}

export type PromptKind = 'pick' | 'multi_pick' | 'text' | 'done';

export interface PromptOption {
  value: string;
  label: string;
  /** A detail line (task title, why a count cannot be completed, …). */
  description?: string;
  /** Shown but not selectable (an unreadable task, an infeasible count). */
  disabled?: true;
  /** Exactly one option of a `pick` carries it, or none (docs/steps.md › Steps). */
  default?: true;
}

export interface UnavailableModel {
  value: string;
  /** The model as the options name it (`Claude Opus 4.5 — claude/opus-4.5`), for people; `value` is the answer. */
  label?: string;
  /** Protocol text: an availability reason, or `leaves no complete assignment`. */
  reason: string;
  /** The reason in the user's words when `reason` is the protocol's `leaves no complete assignment`. */
  detail?: string;
}

/**
 * A prompt as the engine builds it. `step` is the step id (static id or a
 * role id such as `role-model:analyser:2`).
 */
export interface Prompt {
  step: string;
  kind: PromptKind;
  label: string;
  options: PromptOption[];
  echo_template: string;
  /** text prompts: what the InputBox is pre-filled with and what the simulation submits. */
  default?: string;
  /** role-model prompts: models of pool.list(role) that are not options, with why. */
  unavailable?: UnavailableModel[];
}

export interface Progress {
  answered: number;
  total: number;
}

/**
 * The prompt document of docs/protocol.md, key order included:
 * id, step, kind, label, options, echo_template, progress, then default / unavailable / ended, and `revision` last.
 * The engine builds it without `revision`; whoever knows the state file's bytes adds it
 * (src/core/wizard/binding.ts withRevision).
 */
export interface PromptDoc {
  id: string;
  step: string;
  kind: PromptKind;
  label: string;
  options: PromptOption[];
  echo_template: string;
  progress: Progress;
  default?: string;
  unavailable?: UnavailableModel[];
  /** On the `done` prompt only: how the wizard ended (an aborted and a confirmed wizard are told apart). */
  ended?: 'confirmed' | 'aborted';
  /** The first 16 hex digits of the sha256 of the state-file bytes the prompt was computed from. */
  revision?: string;
}

/**
 * What a notice is about:
 * - `environment`: a model cannot start on this machine (its CLI is missing), or a configured default cannot;
 * - `selection`: the saved role selection was changed to fit the profile, pool or environment (models removed, dropped);
 * - `legacy`: something of a v1 state could not be carried over, or a legacy continuation changed;
 * - `moved`: the project moved and the state was rebased;
 * - `file`: a file or folder the wizard reads was skipped (unreadable), with the file named in `text`;
 * - `reuse`: a previous run's inputs were applied (or partly applied).
 */
export const NOTICE_KINDS = ['environment', 'selection', 'legacy', 'moved', 'file', 'reuse'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * A notice: protocol text (never translated) plus what it concerns, so the
 * tree view can mark the rows involved.
 */
export interface Notice {
  /** What the notice is about; code outside the engine branches on this, never on `text`. */
  kind: NoticeKind;
  text: string;
  /** Step ids the notice concerns (e.g. removed role-model ids). */
  steps?: string[];
  /** Roles the notice concerns. */
  roles?: string[];
}

/**
 * The stable codes of WizardError (docs/protocol.md lists them with the CLI's exit statuses):
 * - `usage`: bad usage (an unknown option, an `init` onto a path that may not be written, a bad environment variable);
 * - `file-error`: a file cannot be read, or is malformed (the message names it);
 * - `stale-state`: the state file changed on disk since it was read; nothing was written;
 * - `busy`: another process is writing the state file;
 * - `refused-answer`: the answer (or rewind target) is not accepted by the current prompt;
 * - `wrong-prompt`: the answer was given to a prompt that is not the current one (or to an older revision of it);
 * - `no-prompt`: there is no prompt to answer, or the current prompt cannot be computed from this state;
 * - `not-complete`: the wizard is not confirmed yet, so it has no outcome;
 * - `aborted`: the wizard was aborted;
 * - `not-runnable`: the confirmed outcome no longer holds (the selection, a file, or the identity changed);
 * - `output-failed`: the result could not be written to stdout (after the state file was saved);
 * - `cancelled`: the caller cancelled the operation before anything was written (an MCP cancellation, a tool's);
 * - `internal`: a bug; never expected.
 */
export const WIZARD_ERROR_CODES = [
  'usage',
  'file-error',
  'stale-state',
  'busy',
  'refused-answer',
  'wrong-prompt',
  'no-prompt',
  'not-complete',
  'aborted',
  'not-runnable',
  'output-failed',
  'cancelled',
  'internal',
] as const;
export type WizardErrorCode = (typeof WIZARD_ERROR_CODES)[number];

export function isWizardErrorCode(value: unknown): value is WizardErrorCode {
  return typeof value === 'string' && (WIZARD_ERROR_CODES as readonly string[]).includes(value);
}

/** The wizard's user-facing error: `message` is shown as it is; code branches on `code`. */
export class WizardError extends Error {
  readonly code: WizardErrorCode;

  constructor(code: WizardErrorCode, message: string) {
    super(message);
    this.name = 'WizardError';
    this.code = code;
  }
}

/**
 * A malformed file: `<path>:<line>:<column>: <key path>: <problem>`
 * (docs/okstra-files.md › File errors); unknown parts are left out.
 */
export class FileError extends WizardError {
  readonly path: string;
  readonly line?: number;
  readonly column?: number;
  readonly keyPath?: string;
  readonly problem: string;

  constructor(init: { path: string; line?: number; column?: number; keyPath?: string; problem: string }) {
    super('file-error', FileError.format(init));
    this.name = 'FileError';
    this.path = init.path;
    this.line = init.line;
    this.column = init.column;
    this.keyPath = init.keyPath;
    this.problem = init.problem;
  }

  static format(init: { path: string; line?: number; column?: number; keyPath?: string; problem: string }): string {
    let head = init.path;
    if (init.line !== undefined) {
      head += `:${init.line}`;
      if (init.column !== undefined) head += `:${init.column}`;
    }
    const key = init.keyPath ? `${init.keyPath}: ` : '';
    return `${head}: ${key}${init.problem}`;
  }
}
