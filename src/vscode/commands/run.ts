// Run and Run Again: re-check what is on disk, the one confirmation (unless okstra.confirmBeforeRun is off
// or the person has just confirmed), the machine checks, persist actions, then the task or terminal; the
// exit code is recorded and a notification that names the task acts on that same wizard.

import { renderBundleArgv } from '../../core/run';
import type { LastRun, Notice } from '../../core/types';
import { WORKBENCH_COMMANDS } from '../commandIds';
import { emptyAnswersFile } from '../loop/answersFile';
import type { WizardContext } from '../wizard/context';
import type { WindowWizard } from '../wizard/windowWizard';
import { sayNotFinished, showConfirmationPick } from './confirmation';
import { editStep } from './edit';

/** Notices about the machine, not the selection: Run asks before starting. */
function isEnvironmental(n: Notice): boolean {
  return n.kind === 'environment';
}

interface RunOptions {
  /** The person has just confirmed (the confirm step or the confirmation): no second question. */
  confirmed?: boolean;
}

export async function runWizard(ctx: WizardContext, sessionArg: WindowWizard | undefined, options: RunOptions = {}): Promise<void> {
  try {
    await runChecked(ctx, sessionArg, options);
  } finally {
    ctx.runSettled.fire();
  }
}

async function runChecked(ctx: WizardContext, sessionArg: WindowWizard | undefined, options: RunOptions): Promise<void> {
  const t = ctx.t;
  const session = sessionArg ?? (await ctx.requireSession());
  if (!session) return;
  const refusal = ctx.trust.refusal();
  if (refusal) {
    ctx.log.warn(`Run refused: ${refusal}`);
    await ctx.dialogs.error(refusal);
    return;
  }
  // Another window or the CLI may have changed the wizard: run what is on disk.
  const reloaded = await ctx.guard(async () => {
    await session.reload();
    return true;
  });
  if (!reloaded) return;
  if (ctx.session === session) ctx.refresh();
  if (session.wizard.state.aborted || session.wizard.state.confirmed !== true) {
    ctx.log.warn('Run refused: the wizard is not complete');
    await sayNotFinished(ctx, session);
    return;
  }
  const outcome = session.wizard.outcome();
  if (!outcome.ok) {
    ctx.log.warn(`Run refused: ${outcome.error}`);
    await ctx.dialogs.error(outcome.error);
    return;
  }
  const settings = ctx.settings(session.projectRootAbs);
  if (!options.confirmed && settings.confirmBeforeRun) {
    // Runs (confirmed) when the person chooses Run.
    await confirmAndAct(ctx, session);
    return;
  }
  // What Run starts is decided before anything is written: the okstra command as it is now, the exact argv, and
  // its program checked; a persist action applied after this cannot change what runs (src/host/run.ts).
  const command = ctx.okstraCommand(session);
  const argv = renderBundleArgv(command, outcome.renderArgv);
  // A task whose program does not exist never ends: refuse it before anything is written or recorded.
  const missing = settings.runIn === 'shell' ? null : ctx.runPort.missingProgram(argv[0], session.projectRootAbs);
  if (missing) {
    ctx.log.warn(`Run refused: ${missing}`);
    await ctx.dialogs.error(missing);
    return;
  }
  // A run of this task that is still going: a second one runs beside it only when the person says so.
  const going = session.wizard.state.last_run;
  if (going?.status === 'running') {
    const another = t('Start Another Run');
    const answer = await ctx.dialogs.ask(
      t('A run of {0} is still running (started {1}).', session.wizard.taskKey, new Date(going.startedAt).toLocaleTimeString()),
      t('Both runs work on the task at once. Stop Run ends the one that is running.'),
      [another],
    );
    if (answer !== another) return;
  }
  const empty = emptyAnswersFile(session);
  if (empty) {
    await ctx.dialogs.error(t('{0} has no answers yet: write them there, then Run again.', empty));
    return;
  }
  const notices = session.wizard.current().notices;
  for (const n of notices) ctx.log.info(`notice before Run: ${n.text}`);
  const environmental = notices.filter(isEnvironmental);
  if (environmental.length > 0) {
    const go = t('Run Anyway');
    const answer = await ctx.dialogs.ask(t('Some models may not start on this machine.'), environmental.map((n) => n.text).join('\n'), [
      go,
    ]);
    if (answer !== go) return;
  }
  for (const action of outcome.persistActions) {
    try {
      ctx.log.info(`persist action applied: ${ctx.runPort.applyPersistAction(session.projectRootAbs, action)}`);
    } catch (err) {
      await ctx.dialogs.error(
        t('Could not apply {0}: {1}', `${action.file} ${action.key}`, err instanceof Error ? err.message : String(err)),
      );
      return;
    }
  }
  const life = ctx.runLife();
  const runId = life.newRunId();
  let run: LastRun = life.runStarted(argv, runId);
  const record = async (next: LastRun): Promise<void> => {
    run = next;
    await ctx.guard(() => session.recordLastRun(next));
    if (ctx.session === session) ctx.refresh();
    ctx.runsChanged.fire();
  };
  await record(run);
  // Where the run wrapper records okstra's end, next to the state file (saved by the record above).
  const statePath = session.wizard.statePath;
  const exitFile = statePath ? (life.runExitFileOf(statePath, runId) ?? undefined) : undefined;
  ctx.statusBar.running(session.wizard.taskKey, ctx.folders().length > 1 ? session.folderName : undefined, run.startedAt);
  const result = await ctx.runPort.execute(
    {
      argv,
      commandLength: command.length,
      cwd: session.projectRootAbs,
      label: `render-bundle ${session.wizard.taskKey}`,
      runId,
      exitFile,
      // The process id tells a window that reloads whether okstra still runs.
      onProcessStarted: (pid) => {
        if (pid !== undefined && run.status === 'running') void record({ ...run, pid });
      },
    },
    settings.runIn,
  );
  ctx.lastRunResult = result;
  // The task's own end event gave the exit code; the wrapper's record of it is not needed any more.
  if (statePath) life.removeRunExit(statePath, runId);
  const stoppedBy = ctx.stopping.get(runId);
  ctx.stopping.delete(runId);
  if (!result.ok) {
    ctx.log.error(`Run failed to start: ${result.error}`);
    await record(life.runEnded(run, { kind: 'unknown', why: result.error }));
    await ctx.dialogs.error(result.error);
    return;
  }
  await record(life.runEnded(run, stoppedBy ? { kind: 'stopped', by: stoppedBy } : { kind: 'exit', exitCode: result.exitCode }));
  ctx.runFinished.fire(run);
  if (stoppedBy) {
    void ctx.dialogs.info(t('okstra render-bundle for {0} was stopped ({1}).', session.wizard.taskKey, stoppedBy));
    return;
  }
  void notifyRunEnded(ctx, session, result.exitCode, settings.runIn === 'shell');
}

