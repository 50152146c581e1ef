// Executes `<okstra command> render-bundle <renderArgv…>` in the integrated
// terminal. Default: a VS Code task with a ProcessExecution (no shell, the
// argv arrives exactly, the exit code from the task's process end). okstra.runIn "shell": a line
// quoted for the terminal's shell; the exit code when shell integration reports it.

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { detectShell, quoteCommandLine } from '../../core/run';
import { resolveProgram } from '../../host/run';
import { processIsRun } from '../../host/runLife';
import type { Log } from '../host/window';
import type { FollowedRun, RunRequest, RunResult } from './runPort';

export type { RunRequest, RunResult };

const TASK_TYPE = 'okstra';

/** The runs this window started or found again, by run id: what Stop Run ends. */
const inFlight = new Map<string, { stop: () => void }>();

/** The task of a run id among the tasks VS Code runs now (its definition carries the id). */
function executionOf(runId: string): vscode.TaskExecution | undefined {
  return vscode.tasks.taskExecutions.find((e) => e.task.definition.type === TASK_TYPE && e.task.definition.runId === runId);
}

/** Stop Run: ends the run's task (or interrupts its shell command); false when no run of that id is here. */
export function stopRun(runId: string, log: Log): boolean {
  const known = inFlight.get(runId);
  if (known) {
    log.info(`Stop Run: ending run ${runId}`);
    known.stop();
    return true;
  }
  const execution = executionOf(runId);
  if (!execution) return false;
  log.info(`Stop Run: ending the task of run ${runId}`);
  execution.terminate();
  return true;
}

/** Whether `pid` is still the run started with `argv` (src/host/runLife.ts processIsRun: a pid from a file is not trusted). */
export function processAlive(pid: number, argv: readonly string[]): boolean {
  return processIsRun(pid, argv);
}

/**
 * SIGTERM to okstra's process (Stop Run of a run whose task this window cannot reach), checked again right before the
 * signal: only a process that is still the run started with `argv`.
 */
export function endProcess(pid: number, argv: readonly string[], log: Log): void {
  if (!processIsRun(pid, argv)) {
    log.warn(`Stop Run: process ${pid} is not the run (its arguments differ, or it ended): no signal sent`);
    return;
  }
  log.info(`Stop Run: SIGTERM to process ${pid}`);
  try {
    process.kill(pid, 'SIGTERM');
  } catch (err) {
    log.warn(`Stop Run: process ${pid}: ${(err as Error).message}`);
  }
}

/**
 * A run an earlier window started, found again after a reload among the tasks VS Code kept running (VS Code
 * reconnects task terminals); its end comes from the same task events as a run started here.
 */
export function followRun(runId: string, log: Log): FollowedRun | null {
  const execution = executionOf(runId);
  if (!execution) return null;
  log.info(`found run ${runId} again: following its task`);
  inFlight.set(runId, { stop: () => execution.terminate() });
  const ended = new Promise<RunResult>((resolve) => {
    const done = (result: RunResult): void => {
      processSub.dispose();
      taskSub.dispose();
      inFlight.delete(runId);
      resolve(result);
    };
    const processSub = vscode.tasks.onDidEndTaskProcess((e) => {
      if (e.execution.task.definition.runId === runId) done({ ok: true, exitCode: e.exitCode ?? null });
    });
    // A reconnected task may report only its end, not its process's: then its exit code is not known.
    const taskSub = vscode.tasks.onDidEndTask((e) => {
      if (e.execution.task.definition.runId !== runId) return;
      setTimeout(() => done({ ok: true, exitCode: null }), 500);
    });
  });
  return { ended };
}

/**
 * Refuses a program that cannot start: a task whose executable does not exist never reports an end,
 * so this is checked first (the task runs with the same PATH as the extension host).
 */
export function missingProgram(program: string, cwd: string): string | null {
  if (resolvedProgram(program, cwd) !== null) return null;
  return vscode.l10n.t(
    "cannot run okstra: '{0}' was not found or is not executable (set okstra.command, or okstraCommand in .okstra/config.yaml)",
    program,
  );
}

