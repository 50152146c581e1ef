// Executes `<okstra command> render-bundle <renderArgv…>` in the integrated
// terminal. Default: a VS Code task whose pseudoterminal spawns okstra (no
// shell, the argv arrives exactly, the exit code always arrives). okstra.runIn "shell": a line
// quoted for the terminal's shell; the exit code when shell integration reports it.

import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { detectShell, quoteCommandLine } from '../../core/run';
import { findOnPath, isExecutableFile } from '../../workspace/environment';
import type { Log } from '../host/window';
import type { RunRequest, RunResult } from './runPort';

export type { RunRequest, RunResult };

const TASK_TYPE = 'okstra';

/**
 * Refuses a program that cannot start: a task whose executable does not exist never reports an end,
 * so this is checked first (the task runs with the same PATH as the extension host).
 */
export function missingProgram(program: string, cwd: string): string | null {
  const looksLikePath = program.includes('/') || program.includes('\\');
  const found = looksLikePath ? isExecutableFile(path.resolve(cwd, program)) : findOnPath(program, process.env) !== null;
  if (found) return null;
  return vscode.l10n.t(
    "cannot run okstra: '{0}' was not found or is not executable (set okstra.command, or okstraCommand in .okstra/config.yaml)",
    program,
  );
}

/**
 * The task's terminal: the program is spawned without a shell (the argv arrives exactly), its output is shown,
 * and the end is said once, in our words ("… failed with exit code 3"). The pseudoterminal closes without an
 * exit code, so VS Code adds no "terminal process terminated / failed to launch" line of its own (issue 12 #19).
 */
class RunPseudoterminal implements vscode.Pseudoterminal {
  private readonly writeEmitter = new vscode.EventEmitter<string>();
  readonly onDidWrite = this.writeEmitter.event;
  private readonly closeEmitter = new vscode.EventEmitter<void>();
  readonly onDidClose = this.closeEmitter.event;
  private child: ChildProcess | undefined;

  constructor(
    private readonly request: RunRequest,
    private readonly log: Log,
    private readonly done: (result: RunResult) => void,
  ) {}

  private write(text: string): void {
    this.writeEmitter.fire(text.replace(/\r?\n/g, '\r\n'));
  }

  open(): void {
    const [program, ...args] = this.request.argv;
    let ended = false;
    const end = (result: RunResult, line: string): void => {
      if (ended) return;
      ended = true;
      this.write(`\n${line}\n`);
      this.done(result);
      this.closeEmitter.fire();
    };
    try {
      this.child = spawn(program, args, { cwd: this.request.cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      end({ ok: false, error: message }, message);
      return;
    }
    this.child.stdout?.on('data', (d: Buffer) => this.write(d.toString('utf8')));
    this.child.stderr?.on('data', (d: Buffer) => this.write(d.toString('utf8')));
    this.child.on('error', (err) => {
      this.log.error(`okstra could not start: ${err.message}`);
      end({ ok: false, error: vscode.l10n.t('okstra could not start: {0}', err.message) }, vscode.l10n.t('okstra could not start: {0}', err.message));
    });
    this.child.on('close', (code, signal) => {
      this.log.info(`task ended with exit code ${String(code)}${signal ? ` (signal ${signal})` : ''}`);
      const line =
        code === 0
          ? vscode.l10n.t('okstra render-bundle finished (exit code 0).')
          : code === null
            ? vscode.l10n.t('okstra render-bundle was stopped ({0}).', signal ?? '?')
            : vscode.l10n.t('okstra render-bundle failed with exit code {0}.', code);
      end({ ok: true, exitCode: code }, line);
    });
  }

  close(): void {
    // The terminal was closed by the person: stop okstra.
    if (this.child && this.child.exitCode === null) this.child.kill();
  }
}

/** Runs the argv as a task; the caller has refused a missing program first (missingProgram). */
export async function runAsTask(request: RunRequest, log: Log): Promise<RunResult> {
  log.info(`run as task in ${request.cwd}: ${JSON.stringify(request.argv)}`);
  return new Promise<RunResult>((resolve) => {
    let settled = false;
    const settle = (result: RunResult): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const execution = new vscode.CustomExecution(async () => new RunPseudoterminal(request, log, settle));
    const task = new vscode.Task(
      { type: TASK_TYPE, command: 'render-bundle' },
      vscode.workspace.getWorkspaceFolder(vscode.Uri.file(request.cwd)) ?? vscode.TaskScope.Workspace,
      request.label,
      'okstra',
      execution,
      [],
    );
    task.presentationOptions = { reveal: vscode.TaskRevealKind.Always, panel: vscode.TaskPanelKind.Dedicated, clear: true, focus: false, showReuseMessage: false };
    vscode.tasks.executeTask(task).then(undefined, (err: unknown) => settle({ ok: false, error: err instanceof Error ? err.message : String(err) }));
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
  return new Promise<RunResult>((resolve) => {
    const sub = vscode.window.onDidEndTerminalShellExecution((e) => {
      if (e.execution !== execution) return;
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
