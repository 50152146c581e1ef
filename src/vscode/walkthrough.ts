// The Getting Started walkthrough's check marks. VS Code watches a step's completion events (a command run, a view
// shown) only while its walkthrough service exists, and that service is created when the walkthrough is first
// opened: everything a person did before stayed unchecked. So the extension says itself that a step is done, when
// it is done, through the workbench's own `welcome.markStepComplete` (which creates the service and saves the step
// as done in the profile, whether the walkthrough is open or not). package.json keeps its completion events for
// the while the walkthrough is open.

import type { Log } from './host/window';

/** The walkthrough's id and the ids of its steps (package.json › contributes.walkthroughs). */
const WALKTHROUGH_ID = 'okstra.gettingStarted';
type WalkthroughStep = 'openView' | 'startRun' | 'answer' | 'run' | 'resume' | 'agents';

/** The extension's commands whose run completes a step (the Tasks view's commands lead to these or are listed). */
const STEP_OF_COMMAND: Record<string, WalkthroughStep> = {
  'okstra.newRun': 'startRun',
  'okstra.tasks.newRun': 'startRun',
  'okstra.tasks.createTask': 'startRun',
  'okstra.resume': 'answer',
  'okstra.editStep': 'answer',
  'okstra.editFromHere': 'answer',
  'okstra.run': 'run',
  'okstra.runAgain': 'run',
  'okstra.showConfirmation': 'run',
  'okstra.tasks.resume': 'resume',
  'okstra.tasks.showUnfinished': 'resume',
  'okstra.copyCliCommand': 'agents',
};

const MARK_STEP_COMPLETE = 'welcome.markStepComplete';

/** How long the wizard shows no prompt before the waiting steps are marked (one prompt follows another faster). */
const REST_MS = 1000;

export class WalkthroughProgress {
  private readonly marked = new Set<WalkthroughStep>();
  /** Steps done while a prompt was open: marked once none is (the workbench's command must not run between two prompts). */
  private readonly waiting = new Set<WalkthroughStep>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  /** True while a wizard prompt is open or the prompt loop goes on (features.ts sets it). */
  busy: () => boolean = () => false;

  constructor(
    /** `<publisher>.<name>`: the walkthrough's steps are `<extension id>#<walkthrough id>#<step id>`. */
    private readonly extensionId: string,
    private readonly executeCommand: (id: string, ...args: unknown[]) => Thenable<unknown>,
    private readonly log: Pick<Log, 'debug'>,
  ) {}

  /** Marks `step` done (once per window; the workbench keeps it); while a prompt is open, once the wizard rests. */
  done(step: WalkthroughStep): void {
    if (this.marked.has(step)) return;
    if (this.busy()) {
      this.waiting.add(step);
      return;
    }
    this.mark(step);
  }

  /** The wizard may rest now (a prompt closed): the waiting steps are marked when it still rests a moment later. */
  rested(): void {
    if (this.waiting.size === 0 || this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      if (this.busy()) return;
      for (const step of [...this.waiting]) this.mark(step);
      this.waiting.clear();
    }, REST_MS);
  }

  private mark(step: WalkthroughStep): void {
    if (this.marked.has(step)) return;
    this.marked.add(step);
    const id = `${this.extensionId}#${WALKTHROUGH_ID}#${step}`;
    // The workbench may throw "unknown step" while it registers the walkthrough; the step is saved as done before that.
    Promise.resolve(this.executeCommand(MARK_STEP_COMPLETE, id)).then(
      () => this.log.debug(`walkthrough: ${step} done`),
      (err: unknown) => this.log.debug(`walkthrough: ${step} marked (${err instanceof Error ? err.message : String(err)})`),
    );
  }

  /** A command of the extension has run: the step it completes, if any. */
  commandRan(commandId: string): void {
    const step = STEP_OF_COMMAND[commandId];
    if (step) this.done(step);
  }
}
