// What became of an answer a prompt submitted: the session's outcome (a throw turned into a refusal, so that the
// prompt stays open and says it), and a refusal in the person's words for the prompt to show in place.

import { formatTemplate, type TextCatalog } from '../../core/text/catalog';
import { WizardError, type PromptDoc } from '../../core/types';
import type { StepOutcome } from '../wizardResults';
import type { PromptRequest } from './promptRequest';

/** Submits `answer` to the prompt of `request`: what the session said, or a refusal made of what it threw. */
export async function submitAnswer(request: PromptRequest, answer: string): Promise<StepOutcome> {
  try {
    return await request.submit(answer);
  } catch (err) {
    const code = err instanceof WizardError ? err.code : 'internal';
    return { ok: false, code, error: err instanceof Error ? err.message : String(err), notices: [], current: request.prompt };
  }
}

/** A refused answer in words; the protocol text stays in the log. */
export function readableOutcome(
  catalog: TextCatalog,
  prompt: PromptDoc,
  answer: string,
  outcome: Extract<StepOutcome, { ok: false }>,
): string {
  // The step table's words are the engine's: from dist/engine.js, which the session that refused has loaded (P4).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { readableError, readableRefusal } = require('../../core/wizard/readable') as typeof import('../../core/wizard/readable');
  const refusal = readableRefusal(catalog, prompt, answer, outcome.error);
  if (refusal !== outcome.error || !outcome.code) return refusal;
  // A file the wizard needs cannot be read (the task folder gone, an invalid config.yaml), so there is no current
  // prompt: the message names the file; what to do follows it. A wizard that moved on has a current prompt.
  if (outcome.current === null && outcome.code === 'file-error')
    return formatTemplate(catalog.ui.error_cannot_go_on, { detail: outcome.error.replace(/[.\s]+$/, '') });
  return readableError(catalog, outcome.code, outcome.error, prompt.step);
}
