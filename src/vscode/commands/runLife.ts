// The run after Run (docs/run.md): Stop Run, and a window that loaded finding the runs its wizards' files say are
// running. A run found among the tasks VS Code kept running is followed to its end and exit code; one whose process
// still runs but whose task cannot be reached is shown running until the process ends (exit code unknown); one
// that ended while no window followed it is recorded as such — never shown running forever. Every record goes
// through the wizard's state file (the host), as Run's own.

import type { LastRun } from '../../core/types';
import type { FolderInfo } from '../host/window';
import type { FollowedRun, RunResult } from '../run/runPort';
import type { WizardContext } from '../wizard/context';
import type { WindowWizard } from '../wizard/windowWizard';
import { notifyRunEnded } from './run';

/** What ended a run that Stop Run ended, as its record says it. */
const STOPPED_BY = 'Stop Run';

/** How often a run whose task cannot be reached is asked whether its process still exists. */
const PROCESS_POLL_MS = 2000;

/** Writes a run's record through its wizard and brings the views in step. */
async function record(ctx: WizardContext, session: WindowWizard, next: LastRun): Promise<void> {
  await ctx.guard(() => session.recordLastRun(next));
  if (ctx.session === session) ctx.refresh();
  ctx.runsChanged.fire();
}

/** The runs this window follows that it did not start with Run (found after a reload), by run id. */
const followed = new Map<string, { session: WindowWizard; stop: () => void }>();

/**
 * After activation: each wizard whose file says its run is running is judged (src/host/runLife.ts
 * judgeRunAfterReload) and followed or recorded. Resolves once every run is judged (not when they end: those are
 * followed in the background).
 */
