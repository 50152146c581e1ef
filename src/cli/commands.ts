// The commands of cli.md, each a thin shell around the engine facade: load
// (store + codec + prepare), ask the engine, save only on success, print the
// engine's document. What writes and what does not is decided here, in one
// place: only a successful init, submit, rewind or abort calls `save`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ParsedCommand } from './args';
import { UsageError } from './args';
import { EXIT_OK, loadFailure, type CliResult, type JsonDoc } from './output';
import { LoadError, openFreshSession, openSession, type CliHooks } from './session';
import { pyReprString } from '../core/pyRepr';
import * as engine from '../core/wizard/engine';

export type { CliHooks } from './session';

export interface CommandIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  hooks?: CliHooks;
}

type StateCommand = Exclude<ParsedCommand, { cmd: 'help' } | { cmd: 'version' } | { cmd: 'init' }>;
type InitCommand = Extract<ParsedCommand, { cmd: 'init' }>;

/** Exit 0 with the engine's document: success, a refused answer, or a prompt that cannot be computed. */
function printed(doc: object): CliResult {
  return { exitCode: EXIT_OK, doc: doc as JsonDoc };
}

export async function runCommand(parsed: ParsedCommand, io: CommandIo): Promise<CliResult> {
  try {
    if (parsed.cmd === 'init') return runInit(parsed, io);
    if (parsed.cmd === 'help' || parsed.cmd === 'version') throw new Error(`${parsed.cmd} is handled by main`);
    return runStateCommand(parsed, io);
  } catch (err) {
    if (err instanceof LoadError) return loadFailure(err.code, err.message);
    throw err;
  }
}

function runStateCommand(parsed: StateCommand, io: CommandIo): CliResult {
  const session = openSession(parsed.state, io);
  const { ctx, state, carried } = session;
  switch (parsed.cmd) {
    case 'step': {
      // A plain step and --no-submit show the prompt and write nothing.
      if (parsed.answer === undefined) return printed(engine.current(ctx, state, carried).doc);
      const r = engine.submit(ctx, state, parsed.answer, carried);
      if (r.ok) session.save(r.state, io.hooks);
      return printed(r.doc);
    }
    case 'rewind': {
      const r = engine.rewind(ctx, state, parsed.to, carried);
      if (r.ok) session.save(r.state, io.hooks);
      return printed(r.doc);
    }
    case 'abort': {
      const r = engine.abort(ctx, state, carried);
      if (r.ok) session.save(r.state, io.hooks);
      return printed(r.doc);
    }
    case 'outcome':
      return printed(engine.outcome(ctx, state, carried).doc);
    case 'render-args':
      return printed(engine.renderArgs(ctx, state, carried).doc);
    case 'tree':
      return printed(engine.tree(ctx, state, carried).doc);
  }
}

function runInit(parsed: InitCommand, io: CommandIo): CliResult {
  const projectRootAbs = path.resolve(io.cwd, parsed.projectRoot);
  let isDir = false;
  try {
    isDir = fs.statSync(projectRootAbs).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new UsageError(`--project-root is not a directory: ${pyReprString(parsed.projectRoot)}`);
  const session = openFreshSession(parsed.state, io, {
    projectRootAbs,
    hostRuntime: parsed.hostRuntime,
    entryMode: parsed.entryMode,
    availableFunctions: parsed.availableFunctions,
    force: parsed.force,
  });
  const { ctx, state } = session;

  if (parsed.task === undefined) {
    const cur = engine.current(ctx, state);
    // Only a successful init writes: without a first prompt (a broken config) nothing is written.
    if (cur.prompt === null) return printed(cur.doc);
    session.save(state, io.hooks);
    const { current, ...rest } = cur.doc as unknown as { current: unknown } & Record<string, unknown>;
    return printed({ ...rest, next: current });
  }

  // --task G/ID: init, then answer task-pick with the task key; a refusal writes nothing (exit 2).
  let known: boolean;
  try {
    known = session.isTaskKey(parsed.task);
  } catch (err) {
    // A catalogue that cannot be read is the prompt's business, not a usage error.
    const cur = engine.current(ctx, state);
    if (cur.prompt === null) return printed(cur.doc);
    throw err;
  }
  if (!known) throw new UsageError(`unknown task: ${pyReprString(parsed.task)}`);
  const r = engine.submit(ctx, state, parsed.task);
  if (!r.ok) throw new UsageError(r.error);
  session.save(r.state, io.hooks);
  const { echo: _echo, ...rest } = r.doc as unknown as { echo: unknown } & Record<string, unknown>;
  return printed(rest);
}
