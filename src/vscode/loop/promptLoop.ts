// The prompt loop: shows the wizard's current prompt, submits the answer bound to that prompt (its id and the
// revision it was computed from), and goes on until the wizard is done, paused or waits for the person. It
// follows the state file (and a legacy wizard's companion): when another writer changes it under an open
// prompt, the prompt closes and the new current prompt opens with a notice; a file that no longer parses is
// shown at once and every answer is refused with its message. What the open prompt was computed from besides the
// state file is followed too (promptInputs.ts).

import type { PromptDoc } from '../../core/types';
import { COMMAND_IDS } from '../commandIds';
import type { Disposable } from '../host/window';
import type { PromptRequest } from '../prompt/promptRequest';
import type { LoopCommands, LoopEnding } from './loopCommands';
import { confirmAbort } from './abortQuestion';
import { emptyAnswersFile } from './answersFile';
import { promptRevision, WRONG_PROMPT } from '../wizard/binding';
import { browseProjectFile, openForEditing, waitForAnswers } from './projectFiles';
import { errorText, type WizardContext, type WizardLoop } from '../wizard/context';
import { isStaleRefusal, type StepOutcome } from '../wizardResults';
import type { WindowWizard } from '../wizard/windowWizard';
import { reuseRowsFor } from './reuseRows';
import { PromptInputs, type InputChange } from './promptInputs';
import { placeWizard } from './placeWizard';

function withRunNote(prompt: PromptDoc, note: string): PromptDoc {
  return {
    ...prompt,
    options: prompt.options.map((o) =>
      o.value === 'run' ? { ...o, description: o.description ? `${o.description} · ${note}` : note } : o,
    ),
  };
}

export class PromptLoop implements WizardLoop {
  private loop: Promise<void> | undefined;
  private watchers: Disposable[] = [];
  private watchedKey = '';
  /** What the open prompt was computed from besides the state file (.okstra/config.yaml, the okstra settings). */
  private readonly inputs: PromptInputs;
  /** Said on the next prompt the loop shows (a change by another writer). */
  private pendingNotice: string | undefined;
  /** Reloads after change events, one at a time. */
  private following: Promise<void> = Promise.resolve();
  /** The open prompt is being closed to show the new current one (not to end the loop). */
  private replacing = false;

  constructor(
    private readonly ctx: WizardContext,
    private readonly commands: LoopCommands,
  ) {
    this.inputs = new PromptInputs(ctx, {
      serially: (work, what) => this.serially(work, what),
      replace: (notice) => {
        if (!this.running || this.replacing) return false;
        this.pendingNotice = notice;
        this.replace();
        return true;
      },
    });
  }

  get running(): boolean {
    return this.loop !== undefined;
  }

  /** Resolves when the loop that runs now has ended (tests, and commands that replace it). */
  idle(): Promise<void> {
    return this.loop ?? Promise.resolve();
  }

  dispose(): void {
    for (const w of this.watchers) w.dispose();
    this.watchers = [];
    this.inputs.dispose();
  }

  /** Shows the wizard's current prompt; an open prompt (of this or another wizard) is closed first. */
  async drive(): Promise<void> {
    // A prompt outside the loop (the confirmation before Run) gives way too.
    this.replacing = false;
    this.ctx.runner.close();
    while (this.loop) {
      this.ctx.runner.close();
      await this.loop;
    }
    this.loop = this.driveLoop().finally(() => {
      this.loop = undefined;
    });
    await this.loop;
    const ending = this.ending;
    this.ending = undefined;
    if (ending) await this.commands.ended(ending);
  }

