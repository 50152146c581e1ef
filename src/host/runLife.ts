// The life of a run after Run (docs/run.md): the `last_run` record a run starts with, how it ends (an exit code, a
// stop, or an end nobody saw), what it is called in the views, and how a window that reloaded judges a run its file
// says is running. Plain functions over the record: the extension decides what it can observe, the host what that
// means; the record is written through the wizard's state file (HostWizard.recordLastRun), like every other answer.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import type { LastRun } from '../core/types';
import type { RunStatus } from '../core/wizard/stateFields';
import { readRunExit } from './runExit';

/** A new run's id: 16 hex digits, put in the task's definition so that the run's task is found after a reload. */
export function newRunId(): string {
  return randomBytes(8).toString('hex');
}

/** The record of a run that starts now. */
export function runStarted(argv: readonly string[], runId: string, now: Date = new Date()): LastRun {
  return { startedAt: now.toISOString(), argv: [...argv], exitCode: null, status: 'running', runId };
}

/** How a run ended, as the extension saw it. */
export type RunEnd = { kind: 'exit'; exitCode: number | null } | { kind: 'stopped'; by: string } | { kind: 'unknown'; why: string };

/** The text of an end nobody saw (the window was closed, or the extension host restarted, while the run ended). */
export const ENDED_UNSEEN = 'ended while the window was closed; exit code unknown';

/** The record of `run` once it ended. A process id reported while it ran is kept. */
export function runEnded(run: LastRun, end: RunEnd, now: Date = new Date()): LastRun {
  const base: LastRun = { ...run, endedAt: now.toISOString() };
  delete base.endedBy;
  switch (end.kind) {
    case 'exit':
      // A task that never started its process ends without an exit code: its end is not known.
      return end.exitCode === null
        ? { ...base, exitCode: null, status: 'unknown', endedBy: 'ended without an exit code' }
        : { ...base, exitCode: end.exitCode, status: 'exited' };
    case 'stopped':
      return { ...base, exitCode: null, status: 'stopped', endedBy: end.by };
    case 'unknown':
      return { ...base, exitCode: null, status: 'unknown', endedBy: end.why };
  }
}

/** The status of a record; files written before runs were followed have none: an exit code means it exited. */
export function runStatusOf(run: LastRun): RunStatus {
  if (run.status) return run.status;
  return run.exitCode === null ? 'unknown' : 'exited';
}

/** True while the record says the run is going on. */
export function isRunning(run: LastRun | null | undefined): run is LastRun & { status: 'running' } {
  return run?.status === 'running';
}

/** What a window that loaded can observe of a run its file says is running. */
export interface RunObservation {
  /** The run's task is among the tasks VS Code runs now (found by its runId). */
  taskAlive: boolean;
  /** Whether its process still exists: true, false, or null when no process id was recorded. */
  processAlive: boolean | null;
}

/** What to do with a run found `running` after a reload. */
export type RunVerdict =
  /** Follow its task: its end (and exit code) will be seen. */
  | 'follow-task'
  /** Its process runs but its task is not reachable: show it running until the process ends (exit code unknown). */
  | 'watch-process'
  /** It ended while no window followed it: record that its exit code is unknown. */
  | 'ended-unseen';

/** The verdict on a `running` record after a reload (module comment). Never "running forever". */
export function judgeRunAfterReload(observed: RunObservation): RunVerdict {
  if (observed.taskAlive) return 'follow-task';
  if (observed.processAlive === true) return 'watch-process';
  return 'ended-unseen';
}

/** A process's arguments (`/proc/<pid>/cmdline`), or null where they cannot be read (no /proc, or no such process). */
function processArguments(pid: number): string[] | null {
  try {
    const words = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (words.at(-1) === '') words.pop();
    return words;
  } catch {
    return null;
  }
}

/**
 * Whether process `pid` is the run started with `argv` (`<okstra command…> render-bundle …`). The pid and the argv
 * come from the state file, which comes with the repository: a pid is only watched or signalled when it exists and
 * its arguments end with the run's arguments after the program (a script's interpreter may come before them), never
 * this process, its parent or init. Where a process's arguments cannot be read (no /proc), it is not the run.
 */
export function processIsRun(pid: number | undefined, argv: readonly string[]): boolean {
  if (pid === undefined || !Number.isSafeInteger(pid) || pid <= 1 || pid === process.pid || pid === process.ppid) return false;
  const args = argv.slice(1);
  if (args.length === 0) return false;
  const words = processArguments(pid);
  if (words === null || words.length < args.length) return false;
  const tail = words.slice(words.length - args.length);
  return tail.every((w, i) => w === args[i]);
}

export { elapsedText } from '../core/run/elapsed';

export { runExitFileOf } from '../core/run/runExitName';
export { readRunExit, removeRunExit, type RunExitRead } from './runExit';

/**
 * How a run ended, from its exit file (src/host/runExit.ts), for a window that could not see the end itself; null
 * when there is no exit file. `problem` is set when the file is there but is not a record of this run: its end is
 * then unknown, and the file is left where it is.
 */
export function endFromExitFile(statePath: string, runId: string | undefined): { end: RunEnd; problem?: string } | null {
  if (!runId) return null;
  const read = readRunExit(statePath, runId);
  switch (read.kind) {
    case 'none':
      return null;
    case 'bad':
      return { end: { kind: 'unknown', why: ENDED_UNSEEN }, problem: read.problem };
    case 'ended': {
      const { exitCode, signal } = read.record;
      return { end: exitCode !== null ? { kind: 'exit', exitCode } : { kind: 'unknown', why: `ended by ${signal ?? 'a signal'}` } };
    }
  }
}
