// The commands of docs/protocol.md, each a thin shell around the wizard host (src/host): open the state file,
// ask, print the engine's document. The host saves only a successful init, submit, rewind or abort; what it
// cannot save is a load failure (exit 1) or, for an answer refused before saving (over the state's size limit),
// the refusal document (exit 0).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ParsedCommand } from './args';
import { UsageError } from './args';
import { EXIT_OK, exitStatusOf, loadFailure, type CliResult, type JsonDoc } from './output';
import { checkEnvironment, cliError, LoadError, openFreshWizard, openWizard, type CliHooks } from './openWizard';
import { pyReprString } from '../core/pyRepr';
import {
  currentDocument,
  initDocument,
  outcomeDocument,
  renderArgsDocument,
  runEnvironmentDocument,
  runProgram,
  stepDocument,
  treeDocument,
  teamsDocument,
  WizardRefusal,
  type ExpectedPrompt,
  type HostWizard,
  type StepResult,
} from '../host';

export type { CliHooks } from './openWizard';

interface CommandIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  hooks?: CliHooks;
}

type StateCommand = Exclude<ParsedCommand, { cmd: 'help' } | { cmd: 'version' } | { cmd: 'init' } | { cmd: 'doctor' } | { cmd: 'mcp' }>;
type InitCommand = Extract<ParsedCommand, { cmd: 'init' }>;

/** Exit 0 with the engine's document: success, a refused answer, or a prompt that cannot be computed. */
function printed(doc: JsonDoc): CliResult {
  return { exitCode: EXIT_OK, doc };
}

export async function runCommand(parsed: ParsedCommand, io: CommandIo): Promise<CliResult> {
  try {
    if (parsed.cmd === 'init') return runInit(parsed, io);
    if (parsed.cmd === 'doctor') return printed(runEnvironmentDocument(checkEnvironment(parsed.projectRoot, parsed.state, io)));
    if (parsed.cmd === 'help' || parsed.cmd === 'version' || parsed.cmd === 'mcp') throw new Error(`${parsed.cmd} is handled by main`);
    return runStateCommand(parsed, io);
  } catch (err) {
    if (err instanceof LoadError) return loadFailure(err.code, err.message);
    throw err;
  }
}

function runStateCommand(parsed: StateCommand, io: CommandIo): CliResult {
  const wizard = openWizard(parsed.state, io);
  switch (parsed.cmd) {
    case 'step': {
      // A plain step and --no-submit show the prompt and write nothing.
      if (parsed.answer === undefined) return printed(currentDocument(wizard.current(), wizard.fileRevision));
      const answer = parsed.answer;
      return saved(wizard, () => wizard.submit(answer, bindingOf(parsed.expected)));
    }
    case 'rewind':
      return saved(wizard, () => wizard.rewind(parsed.to, bindingOf(parsed.expected)));
    case 'abort':
      return saved(wizard, () => wizard.abort());
    case 'outcome':
      // The program Run would start, resolved on this process's PATH (docs/protocol.md › Documents).
      return printed(outcomeDocument(wizard.outcome(), runProgram(wizard, undefined, io.env)));
    case 'render-args':
      return printed(renderArgsDocument(wizard.renderArgs()));
    case 'tree':
      return printed(treeDocument(wizard.tree(), wizard.fileRevision));
    case 'teams':
      return printed(teamsDocument(wizard.teams()));
  }
}

function bindingOf(expected: ExpectedPrompt): { expected: ExpectedPrompt } {
  return { expected };
}

/**
 * An answer, a rewind or an abort: applied (and saved) only when the current prompt is the one it names
 * (`--prompt`, `--revision`; src/core/wizard/binding.ts). A refusal — by the binding or by the engine — writes
 * nothing (exit 0); a save that fails is a load failure, or the refusal document when the answer was refused.
 */
function saved(wizard: HostWizard, run: () => StepResult): CliResult {
  const read = wizard.fileRevision;
  let r: StepResult;
  try {
    r = run();
  } catch (err) {
    if (err instanceof WizardRefusal && exitStatusOf(err.code) === EXIT_OK) {
      return printed(
        stepDocument({ ok: false, code: err.code, error: err.message, notices: [...err.notices], current: err.current }, read),
      );
    }
    throw cliError(err);
  }
  return printed(stepDocument(r, r.ok ? wizard.fileRevision : read));
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
  const wizard = openFreshWizard(parsed.state, io, {
    projectRootAbs,
    hostRuntime: parsed.hostRuntime,
    entryMode: parsed.entryMode,
    availableFunctions: parsed.availableFunctions,
    force: parsed.force,
  });
  const write = (): void => {
    try {
      wizard.write(wizard.state);
    } catch (err) {
      throw cliError(err);
    }
  };

  if (parsed.task === undefined) {
    const cur = wizard.current();
    // Only a successful init writes: without a first prompt (a broken config) nothing is written.
    if (cur.prompt === null) return printed(currentDocument(cur, null));
    write();
    return printed(initDocument(cur, wizard.fileRevision));
  }

  // --task G/ID: init, then answer task-pick with the task key; a refusal writes nothing (exit 2).
  let known: boolean;
  try {
    known = wizard
      .ctx()
      .workspace.tasks()
      .some((t) => t.key === parsed.task);
  } catch (err) {
    // A catalogue that cannot be read is the prompt's business, not a usage error.
    const cur = wizard.current();
    if (cur.prompt === null) return printed(currentDocument(cur, null));
    throw err;
  }
  if (!known) throw new UsageError(`unknown task: ${pyReprString(parsed.task)}`);
  let r: StepResult;
  try {
    r = wizard.submit(parsed.task);
  } catch (err) {
    throw cliError(err);
  }
  if (!r.ok) throw new UsageError(r.error);
  return printed(initDocument(r, wizard.fileRevision));
}