  private async driveLoop(): Promise<void> {
    const { ctx } = this;
    const t = ctx.t;
    ctx.paused = false;
    ctx.waitingFor = undefined;
    // The confirmation's preview renderer is loaded while the person answers, not when the confirm step opens (P10).
    void ctx.host.prepareReadOnlyDocument().catch(() => undefined);
    try {
      for (;;) {
        const session = ctx.session;
        if (!session) return;
        const current = session.wizard.current();
        ctx.refresh(current.prompt);
        if (!current.prompt) {
          const message = current.error ?? t('The wizard has no prompt to show.');
          ctx.log.warn(`no prompt: ${message}`);
          const fix = session.wizard.problem ? t('Open State File') : t('Edit Step…');
          const answer = await ctx.dialogs.error(message, [fix]);
          if (answer === fix)
            setTimeout(() => void ctx.host.executeCommand(session.wizard.problem ? COMMAND_IDS.openStateFile : COMMAND_IDS.editStep), 0);
          return;
        }
        if (current.prompt.kind === 'done') {
          await this.onDone(session);
          return;
        }
        // "Answer now" chose a file the person writes first: the wizard goes on only once it holds an answer (an
        // empty file would lead straight to a Run that refuses it).
        const unanswered = emptyAnswersFile(session);
        if (unanswered !== null) {
          waitForAnswers(this.ctx, session, unanswered);
          return;
        }
        const isConfirm = current.prompt.step === 'confirm';
        // Untrusted: the confirm step's Run says that it only confirms; Run then refuses and runs nothing (R6).
        const prompt =
          isConfirm && !ctx.trust.isTrusted()
            ? withRunNote(current.prompt, t('Run is disabled in an untrusted workspace'))
            : current.prompt;
        const notice = this.pendingNotice;
        this.pendingNotice = undefined;
        // The answer is bound to this prompt and to the state it was computed from.
        const revision = promptRevision(prompt, session.wizard.revision);
        const facts = session.stepFacts(prompt.step);
        const request: PromptRequest = {
          prompt,
          optionRows: await reuseRowsFor(ctx, session, prompt.step),
          folderName: session.folderName,
          taskKey: session.wizard.taskKey,
          canGoBack: session.wizard.canGoBack(),
          notice,
          submit: (answer) => this.submit(session, prompt, answer, revision),
          actions: isConfirm ? this.commands.confirmationActions(session) : undefined,
          // A text prompt whose answer is a file of the project: its InputBox has a file-dialog button.
          browse: prompt.kind === 'text' && facts.pathAnswer ? () => browseProjectFile(ctx, session) : undefined,
          // "Abort the wizard" asks first, as the palette's Abort Wizard does.
          confirmAnswer: isConfirm
            ? (answer) =>
                answer === 'abort' ? confirmAbort(ctx.dialogs, t, session.wizard.taskKey || session.folderName) : Promise.resolve(true)
            : undefined,
        };
        // The document beside the prompt is asked for first and the prompt shows at once, without waiting for it (its
        // preview takes a moment to render); it opens without taking the keyboard from the prompt's box.
        const opening = isConfirm ? this.commands.showConfirmationDocument(session, session.wizard.preview()) : undefined;
        this.inputs.showing(session, current.prompt);
        const result = await this.commands.showPrompt(request, opening).finally(() => this.inputs.shown());
        // Save these agents as a team… asked its own questions: the confirmation again (its document stays).
        if (!result) continue;
        if (isConfirm && !(result.kind === 'answered' && ctx.session?.wizard.current().prompt?.step === 'confirm'))
          await this.commands.closeConfirmationDocument();
        if (result.kind === 'closed') {
          // Replaced (the state changed under it): the new current prompt follows. Otherwise the loop ends.
          if (!this.replacing) return;
          this.replacing = false;
          continue;
        }
        if (result.kind === 'paused') {
          if (await ctx.dropIfUnanswered(session)) return;
          ctx.paused = true;
          ctx.log.info(`wizard paused at ${prompt.step}`);
          ctx.refresh();
          return;
        }
        if (result.kind === 'back') {
          const back = await ctx.guard(() => session.back());
          if (back && !back.ok) await ctx.dialogs.error(back.error);
          else if (back?.ok) ctx.log.info(`back: ${back.echo}`);
          continue;
        }
        // Answered. The editor opens before the next prompt, which then takes the focus.
        await openForEditing(this.ctx, session, result.outcome.open);
        if (facts.waitsForOpenedFile && result.outcome.open.length > 0) {
          // The person writes the answers first: the wizard waits, visibly, until Resume.
          ctx.waitingFor = result.outcome.open[0];
          ctx.log.info(`waiting for the answers in ${ctx.waitingFor}`);
          ctx.refresh();
          return;
        }
        if (isConfirm && ctx.session === session && session.wizard.state.confirmed === true) {
          // The confirm step is the confirmation: Run starts here, with no second question.
          this.ending = { kind: 'confirmed', session };
          return;
        }
      }
    } finally {
      // The prompt answered last closes: no prompt of this loop shows over it.
      ctx.runner.release();
      ctx.refresh();
    }
  }

  /** What the loop ended with, acted on once it has ended (Run may show the confirmation again, a prompt of its own). */
  private ending: LoopEnding | undefined;

  /**
   * An answer the person gave outside the prompt (the Tasks view's New Run on a row answers task-pick), bound to the
   * prompt it answers like a pick: refused when the current prompt is another one. Saved and placed as a pick is.
   */
  async answerOutside(session: WindowWizard, promptId: string, answer: string): Promise<StepOutcome> {
    const prompt = session.wizard.current().prompt;
    if (!prompt)
      return { ok: false, error: this.ctx.t('The wizard has no prompt to answer.'), current: null, code: 'no-prompt', notices: [] };
    return this.submit(session, { ...prompt, id: promptId }, answer, session.wizard.revision);
  }

