// What Run needs from the machine, behind one interface: the program check, the task / terminal execution
// and the persist actions. The real one (vscodeRunPort.ts) loads its modules on first use; unit tests pass a fake.

import type { PersistAction } from '../../host';

export interface RunRequest {
  argv: string[];
  /** How many leading words are the okstra command. */
  commandLength: number;
  cwd: string;
  label: string;
  /** The run's id (src/host/runLife.ts newRunId): its task carries it, so that it is found again after a reload. */
  runId: string;
  /**
   * Where the run wrapper records how okstra ended (src/host/runExit.ts), next to the state file: a window that
   * reloaded during the run reads it. Without it (a wizard kept in memory) okstra is started directly.
   */
  exitFile?: string;
  /** Called once okstra's process started, with its process id when the terminal reports one. */
  onProcessStarted?: (pid: number | undefined) => void;
}

export type RunResult = { ok: true; exitCode: number | null } | { ok: false; error: string };

/** A run of an earlier window, found again among the tasks VS Code runs: its end, when it comes. */
export interface FollowedRun {
  readonly ended: Promise<RunResult>;
}

export interface RunPort {
  /** Why the program cannot start (it does not exist or is not executable), or null. */
  missingProgram(program: string, cwd: string): string | null;
  /** The executable a command word resolves to (absolute), as Run would start it; null when it cannot start. */
  resolveProgram(program: string, cwd: string): string | null;
  execute(request: RunRequest, runIn: 'task' | 'shell'): Promise<RunResult>;
  /** Ends the run with this id (its task, or the shell command in its terminal); false when none runs here. */
  stop(runId: string): boolean;
  /** The run with this id among the tasks VS Code runs now (after a window reload), or null. */
  follow(runId: string): FollowedRun | null;
  /**
   * Whether the process is still the run started with `argv` (a pid read from the state file is checked against the
   * process's own arguments); null when there is no process id to ask about.
   */
  processAlive(pid: number | undefined, argv: readonly string[]): boolean | null;
  /** Ends a process this window did not start (a run of a window that reloaded, its task not reachable), if it is still the run. */
  endProcess?(pid: number, argv: readonly string[]): void;
  /** Applies one persist action; resolves what it did, for the log. */
  applyPersistAction(projectRootAbs: string, action: PersistAction): string;
}
