// The host's one error policy (docs/architecture.md › The host): what a front end gets from the host is a
// result (the engine's result types) or a WizardError with a stable code. A refusal that has a prompt to go
// on with carries it (`WizardRefusal.current`, with its revision); anything that is not a WizardError is a
// bug, reported the same way everywhere as code `internal`.
import { WizardError, type Notice, type PromptDoc, type WizardErrorCode } from '../core/types';

/**
 * A WizardError with the prompt to answer now (null when there is none) and the notices of the operation.
 * `toolMessage`: what the agents' tools (the refusal document) say instead of `message`, where the message the CLI
 * prints tells a person something a tool cannot do (the stale read's "reload to continue": a tool's refusal carries
 * the prompt read again instead).
 */
export class WizardRefusal extends WizardError {
  constructor(
    code: WizardErrorCode,
    message: string,
    readonly current: PromptDoc | null = null,
    readonly notices: readonly Notice[] = [],
    readonly toolMessage?: string,
  ) {
    super(code, message);
    this.name = 'WizardRefusal';
  }
}

/** A bug (not a WizardError) as the one error every front end reports: code `internal`, the cause kept. */
export function asWizardError(err: unknown): WizardError {
  if (err instanceof WizardError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const internal = new WizardError('internal', `internal error: ${message}`);
  if (err instanceof Error && err.stack) internal.stack = err.stack;
  (internal as { cause?: unknown }).cause = err;
  return internal;
}

/** The refusal document every front end prints for a WizardError: `{ok: false, notices?, code, error, current}`. */
interface RefusalDoc {
  ok: false;
  notices?: string[];
  code: WizardErrorCode;
  error: string;
  current: PromptDoc | null;
}

/** Notice texts, each once, in order. */
function noticeTexts(notices: readonly Notice[]): string[] {
  const out: string[] = [];
  for (const n of notices) if (!out.includes(n.text)) out.push(n.text);
  return out;
}

export function refusalDoc(err: unknown): RefusalDoc {
  const e = asWizardError(err);
  const current = e instanceof WizardRefusal ? e.current : null;
  const texts = e instanceof WizardRefusal ? noticeTexts(e.notices) : [];
  const error = e instanceof WizardRefusal && e.toolMessage !== undefined ? e.toolMessage : e.message;
  return texts.length ? { ok: false, notices: texts, code: e.code, error, current } : { ok: false, code: e.code, error, current };
}
