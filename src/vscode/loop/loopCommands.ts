// What the prompt loop (promptLoop.ts) hands to the commands and how it ends: the commands give the loop its confirm
// prompt's items and act when it ends, so that the loop imports no command module.

import type { OutcomeResult } from '../wizardResults';
import type { PromptAction, PromptRequest, PromptResult } from '../prompt/promptRequest';
import type { WindowWizard } from '../wizard/windowWizard';
import type { ShownDocument } from '../host/window';

/**
 * How a loop ended with something to do, for its caller to act on: the confirm prompt confirmed the wizard (`confirmed`:
 * Run), or every prompt was already answered (`complete`: the confirmation of a complete wizard, then Run or Change an
 * answer…).
 */
export interface LoopEnding {
  kind: 'confirmed' | 'complete';
  session: WindowWizard;
}

/**
 * What the loop shows at the confirm prompt and who acts when it ends: the commands (commands/index.ts gives them), so
 * that the loop imports no command module.
 */
export interface LoopCommands {
  /** The confirm prompt's own items (Save these agents as a team…). */
  confirmationActions(session: WindowWizard): PromptAction[];
  /** Opens the confirmation document beside the confirm prompt (undefined: it could not be). */
  showConfirmationDocument(session: WindowWizard, outcome: OutcomeResult): Promise<ShownDocument | undefined>;
  closeConfirmationDocument(): Promise<void>;
  /** Shows a prompt (and the document being opened beside it); undefined when an item asked its own questions. */
  showPrompt(
    request: PromptRequest,
    opening: Promise<ShownDocument | undefined> | undefined,
  ): Promise<Exclude<PromptResult, { kind: 'aside' }> | undefined>;
  /** The loop has ended with `ending`: the command acts (Run, or the confirmation of a complete wizard). */
  ended(ending: LoopEnding): Promise<void>;
}
