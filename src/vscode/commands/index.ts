// The wizard of the extension: the shared context (wizard/context.ts) with its prompt loop, and every command: its
// id (commandIds.ts) → a handler made from the context. features.ts registers the table (host/commandRegistrar.ts);
// the unit tests run the same table on a fake window (test/unit/vscode/shellHarness.ts).

import type { CommandName } from '../commandIds';
import { WizardContext, type WizardDeps } from '../wizard/context';
import { PromptLoop } from '../loop/promptLoop';
import { closeConfirmationDocument, confirmationActions, confirmationResult, showConfirmationDocument } from './confirmation';
import { abortCommand } from './abort';
import { editFromHereCommand, editStepCommand, promptBackCommand } from './edit';
import { confirmAndAct, runAgainCommand, runCommand, runWizard, showConfirmationCommand, showOutputCommand } from './run';
import { newRunCommand, resumeCommand, startOverCommand } from './start';
import { openStateFileCommand } from './stateFile';
import { stopRunCommand } from './runLife';
import { checkRunEnvironmentCommand } from './runEnvironment';

type CommandHandler = (...args: never[]) => unknown;

/** The wizard's context and its command table. */
export function openWizard(deps: WizardDeps): { wizard: WizardContext; commands: Record<CommandName, CommandHandler> } {
  // The loop shows the prompts and returns how it ended; the commands act (Run, the confirmation of a complete wizard).
  const wizard = new WizardContext(
    deps,
    (ctx) =>
      new PromptLoop(ctx, {
        confirmationActions: (session) => confirmationActions(ctx, session),
        showConfirmationDocument: (session, outcome) => showConfirmationDocument(ctx, session, outcome),
        closeConfirmationDocument: () => closeConfirmationDocument(ctx),
        showPrompt: (request, opening) => confirmationResult(ctx, request, opening),
        ended: (ending) =>
          ending.kind === 'confirmed' ? runWizard(ctx, ending.session, { confirmed: true }) : confirmAndAct(ctx, ending.session),
      }),
  );
  return { wizard, commands: wizardCommands(wizard) };
}

function wizardCommands(ctx: WizardContext): Record<CommandName, CommandHandler> {
  return {
    newRun: newRunCommand(ctx),
    resume: resumeCommand(ctx),
    editStep: editStepCommand(ctx),
    editFromHere: editFromHereCommand(ctx),
    run: runCommand(ctx),
    runAgain: runAgainCommand(ctx),
    showConfirmation: showConfirmationCommand(ctx),
    openStateFile: openStateFileCommand(ctx),
    abort: abortCommand(ctx),
    startOver: startOverCommand(ctx),
    showOutput: showOutputCommand(ctx),
    promptBack: promptBackCommand(ctx),
    stopRun: stopRunCommand(ctx),
    checkRunEnvironment: checkRunEnvironmentCommand(ctx),
  };
}