/** The executable Run starts for a command word, as the confirmation shows it (the host's one resolution), or null. */
export function resolvedProgram(program: string, cwd: string): string | null {
  return resolveProgram(program, cwd, process.env);
}

/** How long a task may take to start its process before Run gives up waiting (a launch failure sends no end event). */
const TASK_START_TIMEOUT_MS = 15_000;

/** The run wrapper, next to this bundle (scripts/bundles.mjs: dist/run-wrapper.js). */
const RUN_WRAPPER = path.join(__dirname, 'run-wrapper.js');

/**
 * What the task starts for `argv`: the run wrapper (src/host/runWrapper.ts) with the exit file and the argv after
 * `--`, run by the Node that runs this extension host (Electron's, as Node, on desktop VS Code); the wrapper starts
 * okstra with exactly that argv, without a shell. Without an exit file or the wrapper, okstra itself.
 */
export function taskProcess(
  argv: readonly string[],
  exitFile: string | undefined,
  runtime: { execPath: string; electron: boolean; wrapper: string | null },
): { program: string; args: string[]; env?: Record<string, string> } {
  const [program, ...args] = argv;
  if (!exitFile || !runtime.wrapper) return { program, args };
  const flag = runtime.electron ? ['--unset-electron-run-as-node'] : [];
  return {
    program: runtime.execPath,
    args: [runtime.wrapper, ...flag, exitFile, '--', ...argv],
    ...(runtime.electron ? { env: { ELECTRON_RUN_AS_NODE: '1' } } : {}),
  };
}

/**
 * Runs the argv as a VS Code task with a ProcessExecution (no shell: the argv arrives exactly); the caller has
 * refused a missing program first (missingProgram). The exit code comes from onDidEndTaskProcess; the result in
 * our words is the notification that names the task (docs/decisions.md › Task runs with ProcessExecution).
 */
export async function runAsTask(request: RunRequest, log: Log): Promise<RunResult> {
  const spawned = taskProcess(request.argv, request.exitFile, {
    execPath: process.execPath,
    electron: process.versions.electron !== undefined,
    wrapper: fs.existsSync(RUN_WRAPPER) ? RUN_WRAPPER : null,
  });
  const execution = new vscode.ProcessExecution(spawned.program, spawned.args, {
    cwd: request.cwd,
    ...(spawned.env ? { env: spawned.env } : {}),
  });
  const task = new vscode.Task(
    { type: TASK_TYPE, command: 'render-bundle', runId: request.runId },
    vscode.workspace.getWorkspaceFolder(vscode.Uri.file(request.cwd)) ?? vscode.TaskScope.Workspace,
    request.label,
    'okstra',
    execution,
    [],
  );
  // echo off: VS Code's "Executing task: <the whole argv>" header is not printed (the confirmation showed the command
  // line and the output channel has it); a failed run then shows the argv once, in VS Code's own end line.
  task.presentationOptions = {
    reveal: vscode.TaskRevealKind.Always,
    panel: vscode.TaskPanelKind.Dedicated,
    clear: true,
    focus: false,
    echo: false,
  };
  log.info(
    `run as task in ${request.cwd}: ${JSON.stringify(request.argv)}${spawned.program === request.argv[0] ? '' : ` (through the run wrapper, its end recorded in ${request.exitFile})`}`,
  );
  return new Promise<RunResult>((resolve) => {
    let started: vscode.TaskExecution | undefined;
    let processStarted = false;
    const pending: vscode.TaskProcessEndEvent[] = [];
    const startSub = vscode.tasks.onDidStartTaskProcess((e) => {
      if (e.execution.task.definition.runId !== request.runId) return;
      if (!processStarted) request.onProcessStarted?.(e.processId);
      processStarted = true;
    });
    let startTimer: NodeJS.Timeout | undefined;
    const stopListening = (): void => {
      inFlight.delete(request.runId);
      sub.dispose();
      endSub.dispose();
      startSub.dispose();
      if (startTimer) clearTimeout(startTimer);
    };
    const settle = (e: vscode.TaskProcessEndEvent): void => {
      stopListening();
      log.info(`task ended with exit code ${String(e.exitCode)}`);
      resolve({ ok: true, exitCode: e.exitCode ?? null });
    };
    const sub = vscode.tasks.onDidEndTaskProcess((e) => {
      if (started === undefined) pending.push(e);
      else if (e.execution === started || e.execution.task.definition === task.definition) settle(e);
    });
    // A task that never starts its process (bad cwd, missing program) ends without a process end.
    const endSub = vscode.tasks.onDidEndTask((e) => {
      if (started !== undefined && e.execution === started) {
        setTimeout(() => {
          stopListening();
          resolve({ ok: true, exitCode: null });
        }, 500);
      }
    });
    vscode.tasks.executeTask(task).then(
      (execution) => {
        started = execution;
        inFlight.set(request.runId, { stop: () => execution.terminate() });
        const early = pending.find((e) => e.execution === execution);
        if (early) {
          settle(early);
          return;
        }
        startTimer = setTimeout(() => {
          if (processStarted) return;
          stopListening();
          log.error(`the task did not start its process within ${TASK_START_TIMEOUT_MS / 1000} s`);
          resolve({ ok: false, error: vscode.l10n.t('The okstra task did not start; the terminal shows why.') });
        }, TASK_START_TIMEOUT_MS);
      },
      (err: unknown) => {
        stopListening();
        resolve({ ok: false, error: err instanceof Error ? err.message : String(err) });
      },
    );
  });
}

