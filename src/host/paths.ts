// Every check of a path that a front end is given or finds, in one place (docs/architecture.md › The host): a
// task key and the state file it names, an `init --state` path, the project root. Paths are judged after their
// links are resolved — the project root's too — and a file-system error while judging one is a refusal in
// words, never an exception.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fsErrorProblem } from '../core/files';
import { pyReprString } from '../core/pyRepr';
import { WizardError } from '../core/types';
import { projectRootOfStateDir } from '../core/wizard/engine';
import { controlProblem } from '../core/wizard/argSafety';
import { STATE_FILE_SUFFIX } from '../core/wizard/paths';
import { stateFilePathFor } from '../store';

/** `<group>/<id>`: two path segments, neither empty, `.`/`..`, nor starting with `-` or `.`. */
export const TASK_KEY_PATTERN = /^(?![.-])[^/\\\0]+\/(?![.-])[^/\\\0]+$/;

/** The reason a name or path may not be used because of a control character in it; null when it may (one rule: core/wizard/argSafety.ts). */
export const controlCharacterProblem = controlProblem;

/** The real path of `p` (links resolved), or of its deepest existing folder joined with the rest; null on a loop or an error. */
export function realPathOf(p: string): string | null {
  const rest: string[] = [];
  let cur = p;
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(cur), ...rest.reverse());
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return null;
    }
    const up = path.dirname(cur);
    if (up === cur) return null;
    rest.push(path.basename(cur));
    cur = up;
  }
}

/** Does `real` lie inside (or at) `rootReal`? Both real paths. */
export function isInside(rootReal: string, real: string): boolean {
  const rel = path.relative(rootReal, real);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The project root with its links resolved; a root that cannot be resolved is refused. */
function realProjectRoot(projectRootAbs: string): string {
  const real = realPathOf(projectRootAbs);
  if (real === null)
    throw new WizardError(
      'usage',
      `the project folder cannot be resolved (a symlink loop, or no permission): ${pyReprString(projectRootAbs)}`,
    );
  return real;
}

/** Refuses a task key that is not `<group>/<id>` (a `usage` error). */
function checkTaskKey(task: string): [group: string, id: string] {
  if (typeof task !== 'string' || !TASK_KEY_PATTERN.test(task) || task.split('/').some((s) => s === '.' || s === '..')) {
    throw new WizardError('usage', `not a task key '<group>/<id>': ${pyReprString(String(task))}`);
  }
  const problem = controlCharacterProblem(task);
  if (problem) throw new WizardError('usage', `not a task key '<group>/<id>': ${pyReprString(task)} ${problem}`);
  return task.split('/') as [string, string];
}

/**
 * The state file of a task of the project (`.okstra/tasks/<group>/<id>.wizard.json`), refused when its folder
 * resolves outside the project (a symlinked group folder into another project): a wizard is never read or
 * written in another project through a link.
 */
export function taskStatePath(projectRootAbs: string, task: string): string {
  const [group, id] = checkTaskKey(task);
  const statePath = stateFilePathFor(projectRootAbs, group, id);
  realProjectRoot(projectRootAbs);
  const shown = path.relative(projectRootAbs, statePath);
  if (realPathOf(statePath) === null) throw new WizardError('usage', `${shown}: cannot be resolved (a symlink loop, or no permission)`);
  refuseLinkedOut(statePath, shown);
  return statePath;
}

/**
 * Refuses a state file named inside a project's tasks folder whose real path lies outside that project (a task
 * group folder, or the file itself, linked into another project), and one whose task folder beside it
 * (`<group>/<id>/`, its manifest, brief and runs) does: a wizard is never read, written or run with another
 * project's files through a link, whichever front end names it. A path outside every tasks folder is not judged
 * here.
 */
export function refuseLinkedOut(statePathAbs: string, shown: string): void {
  const resolved = path.resolve(statePathAbs);
  const spelled = projectRootOfStateDir(path.dirname(resolved));
  if (spelled === null) return;
  const rootReal = realPathOf(spelled);
  if (rootReal === null) return;
  const real = realPathOf(statePathAbs);
  if (real !== null && !isInside(rootReal, real)) {
    throw new WizardError(
      'usage',
      `${shown}: lies outside the project once links are resolved (it resolves to ${pyReprString(real)}); a task's wizard is kept inside its project`,
    );
  }
  if (!resolved.endsWith(STATE_FILE_SUFFIX)) return;
  const taskDir = resolved.slice(0, -STATE_FILE_SUFFIX.length);
  const taskReal = realPathOf(taskDir);
  if (taskReal === null || isInside(rootReal, taskReal)) return;
  const shownTask = shown.endsWith(STATE_FILE_SUFFIX) ? shown.slice(0, -STATE_FILE_SUFFIX.length) : taskDir;
  throw new WizardError(
    'usage',
    `${shownTask}: lies outside the project once links are resolved (the task folder resolves to ${pyReprString(taskReal)}); a task is used only inside its project`,
  );
}

/**
 * Where a state file named on a command line really lies, and the project it belongs to: the project whose tasks
 * folder holds its real path (a state file reached through a link is judged where it is), else the folder the
 * path names. `foundInDir` is the real folder.
 */
export function locateStateFile(statePathAbs: string): { real: string; foundInDir: string; projectRoot: string | null } {
  const real = realPathOf(statePathAbs) ?? statePathAbs;
  const foundInDir = path.dirname(real);
  return { real, foundInDir, projectRoot: projectRootOfStateDir(foundInDir) };
}

/** `lstat` that answers a refusal in words (`usage`) instead of throwing (a name over 255 bytes, a file as a folder, a loop, no permission). */
function lstatOrRefuse(shown: string, p: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(p, { throwIfNoEntry: false });
  } catch (e) {
    throw new WizardError('usage', `${shown}: cannot be used as a state file: ${fsErrorProblem(e)}; choose another path`);
  }
}

/**
 * `init --state` may not be a symlink loop, nor lie (links resolved) in the tasks folder of a project other than
 * the one given; a path that cannot even be looked at (ENAMETOOLONG, ENOTDIR, ELOOP, EACCES) is refused in words.
 * Returns whether the file exists.
 */
export function checkInitStatePath(shown: string, statePathAbs: string, projectRootAbs: string): boolean {
  const problem = controlCharacterProblem(statePathAbs);
  if (problem) throw new WizardError('usage', `${pyReprString(shown)}: a state file path ${problem}; choose another path`);
  const lst = lstatOrRefuse(shown, statePathAbs);
  if (lst?.isSymbolicLink() && realPathOf(statePathAbs) === null) {
    throw new WizardError('usage', `${shown}: is a symlink loop (or a link that cannot be resolved); choose another path`);
  }
  // The folder it would be created in must be reachable too (a parent that is a file, an unsearchable one).
  if (!lst) lstatOrRefuse(shown, path.dirname(statePathAbs));
  const { projectRoot: owner } = locateStateFile(statePathAbs);
  const root = realPathOf(projectRootAbs) ?? projectRootAbs;
  if (owner !== null && path.resolve(owner) !== path.resolve(root)) {
    throw new WizardError(
      'usage',
      `${shown}: lies in the tasks folder of another project (${owner}), not of --project-root ${projectRootAbs}; use --project-root ${owner} or another --state`,
    );
  }
  if (lst?.isDirectory()) throw new WizardError('usage', `${shown}: is a folder, not a state file; choose another path`);
  refuseLinkedOut(statePathAbs, shown);
  return lst !== undefined;
}
