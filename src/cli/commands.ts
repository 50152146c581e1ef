// The commands of docs/protocol.md, each a thin shell around the engine facade: load
// (store + codec + prepare), ask the engine, save only on success, print the
// engine's document. What writes and what does not is decided here, in one
// place: only a successful init, submit, rewind or abort calls `save`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ParsedCommand } from './args';
import { UsageError } from './args';
import { EXIT_OK, loadFailure, type CliResult, type JsonDoc } from './output';
import { currentDocument, initDocument, outcomeDocument, renderArgsDocument, stepDocument, treeDocument } from './documents';
import { LoadError, openFreshSession, openSession, type CliHooks, type Session } from './session';
import type { ExpectedPrompt } from '../core/wizard/binding';
import { pyReprString } from '../core/pyRepr';
import * as engine from '../core/wizard/engine';

export type { CliHooks } from './session';

interface CommandIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  hooks?: CliHooks;
}

type StateCommand = Exclude<ParsedCommand, { cmd: 'help' } | { cmd: 'version' } | { cmd: 'init' } | { cmd: 'mcp' }>;
type InitCommand = Extract<ParsedCommand, { cmd: 'init' }>;

/** Exit 0 with the engine's document: success, a refused answer, or a prompt that cannot be computed. */
function printed(doc: JsonDoc): CliResult {
  return { exitCode: EXIT_OK, doc };
}

export async function runCommand(parsed: ParsedCommand, io: CommandIo): Promise<CliResult> {
  try {
    if (parsed.cmd === 'init') return runInit(parsed, io);
    if (parsed.cmd === 'help' || parsed.cmd === 'version' || parsed.cmd === 'mcp') throw new Error(`${parsed.cmd} is handled by main`);
    return runStateCommand(parsed, io);
  } catch (err) {
    if (err instanceof LoadError) return loadFailure(err.code, err.message);
    throw err;
  }
}

function runStateCommand(parsed: StateCommand, io: CommandIo): CliResult {
  const session = openSession(parsed.state, io);
  const { ctx, state, carried, revision } = session;
  switch (parsed.cmd) {
    case 'step': {
      // A plain step and --no-submit show the prompt and write nothing.
      if (parsed.answer === undefined) return printed(currentDocument(engine.current(ctx, state, carried), revision));
      const answer = parsed.answer;
      return bound(session, parsed.expected, (b) => engine.submit(ctx, state, answer, carried, b), io);
    }
    case 'rewind':
      return bound(session, parsed.expected, (b) => engine.rewind(ctx, state, parsed.to, carried, b), io);
    case 'abort': {
      const r = engine.abort(ctx, state, carried);
      return printed(stepDocument(r, r.ok ? session.save(r.state, io.hooks) : revision));
    }
    case 'outcome':
      return printed(outcomeDocument(engine.outcome(ctx, state, carried)));
    case 'render-args':
      return printed(renderArgsDocument(engine.renderArgs(ctx, state, carried)));
    case 'tree':
      return printed(treeDocument(engine.tree(ctx, state, carried)));
  }
}

/**
 * An answer or a rewind, applied only when the current prompt is the one it names (`--prompt`, `--revision`;
 * src/core/wizard/binding.ts, checked by the engine against the prompt it computes for the step). A refusal — by
 * the binding or by the engine — writes nothing (exit 0).
 */
function bound(
  session: Session,
  expected: ExpectedPrompt,
  run: (binding: engine.PromptBinding) => engine.StepResult,
  io: CommandIo,
): CliResult {
  const r = run({ expected, revision: session.revision });
  return printed(stepDocument(r, r.ok ? session.save(r.state, io.hooks) : session.revision));
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
    if (cur.prompt === null) return printed(currentDocument(cur, null));
    return printed(initDocument(cur, session.save(state, io.hooks)));
  }

  // --task G/ID: init, then answer task-pick with the task key; a refusal writes nothing (exit 2).
  let known: boolean;
  try {
    known = session.isTaskKey(parsed.task);
  } catch (err) {
    // A catalogue that cannot be read is the prompt's business, not a usage error.
    const cur = engine.current(ctx, state);
    if (cur.prompt === null) return printed(currentDocument(cur, null));
    throw err;
  }
  if (!known) throw new UsageError(`unknown task: ${pyReprString(parsed.task)}`);
  const r = engine.submit(ctx, state, parsed.task);
  if (!r.ok) throw new UsageError(r.error);
  return printed(initDocument(r, session.save(r.state, io.hooks)));
}
