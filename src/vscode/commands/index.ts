// Every command of the wizard: its id (commandIds.ts) → a handler made from the shared context. The table is
// registered by features.ts and called directly by the unit tests.

import type { CommandName } from '../commandIds';
import type { WizardContext } from '../wizard/context';
import { abortCommand } from './abort';
import { showConfirmationCommand } from './confirmation';
import { editFromHereCommand, editStepCommand, promptBackCommand } from './edit';
import { runAgainCommand, runCommand, showOutputCommand } from './run';
import { newRunCommand, resumeCommand, startOverCommand } from './start';
import { openStateFileCommand } from './stateFile';

export type CommandHandler = (...args: never[]) => unknown;

export function wizardCommands(ctx: WizardContext): Record<CommandName, CommandHandler> {
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
  };
}
