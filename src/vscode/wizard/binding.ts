// An answer belongs to the prompt it answers: the UI submits with the id and the revision of the prompt it
// showed, and the session refuses when the current prompt or the state it came from is another. The rule and
// its messages are the engine's (src/core/wizard/binding.ts checkBinding); this is where the extension applies it.

import type { PromptDoc, WizardError } from '../../core/types';
import { checkBinding } from '../../core/wizard/binding';

export interface AnswerBinding {
  /** The id of the prompt that was shown. */
  prompt: string;
  /** The revision of the state the shown prompt was computed from. */
  revision: string;
}

export const WRONG_PROMPT = 'wrong-prompt';

/** The revision a prompt document carries (docs/protocol.md › The prompt document), else the one the session holds. */
export function promptRevision(prompt: PromptDoc, sessionRevision: string): string {
  return typeof prompt.revision === 'string' && prompt.revision !== '' ? prompt.revision : sessionRevision;
}

/**
 * Why an answer bound to `expected` may not be applied to `current` (computed from the state at
 * `currentRevision`), or null. A done wizard refuses too: the prompt that was shown is not current any more. A
 * current prompt that cannot be computed (null: the task folder gone, .okstra/config.yaml invalid) is left to the
 * engine, which refuses the answer with that reason; the wizard did not move.
 */
export function bindingRefusal(current: PromptDoc | null, currentRevision: string, expected: AnswerBinding): WizardError | null {
  if (current === null) return null;
  const none: PromptDoc = {
    id: 'none',
    step: 'none',
    kind: 'done',
    label: '',
    options: [],
    echo_template: '',
    progress: { answered: 0, total: 0 },
    revision: currentRevision,
  };
  return checkBinding(current.kind !== 'done' ? { ...current, revision: currentRevision } : none, expected);
}
