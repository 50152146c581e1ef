// Entry of `okstra-wizard` (docs/protocol.md), bundled to dist/cli.js. Startup stays
// lean: --help and --version load nothing but the argument parser; the
// engine, store and workspace are required only by the commands that use them.
import { commandUsage, parseCommandLine, USAGE, usageHint, UsageError, type ParsedCommand } from './args';
import { EXIT_INTERNAL, EXIT_OK, EXIT_OUTPUT, serialize, usageFailure, type CliResult } from './output';
import type { CliHooks } from './commands';

export interface CliIo {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Test seams (never set by the executable). */
  hooks?: CliHooks;
}

export type CliOutcome = { exitCode: number; stdout: string; stderr: string };

function render(result: CliResult): CliOutcome {
  return { exitCode: result.exitCode, stdout: serialize(result.doc), stderr: result.stderr ?? '' };
}

/** Runs one command line and returns what the process prints; never throws for user errors. */
export async function runCli(io: CliIo): Promise<CliOutcome> {
  let parsed: ParsedCommand;
  try {
    parsed = parseCommandLine(io.argv);
  } catch (err) {
    if (err instanceof UsageError) return render(usageFailure(err.message, usageHint(io.argv)));
    throw err;
  }
  if (parsed.cmd === 'help') return { exitCode: EXIT_OK, stdout: parsed.command ? commandUsage(parsed.command) : USAGE, stderr: '' };
  if (parsed.cmd === 'version') {
    const { packageInfo } = require('./packageRoot') as typeof import('./packageRoot');
    return render({ exitCode: EXIT_OK, doc: { ok: true, version: packageInfo().version } });
  }
  if (parsed.cmd === 'mcp') return runMcp(parsed.projectRoot, io);
  const { runCommand } = require('./commands') as typeof import('./commands');
  try {
    return render(await runCommand(parsed, io));
  } catch (err) {
    if (err instanceof UsageError) return render(usageFailure(err.message, usageHint(io.argv)));
    throw err;
  }
}

/** `mcp`: serves on stdin/stdout until the client closes stdin; prints nothing else on stdout (the protocol's channel). */
async function runMcp(projectRoot: string, io: CliIo): Promise<CliOutcome> {
  const path = require('node:path') as typeof import('node:path');
  const fs = require('node:fs') as typeof import('node:fs');
  const projectRootAbs = path.resolve(io.cwd, projectRoot);
  if (!fs.statSync(projectRootAbs, { throwIfNoEntry: false })?.isDirectory()) {
    const { pyReprString } = require('../core/pyRepr') as typeof import('../core/pyRepr');
    return render(usageFailure(`--project-root is not a directory: ${pyReprString(projectRoot)}`, usageHint(io.argv)));
  }
  const { packageInfo, builtinProfilesDir } = require('./packageRoot') as typeof import('./packageRoot');
  const { runMcpServer } = require('../mcp/server') as typeof import('../mcp/server');
  await runMcpServer(
    { projectRootAbs, builtinProfilesDir: builtinProfilesDir(), env: io.env, cwd: io.cwd, version: packageInfo().version },
    { stdin: process.stdin, stdout: process.stdout },
  );
  return { exitCode: EXIT_OK, stdout: '', stderr: '' };
}

/** The executable: runs the command line of this process and prints its document (dist/cli.js, src/cli/launcher.ts). */
export function runMain(): void {
  const argv = process.argv.slice(2);
  const mcp = argv[0] === 'mcp';
  if (!mcp) {
    // One-shot commands parse each schema a few times: zod's compiled fast path costs more to build than it
    // saves here (docs/performance.md). The long-lived `mcp` server keeps it.
    (require('./zodConfig') as typeof import('./zodConfig')).useJitlessZod();
  } else {
    // The server speaks through process.stdout; a client that goes away is the end of the session.
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OK);
      outputFailed(err);
    });
    process.stderr.on('error', () => process.exit(process.exitCode ?? EXIT_OK));
  }
  runCli({ argv, env: process.env, cwd: process.cwd() }).then(
    (out) => {
      printOutcome(out.stdout, out.stderr);
      process.exitCode = out.exitCode;
    },
    (err: unknown) => {
      const out = bugOutcome(err);
      process.exitCode = out.exitCode;
      printOutcome(out.stdout, out.stderr);
    },
  );
}

/** What the executable prints when runCli throws: a bug, not a user error (no raw exception reaches the user), still
 *  one JSON document, and the stack on stderr. */
export function bugOutcome(err: unknown): CliOutcome {
  const message = err instanceof Error ? err.message : String(err);
  return {
    exitCode: EXIT_INTERNAL,
    stdout: serialize({ ok: false, code: 'internal', error: `internal error: ${message}` }),
    stderr: (err instanceof Error && err.stack ? err.stack : String(err)) + '\n',
  };
}

/**
 * Prints a one-shot command's document and its stderr text with blocking writes to the file descriptors: a
 * one-shot command never builds process.stdout, whose stream modules cost more to load than the write
 * (docs/performance.md). A reader that goes away early (`| head`, a failing `jq`) is not an error of ours: stop
 * quietly. Any other failure to write stdout (a full disk, `> /dev/full`) happens after the one save of the command:
 * exit EXIT_OUTPUT (code `output-failed`) so that a script does not read it as "nothing was written" and answer the
 * next prompt blindly (`--prompt` makes a retry safe).
 */
function printOutcome(stdout: string, stderr: string): void {
  try {
    writeAll(1, stdout);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return;
    outputFailed(err as NodeJS.ErrnoException);
  }
  try {
    if (stderr) writeAll(2, stderr);
  } catch {
    // stderr is gone: the document and the exit status are what is left.
  }
}

/** Writes the whole text to a file descriptor, waiting while a non-blocking pipe is full (EAGAIN). */
function writeAll(fd: number, text: string): void {
  const { writeSync } = require('node:fs') as typeof import('node:fs');
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

/** stdout cannot be written: say so on stderr (one JSON document, code `output-failed`) and exit EXIT_OUTPUT. */
function outputFailed(err: NodeJS.ErrnoException): never {
  const reason = err.code ?? err.message;
  try {
    writeAll(
      2,
      serialize({
        ok: false,
        code: 'output-failed',
        error: `cannot write the result to stdout (${reason}); the state file may have been saved: run 'step' to see the current prompt`,
      }),
    );
  } catch {
    // stderr is gone too: the exit status is all that is left.
  }
  process.exit(EXIT_OUTPUT);
}

if (require.main === module) runMain();
