// The wizard as the extension exposes it: the shared context (context.ts), the command table built from it
// (src/vscode/commands) and the few handles the integration tests read (the runner's open prompt, the
// session, the end of a run). It holds no logic of its own.

import type { LastRun } from '../../core/types';
import type { CommandName } from '../commandIds';
import { openWizard, type CommandHandler } from '../commands/index';
import type { Event } from '../host/emitter';
import type { PromptRunner } from '../prompt/promptRunner';
import type { WizardContext, WizardDeps } from './context';
import type { WizardSession } from './session';

export class WizardController {
  readonly ctx: WizardContext;
  readonly commands: Record<CommandName, CommandHandler>;
  /** Fires when a Run has ended and its exit code is recorded (tests wait on it). */
  readonly onDidFinishRun: Event<LastRun>;
  /** Fires when a Run attempt is over, whatever its end (ran, refused, declined). */
  readonly onDidSettleRun: Event<void>;

  constructor(deps: WizardDeps) {
    const { wizard, commands } = openWizard(deps);
    this.ctx = wizard;
    this.commands = commands;
    this.onDidFinishRun = this.ctx.runFinished.event;
    this.onDidSettleRun = this.ctx.runSettled.event;
  }

  get runner(): PromptRunner {
    return this.ctx.runner;
  }

  get session(): WizardSession | undefined {
    return this.ctx.session;
  }

  refresh(): void {
    this.ctx.refresh();
  }

  loadLatest(): Promise<WizardSession | undefined> {
    return this.ctx.loadLatest();
  }

  dispose(): void {
    this.ctx.dispose();
  }
}
