// Answer binding: an answer (or a rewind) belongs to the prompt it answers.
// A shell that was shown prompt `<id>` at revision `<r>` (the first 16 hex of
// the sha256 of the state bytes it was computed from) passes both; when the
// current prompt is another one, or the state changed since, the answer is
// refused and nothing is written.

import { WizardError, type PromptDoc } from '../types';

export interface ExpectedPrompt {
  /** The id of the prompt that was shown. */
  prompt?: string;
  /** The revision of the prompt that was shown. */
  revision?: string;
}

/** Null when the answer may be applied to `current`; else the refusal (code `wrong-prompt`). */
export function checkBinding(current: PromptDoc | null, expected: ExpectedPrompt): WizardError | null {
  const currentId = current?.id ?? '(none)';
  if (expected.prompt !== undefined && expected.prompt !== currentId) {
    return new WizardError('wrong-prompt', `the current prompt is '${currentId}', not '${expected.prompt}'; nothing was written`);
  }
  if (expected.revision !== undefined && current?.revision !== undefined && expected.revision !== current.revision) {
    const id = expected.prompt ?? currentId;
    return new WizardError(
      'wrong-prompt',
      `the state changed since prompt '${id}' was shown (revision ${expected.revision} is now ${current.revision}); nothing was written`,
    );
  }
  return null;
}

/** `doc` with `revision` as its last key (docs/protocol.md › The prompt document). */
export function withRevision(doc: PromptDoc, revision: string): PromptDoc {
  const { revision: _old, ...rest } = doc;
  return { ...rest, revision };
}
