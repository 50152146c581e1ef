// What Run starts, decided before anything is written (docs/safety.md › Run): the okstra command (the setting,
// else config.yaml's okstraCommand as it is now), the exact argv, and the program resolved on PATH — shown in
// the confirmation. Persist actions are applied only after that, and each is checked again (a file inside the
// project, a key the engine sets, a value without control characters) and written through the store's
// Document-model edit (setConfigKey): a value never becomes YAML of its own.
import * as path from 'node:path';
import { okstraCommandArgv, type OkstraCommandSetting } from '../core/run';
import { pyReprString } from '../core/pyRepr';
import { WizardError } from '../core/types';
import type { PersistAction } from '../core/wizard/engine';
import { setConfigKey } from '../store';
import { findOnPath, isExecutableFile } from '../workspace/environment';
import { controlCharacterProblem, isInside, realPathOf } from './paths';
import type { HostWizard } from './wizard';

/** The okstra command of a project: the setting, else config.yaml's okstraCommand (null when unreadable: the default). */
function okstraCommandOf(wizard: HostWizard, setting: OkstraCommandSetting): string[] {
  let config = null;
  try {
    config = wizard.ctx().workspace.config();
  } catch (err) {
    if (!(err instanceof WizardError)) throw err;
  }
  return okstraCommandArgv(setting, config);
}

/** The program a command word names: a path (taken from `cwd`) or a name looked up on PATH; null when it cannot start. */
export function resolveProgram(program: string, cwd: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (!program || controlCharacterProblem(program)) return null;
  const looksLikePath = program.includes('/') || program.includes('\\');
  if (looksLikePath) {
    const abs = path.resolve(cwd, program);
    return isExecutableFile(abs) ? abs : null;
  }
  // A relative folder on PATH is found from this process's working folder: the path shown is absolute all the same.
  const found = findOnPath(program, env);
  return found === null ? null : path.resolve(found);
}

/** The program Run would start, as every confirmation shows it (the outcome documents' `program`). */
interface RunProgram {
  /** The okstra command words (the setting, else config.yaml's okstraCommand, else `okstra`). */
  command: string[];
  /** The executable its first word resolves to now (absolute), or null when it is not found or not executable. */
  path: string | null;
}

/** What Run would start for this wizard, resolved now against `env`'s PATH (a path word from the project root). */
export function runProgram(wizard: HostWizard, setting: OkstraCommandSetting, env: NodeJS.ProcessEnv = process.env): RunProgram {
  const command = okstraCommandOf(wizard, setting);
  return { command, path: resolveProgram(command[0]!, wizard.projectRootAbs, env) };
}

/** The keys a persist action may set (src/core/wizard/render.ts persistActions). */
const PERSISTED_KEYS = new Set(['prTemplate']);

/** Applies one persist action; returns what it did, for the log. Throws WizardError naming the file and key. */
export function applyPersistAction(projectRootAbs: string, action: PersistAction): string {
  if (action.action !== 'set-config')
    throw new WizardError('not-runnable', `unknown persist action ${pyReprString(String(action.action))}`);
  if (!PERSISTED_KEYS.has(action.key))
    throw new WizardError('not-runnable', `${action.file}: persist action may not set ${pyReprString(action.key)}`);
  const problem = controlCharacterProblem(action.value);
  if (problem)
    throw new WizardError('not-runnable', `${action.file}: ${action.key} ${pyReprString(action.value)} ${problem}; it is not saved`);
  const file = path.resolve(projectRootAbs, action.file);
  const rootReal = realPathOf(projectRootAbs) ?? projectRootAbs;
  // The folder is judged on its real path; the file itself may not be a link at all (the store refuses one).
  const folderReal = realPathOf(path.dirname(file));
  if (!isInside(projectRootAbs, file) || folderReal === null || !isInside(rootReal, folderReal)) {
    throw new WizardError('not-runnable', `${action.file}: persist action outside the project`);
  }
  setConfigKey(file, [action.key], action.value, { shownPath: action.file });
  return `${action.file}: ${action.key} = ${action.value}`;
}