const TERMINAL_NAME = 'okstra';
/** One terminal per project root, reused by the next Run while it is open. */
const terminals = new Map<string, vscode.Terminal>();

export async function runInShell(request: RunRequest, log: Log): Promise<RunResult> {
  const shellPath = vscode.env.shell;
  const detected = detectShell(shellPath);
  if (!detected.ok) return { ok: false, error: detected.error };
  const quoted = quoteCommandLine(request.argv, detected.shell, { commandLength: request.commandLength });
  if (!quoted.ok) return { ok: false, error: quoted.error };
  let terminal = terminals.get(request.cwd);
  if (!terminal || terminal.exitStatus !== undefined || !vscode.window.terminals.includes(terminal)) {
    terminal = vscode.window.createTerminal({ name: TERMINAL_NAME, cwd: request.cwd });
    terminals.set(request.cwd, terminal);
  }
  terminal.show(true);
  log.info(`run in ${detected.shell} (${shellPath}) in ${request.cwd}: ${quoted.line}`);
  const integration = terminal.shellIntegration ?? (await waitForShellIntegration(terminal, 3000));
  if (!integration) {
    terminal.sendText(quoted.line, true);
    log.info('no shell integration: the exit code is not known');
    return { ok: true, exitCode: null };
  }
  const execution = integration.executeCommand(quoted.line);
  request.onProcessStarted?.(undefined);
  // Stop Run interrupts the command as Ctrl+C would, and leaves the terminal (the person's shell) open.
  const shellTerminal = terminal;
  inFlight.set(request.runId, { stop: () => shellTerminal.sendText('\u0003', false) });
  return new Promise<RunResult>((resolve) => {
    const sub = vscode.window.onDidEndTerminalShellExecution((e) => {
      if (e.execution !== execution) return;
      inFlight.delete(request.runId);
      sub.dispose();
      log.info(`shell command ended with exit code ${String(e.exitCode)}`);
      resolve({ ok: true, exitCode: e.exitCode ?? null });
    });
  });
}

function waitForShellIntegration(terminal: vscode.Terminal, timeoutMs: number): Promise<vscode.TerminalShellIntegration | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      sub.dispose();
      resolve(undefined);
    }, timeoutMs);
    const sub = vscode.window.onDidChangeTerminalShellIntegration((e) => {
      if (e.terminal !== terminal) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(e.shellIntegration);
    });
  });
}