/** The notification after a run: it names the task, and its Run Again runs that wizard, whichever is open now. */
export async function notifyRunEnded(ctx: WizardContext, session: WindowWizard, exitCode: number | null, inShell: boolean): Promise<void> {
  const t = ctx.t;
  const show = t('Show Output');
  const again = t('Run Again');
  const buttons = ctx.trust.isTrusted() ? [show, again] : [show];
  const task = session.wizard.taskKey;
  const message =
    exitCode === 0
      ? t('okstra render-bundle for {0} finished (exit code 0).', task)
      : exitCode === null
        ? inShell
          ? t('okstra render-bundle for {0} was started; its exit code is not known (no shell integration).', task)
          : t('okstra render-bundle for {0} ended without an exit code; the terminal shows why (is the okstra command installed?).', task)
        : t('okstra render-bundle for {0} failed with exit code {1}.', task, exitCode);
  const answer = exitCode === 0 || exitCode === null ? await ctx.dialogs.info(message, buttons) : await ctx.dialogs.error(message, buttons);
  if (answer === show) showOutput(ctx);
  if (answer === again) await runWizard(ctx, session);
}

function showOutput(ctx: WizardContext): void {
  if (ctx.lastRunResult?.ok) void ctx.host.executeCommand(WORKBENCH_COMMANDS.focusTerminal);
  else ctx.log.show(true);
}

/** The confirmation of a complete wizard, then what the person chose: Run (after the checks of runWizard) or Change an answer…. */
export async function confirmAndAct(ctx: WizardContext, session: WindowWizard): Promise<void> {
  const chosen = await showConfirmationPick(ctx, session);
  if (chosen === 'run') await runWizard(ctx, session, { confirmed: true });
  else if (chosen === 'edit') await editStep(ctx);
}

/** okstra.showConfirmation: the confirmation of a complete wizard; the confirm step of one at that step. */
export const showConfirmationCommand = (ctx: WizardContext) => async (): Promise<void> => {
  const session = await ctx.requireSession();
  if (!session) return;
  if (session.wizard.state.confirmed === true && !session.wizard.state.aborted) {
    await confirmAndAct(ctx, session);
    return;
  }
  const current = session.wizard.current().prompt;
  if (current?.step === 'confirm') {
    await ctx.loop.drive();
    return;
  }
  await sayNotFinished(ctx, session);
};

export const runCommand = (ctx: WizardContext) => (): Promise<void> => runWizard(ctx, undefined);
export const runAgainCommand = (ctx: WizardContext) => (): Promise<void> => runWizard(ctx, undefined);
export const showOutputCommand = (ctx: WizardContext) => (): void => showOutput(ctx);
