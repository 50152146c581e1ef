// An answer belongs to the prompt it answers (CONTRACTS §3): the UI submits with the id and the revision of
// the prompt it showed, and the session refuses when the current prompt or the state it came from is another.
// The same rule and messages as src/core's checkBinding; this is the one place the extension checks it.

import type { PromptDoc } from '../../core/types';

export interface AnswerBinding {
  /** The id of the prompt that was shown. */
  prompt: string;
  /** The revision of the state the shown prompt was computed from. */
  revision: string;
}

export const WRONG_PROMPT = 'wrong-prompt';

/** The revision a prompt document carries (CONTRACTS §2), else the one the session holds. */
export function promptRevision(prompt: PromptDoc, sessionRevision: string): string {
  const carried = (prompt as PromptDoc & { revision?: unknown }).revision;
  return typeof carried === 'string' && carried !== '' ? carried : sessionRevision;
}

/** Why an answer bound to `expected` may not be applied to `current` (held at `currentRevision`), or null. */
export function bindingRefusal(current: PromptDoc | null, currentRevision: string, expected: AnswerBinding): string | null {
  const currentId = current && current.kind !== 'done' ? current.id : '';
  if (currentId !== expected.prompt) {
    return `the current prompt is '${currentId || 'none'}', not '${expected.prompt}'; nothing was written`;
  }
  if (currentRevision !== expected.revision) {
    return `the state changed since prompt '${expected.prompt}' was shown (revision ${expected.revision} is now ${currentRevision}); nothing was written`;
  }
  return null;
}