  private async submit(session: WindowWizard, prompt: PromptDoc, answer: string, revision?: string): Promise<StepOutcome> {
    const { ctx } = this;
    const outcome = await session.submit(answer, revision === undefined ? undefined : { prompt: prompt.id, revision });
    if (!outcome.ok) {
      if (isStaleRefusal(outcome)) void this.offerReload();
      else if (outcome.code === WRONG_PROMPT) void this.followChange(session);
      return outcome;
    }
    ctx.log.info(outcome.echo);
    ctx.answered.fire();
    for (const n of outcome.notices) ctx.log.info(`notice: ${n.text}`);
    if (session.wizard.statePath === null && session.wizard.taskKey !== '') await placeWizard(ctx, session, (placed) => this.watch(placed));
    else this.watch(session);
    // outcome.next is the session's new current prompt, unless place() switched to the task's existing wizard.
    ctx.refresh(ctx.session === session ? outcome.next : undefined);
    return outcome;
  }

  private async onDone(session: WindowWizard): Promise<void> {
    const { ctx } = this;
    ctx.refresh();
    if (session.wizard.state.aborted) {
      ctx.log.info('the wizard was aborted');
      return;
    }
    ctx.log.info('every prompt is answered');
    this.ending = { kind: 'complete', session };
  }

  // ------------------------------------------------------------------ following the file

  /** Watches the files of `session` (the state file, a legacy wizard's companion); the previous watchers stop. */
  watch(session: WindowWizard | undefined): void {
    const paths = session?.wizard.watchPaths() ?? [];
    const key = paths.join('\0');
    if (key === this.watchedKey && this.watchers.length > 0) return;
    this.dispose();
    this.watchedKey = key;
    if (!session) return;
    for (const p of paths) {
      this.watchers.push(this.ctx.host.watchFile(p, () => void this.followChange(session)));
      this.ctx.log.info(`watching ${p}`);
    }
  }

  /** Another writer may have changed the wizard's files: reload, and replace an open prompt with the new current one. */
  followChange(session: WindowWizard): Promise<void> {
    return this.serially(() => this.followOnce(session), 'a change on disk');
  }

  /** Runs `work` after the reloads and replacements asked for before it, one at a time. */
  private serially(work: () => void | Promise<void>, what: string): Promise<void> {
    this.following = this.following.then(work).catch((err: unknown) => {
      this.ctx.log.warn(`following ${what} failed: ${errorText(err)}`);
    });
    return this.following;
  }

  private async followOnce(session: WindowWizard): Promise<void> {
    const { ctx } = this;
    const t = ctx.t;
    if (ctx.session !== session) return;
    const before = { problem: session.wizard.problem, revision: session.wizard.revision, step: ctx.runner.step };
    // Our own saves fire the watcher too: reload only what another writer changed.
    if (!before.problem && !session.wizard.changedOnDisk()) return;
    ctx.log.info(`${session.wizard.statePath} changed on disk (the CLI or another window): reloading`);
    await session.reload();
    const problem = session.wizard.problem;
    if (problem) {
      if (problem !== before.problem) {
        ctx.runner.close();
        ctx.refresh();
        const open = t('Open State File');
        void ctx.dialogs.error(t('The state file no longer parses, so no answer can be saved: {0}', problem), [open]).then((a) => {
          if (a === open) void ctx.host.executeCommand(COMMAND_IDS.openStateFile);
        });
      }
      return;
    }
    if (!before.problem && session.wizard.revision === before.revision) return;
    const prompt = session.wizard.current().prompt;
    const where = prompt && prompt.kind !== 'done' ? prompt.label : t('the end of the wizard');
    const notice = t('changed outside this window: now at {0}', where);
    ctx.log.info(notice);
    if (this.running && ctx.runner.input) {
      // The prompt that replaces the open one shows its question anyway: the notice says only what happened.
      // The open prompt answered elsewhere (another window was first): which answer was kept, in words.
      const kept = before.step ? session.answerText(before.step) : null;
      this.pendingNotice = kept ? t('changed outside this window: kept {0}', kept) : t('changed outside this window');
      this.replace();
    } else {
      ctx.refresh();
      if (before.problem && !this.running) void ctx.dialogs.info(t('The state file reads again: {0}', notice));
    }
  }

  /** The okstra settings changed: the open prompt is shown again when its choices changed with them. */
  followInputs(cause: InputChange): Promise<void> {
    return this.inputs.follow(cause);
  }

  /** A save refused because the file changed on disk: offer Reload (then the new current prompt). */
  async offerReload(): Promise<void> {
    const { ctx } = this;
    const reload = ctx.t('Reload');
    const answer = await ctx.dialogs.warn(ctx.t('The wizard was changed in another window or by the CLI.'), [reload]);
    if (answer !== reload) return;
    const session = ctx.session;
    if (session?.wizard.statePath) {
      await ctx.guard(() => session.reload());
      ctx.refresh();
    }
    // The loop that shows a prompt now goes on with the reloaded state; none runs: start one.
    if (this.running && ctx.runner.input) this.replace();
    else if (!this.running) setTimeout(() => void this.drive(), 0);
  }

  /** Closes the open prompt so that the loop shows the (new) current prompt instead. */
  private replace(): void {
    this.replacing = true;
    this.ctx.runner.close();
  }
}
