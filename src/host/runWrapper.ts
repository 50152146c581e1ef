// The process Run starts (docs/run.md › A reload during a run): `node dist/run-wrapper.js <exit file> -- <okstra
// argv…>`. It starts okstra with exactly that argv (no shell), in the same terminal, passes on the signals that end
// a run (Stop Run, a closed terminal), and when okstra ends writes how it ended to the run's exit file through the
// store, then ends the same way (its exit code, or its signal). VS Code does not give a reloaded window its tasks
// back in every host (code-server does not), so a window that reloaded during the run learns the run's exit code from
// that file (src/host/runExit.ts). Its own bundle, dist/run-wrapper.js: nothing but the spawn and the write.
import { spawn, type ChildProcess } from 'node:child_process';
import { RUN_EXIT_FILE_PATTERN } from '../core/run/runExitName';
import { writeFileAtomic } from '../store/atomicWrite';
import type { RunExitRecord } from './runExit';

/** The flag the extension adds where it starts the wrapper with Electron's `ELECTRON_RUN_AS_NODE` (desktop VS Code). */
export const UNSET_ELECTRON_FLAG = '--unset-electron-run-as-node';

interface WrapperArgs {
  exitFile: string;
  runId: string;
  /** okstra's argv, exactly as Run decided it. */
  argv: string[];
  /** Remove ELECTRON_RUN_AS_NODE from okstra's environment (the extension set it for the wrapper alone). */
  unsetElectron: boolean;
}

/** `[--unset-electron-run-as-node] <exit file> -- <program> [args…]`, or why not. */
export function parseWrapperArgs(args: readonly string[]): WrapperArgs | { error: string } {
  let i = 0;
  const unsetElectron = args[i] === UNSET_ELECTRON_FLAG;
  if (unsetElectron) i++;
  const exitFile = args[i++];
  if (exitFile === undefined || args[i++] !== '--')
    return { error: 'usage: run-wrapper [--unset-electron-run-as-node] <exit file> -- <program> [args…]' };
  const name = RUN_EXIT_FILE_PATTERN.exec(exitFile);
  if (!name) return { error: `not a run's exit file: ${exitFile}` };
  const argv = args.slice(i);
  if (argv.length === 0 || argv[0] === '') return { error: 'no program to run' };
  return { exitFile, runId: name[0].slice('.run-'.length, -'.exit'.length), argv, unsetElectron };
}

/** The exit record of a run that ended with `code` or `signal`. */
function exitRecord(runId: string, code: number | null, signal: NodeJS.Signals | null, now: Date = new Date()): RunExitRecord {
  return { runId, exitCode: signal ? null : (code ?? null), signal: signal ?? null, endedAt: now.toISOString() };
}

/**
 * The signals sent to the wrapper (Stop Run's SIGTERM, the SIGHUP of a closed terminal, a person's kill): passed on
 * to okstra, which decides how it ends; the wrapper ends after it. The terminal's own keys (Ctrl+C, Ctrl+\\) reach
 * okstra directly, both being in the terminal's foreground process group: in a terminal the wrapper only waits for
 * okstra's end (okstra must not get them twice); without one it passes them on too.
 */
const PASSED_ON: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGUSR1', 'SIGUSR2'];
const TERMINAL_KEYS: NodeJS.Signals[] = ['SIGINT', 'SIGQUIT'];

function record(args: WrapperArgs, rec: RunExitRecord): void {
  try {
    writeFileAtomic(args.exitFile, `${JSON.stringify(rec)}\n`);
  } catch (e) {
    process.stderr.write(`okstra-wizard: the run's end could not be recorded: ${e instanceof Error ? e.message : String(e)}\n`);
  }
}

/** Starts okstra and ends as it ends. */
function runWrapped(args: WrapperArgs): ChildProcess {
  const env = { ...process.env };
  if (args.unsetElectron) delete env.ELECTRON_RUN_AS_NODE;
  const [program, ...rest] = args.argv;
  // Listening before okstra starts: a Stop that comes at once is passed on too, never the wrapper's own death.
  let child: ChildProcess | undefined = undefined;
  let early: NodeJS.Signals | undefined;
  const pass = (signal: NodeJS.Signals): void => {
    if (child) child.kill(signal);
    else early = signal;
  };
  const fromTerminal = process.stdin.isTTY === true;
  const handled = [...PASSED_ON, ...TERMINAL_KEYS];
  const onSignal = (signal: NodeJS.Signals): void => {
    if (!(fromTerminal && TERMINAL_KEYS.includes(signal))) pass(signal);
  };
  for (const s of handled) process.on(s, onSignal);
  const started = spawn(program, rest, { stdio: 'inherit', env, shell: false });
  child = started;
  if (early) started.kill(early);
  started.on('error', (err: NodeJS.ErrnoException) => {
    // It never started (the extension checks the program first; it can disappear in between).
    const code = err.code === 'ENOENT' ? 127 : 126;
    process.stderr.write(`okstra-wizard: cannot start ${program}: ${err.message}\n`);
    record(args, exitRecord(args.runId, code, null));
    process.exit(code);
  });
  started.on('exit', (code, signal) => {
    record(args, exitRecord(args.runId, code, signal));
    for (const s of handled) process.off(s, onSignal);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
  return started;
}

function main(): void {
  const args = parseWrapperArgs(process.argv.slice(2));
  if ('error' in args) {
    process.stderr.write(`okstra-wizard run wrapper: ${args.error}\n`);
    process.exit(2);
  }
  runWrapped(args);
}

if (require.main === module) main();
