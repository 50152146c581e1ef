// An answer belongs to the prompt it answers. A prompt document carries its
// `id` and the `revision` of the state-file bytes it was computed from; an
// answer (or a rewind) that names them is applied only when the current prompt
// is still that one, computed from those same bytes. The revision itself is
// computed by the store (StateFileHandle.revision) — the engine never sees bytes.
import { pyReprString } from '../pyRepr';
import { WizardError, type PromptDoc } from '../types';

/** What the answer says it answers: the prompt id shown, and optionally its revision. */
export interface ExpectedPrompt {
  prompt?: string;
  revision?: string;
}

/** The revision of a sha256 hex digest: its first 16 hex digits. */
export function revisionOfSha256(sha256Hex: string): string {
  return sha256Hex.slice(0, 16).toLowerCase();
}

/** `doc` with `revision` as its last key (replacing any earlier one). */
export function withRevision(doc: PromptDoc, revision: string): PromptDoc {
  const { revision: _old, ...rest } = doc;
  return { ...rest, revision };
}

/**
 * Null when the answer may be applied to `current`; else a WizardError with
 * code `wrong-prompt` naming both prompts (nothing is written). Without
 * `expected.prompt` there is nothing to check (the unbound, seed-compatible
 * form). `current` null (the current prompt cannot be computed) is left to the
 * engine, which refuses the answer with its own reason.
 */
export function checkBinding(current: PromptDoc | null, expected: ExpectedPrompt): WizardError | null {
  if (expected.prompt === undefined || current === null) return null;
  if (current.id !== expected.prompt) {
    return new WizardError(
      'wrong-prompt',
      `the current prompt is ${pyReprString(current.id)}, not ${pyReprString(expected.prompt)}; nothing was written`,
    );
  }
  if (expected.revision !== undefined && current.revision !== expected.revision) {
    const actual = current.revision ?? 'unknown';
    return new WizardError(
      'wrong-prompt',
      `the state changed since prompt ${pyReprString(expected.prompt)} was shown (revision ${expected.revision} is now ${actual}); nothing was written`,
    );
  }
  return null;
}