export async function followRunsAfterLoad(ctx: WizardContext): Promise<void> {
  let found: Array<{ statePath: string; folder: FolderInfo }> = [];
  try {
    found = (await ctx.factory.running?.(ctx.folders())) ?? [];
  } catch (err) {
    ctx.log.warn(`looking for runs in progress failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  for (const { statePath, folder } of found) {
    const session = await ctx.guard(() => ctx.factory.open(statePath, folder));
    if (session) await follow(ctx, session);
  }
}

async function follow(ctx: WizardContext, session: WindowWizard): Promise<void> {
  const run = session.wizard.state.last_run;
  if (run?.status !== 'running') return;
  const life = ctx.runLife();
  if (run.runId && followed.has(run.runId)) return;
  const task = run.runId ? ctx.runPort.follow(run.runId) : null;
  const verdict = life.judgeRunAfterReload({ taskAlive: task !== null, processAlive: ctx.runPort.processAlive(run.pid, run.argv) });
  ctx.log.info(`run of ${session.wizard.taskKey} (${run.runId ?? 'no run id'}) found running after the window loaded: ${verdict}`);
  if (verdict === 'ended-unseen') {
    // The run wrapper recorded its end next to the state file, when it got to (src/host/runExit.ts).
    const recorded = endRecorded(ctx, session, run);
    if (recorded?.end.kind === 'exit') {
      await record(ctx, session, life.runEnded(run, recorded.end));
      forgetExit(ctx, session, run);
      void notifyRunEnded(ctx, session, recorded.end.exitCode, false);
      return;
    }
    await record(ctx, session, life.runEnded(run, recorded?.end ?? { kind: 'unknown', why: life.ENDED_UNSEEN }));
    if (recorded && !recorded.problem) forgetExit(ctx, session, run);
    void ctx.dialogs.info(
      ctx.t('The okstra run of {0} ended while the window was closed; its exit code is unknown.', session.wizard.taskKey),
    );
    return;
  }
  const runId = run.runId ?? '';
  if (verdict === 'follow-task') {
    followed.set(runId, { session, stop: () => ctx.runPort.stop(runId) });
    void followToEnd(ctx, session, run, runId, task!.ended);
    return;
  }
  // watch-process: its task is not reachable (VS Code did not reconnect it); its process is.
  void watchProcess(ctx, session, run, runId, run.pid!);
}

/** How the run ended as its exit file says (null: no file); a file that is not this run's record is logged and kept. */
function endRecorded(
  ctx: WizardContext,
  session: WindowWizard,
  run: LastRun,
): ReturnType<ReturnType<WizardContext['runLife']>['endFromExitFile']> {
  const statePath = session.wizard.statePath;
  if (!statePath) return null;
  const found = ctx.runLife().endFromExitFile(statePath, run.runId);
  if (found?.problem) ctx.log.warn(`the run's exit file was not used: ${found.problem}`);
  return found;
}

/** Removes the run's exit file once its end is in the state file. */
function forgetExit(ctx: WizardContext, session: WindowWizard, run: LastRun): void {
  const statePath = session.wizard.statePath;
  if (statePath && run.runId) ctx.runLife().removeRunExit(statePath, run.runId);
}

/** A run VS Code kept running: its end and exit code, recorded when its task ends. */
async function followToEnd(
  ctx: WizardContext,
  session: WindowWizard,
  run: LastRun,
  runId: string,
  taskEnded: Promise<RunResult>,
): Promise<void> {
  const life = ctx.runLife();
  const result = await taskEnded;
  followed.delete(runId);
  const by = ctx.stopping.get(runId);
  ctx.stopping.delete(runId);
  const ended = life.runEnded(
    run,
    by ? { kind: 'stopped', by } : result.ok ? { kind: 'exit', exitCode: result.exitCode } : { kind: 'unknown', why: result.error },
  );
  await record(ctx, session, ended);
  forgetExit(ctx, session, run);
  ctx.runFinished.fire(ended);
  if (!by) void notifyRunEnded(ctx, session, ended.exitCode, false);
}

/**
 * A run whose process still exists but whose task cannot be reached: shown running until the process ends. VS Code
 * reconnects the tasks it kept after the extension has loaded: once the run's task is among them, it is followed
 * to its end and exit code instead.
 */
async function watchProcess(ctx: WizardContext, session: WindowWizard, run: LastRun, runId: string, pid: number): Promise<void> {
  const life = ctx.runLife();
  const task = await new Promise<FollowedRun | null>((resolve) => {
    const timer = setInterval(() => {
      const found = runId ? ctx.runPort.follow(runId) : null;
      if (found) {
        clearInterval(timer);
        ctx.log.info(`run of ${session.wizard.taskKey} (${runId}): its task was reconnected; following it`);
        followed.set(runId, { session, stop: () => ctx.runPort.stop(runId) });
        resolve(found);
        return;
      }
      if (ctx.runPort.processAlive(pid, run.argv)) return;
      clearInterval(timer);
      followed.delete(runId);
      resolve(null);
    }, PROCESS_POLL_MS);
    followed.set(runId, {
      session,
      stop: () => ctx.runPort.endProcess?.(pid, run.argv),
    });
  });
  if (task) return followToEnd(ctx, session, run, runId, task.ended);
  const by = ctx.stopping.get(runId);
  ctx.stopping.delete(runId);
  // Its process ended: the run wrapper recorded how, next to the state file (src/host/runExit.ts).
  const recorded = by ? null : endRecorded(ctx, session, run);
  const end = by
    ? ({ kind: 'stopped', by } as const)
    : recorded && !recorded.problem
      ? recorded.end
      : ({ kind: 'unknown', why: 'ended after the window reloaded; exit code unknown' } as const);
  const ended = life.runEnded(run, end);
  await record(ctx, session, ended);
  if (!recorded?.problem) forgetExit(ctx, session, run);
  ctx.runFinished.fire(ended);
  if (end.kind === 'exit') void notifyRunEnded(ctx, session, end.exitCode, false);
}

/** A row of the Tasks view that Stop Run was chosen on: its wizard's state file. */
function statePathOf(arg: unknown): string | undefined {
  const p = (arg as { statePath?: unknown } | null | undefined)?.statePath;
  return typeof p === 'string' ? p : undefined;
}

/**
 * okstra.stopRun: asks first, then ends okstra (its task, its shell command, or its process) and records the run as
 * stopped. On a Tasks view row it stops that task's run, else the open wizard's.
 */
export const stopRunCommand =
  (ctx: WizardContext) =>
  async (arg?: unknown): Promise<void> => {
    const t = ctx.t;
    const statePath = statePathOf(arg);
    const folder = statePath ? ctx.folderOf(statePath) : undefined;
    const session =
      statePath && folder ? await ctx.guard(() => ctx.factory.open(statePath, folder)) : (ctx.session ?? (await ctx.loadLatest()));
    const run = session?.wizard.state.last_run;
    if (!session || run?.status !== 'running') {
      await ctx.dialogs.info(t('No okstra run is running for this wizard.'));
      return;
    }
    const stop = t('Stop Run');
    const answer = await ctx.dialogs.ask(
      t('Stop the okstra run of {0}?', session.wizard.taskKey),
      t('okstra is ended where it is, and its agents with it. The run is recorded as stopped.'),
      [stop],
    );
    if (answer !== stop) return;
    // Its record may have changed meanwhile (it ended, another window stopped it).
    await ctx.guard(() => session.reload());
    const now = session.wizard.state.last_run;
    if (now?.status !== 'running') {
      await ctx.dialogs.info(t('The okstra run of {0} has already ended.', session.wizard.taskKey));
      return;
    }
    const runId = now.runId ?? '';
    ctx.stopping.set(runId, STOPPED_BY);
    ctx.log.info(`Stop Run: ${session.wizard.taskKey} (${runId || 'no run id'})`);
    // A run started here (or followed since the reload) is recorded as stopped when its end comes.
    const mine = followed.get(runId);
    if (mine) {
      mine.stop();
      return;
    }
    if (runId && ctx.runPort.stop(runId)) return;
    ctx.stopping.delete(runId);
    const life = ctx.runLife();
    if (ctx.runPort.processAlive(now.pid, now.argv) === true) {
      ctx.runPort.endProcess?.(now.pid!, now.argv);
      await record(ctx, session, life.runEnded(now, { kind: 'stopped', by: STOPPED_BY }));
      return;
    }
    // Nothing of it runs here: it ended while nobody followed it.
    await record(ctx, session, life.runEnded(now, { kind: 'unknown', why: life.ENDED_UNSEEN }));
    await ctx.dialogs.info(t('The okstra run of {0} had already ended; its exit code is unknown.', session.wizard.taskKey));
  };
