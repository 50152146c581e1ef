// The checks that keep a value from disk off okstra's command line when it
// would be read as an option or lead outside the project: used by the guard
// where renderArgv is made (argvGuard.ts) and by the steps, which refuse such
// a value at its source (a task folder, a plan stage, a run id, a previous
// run's inputs, a path). Paths are judged on real paths (WorkspacePort.realPath).
import type { WorkspacePort } from '../ports';
import { pyReprString } from '../pyRepr';
import { baseName, parentDir, STATE_FILE_SUFFIX, toAbsolute, toProjectRelative } from './paths';

/** The reason a value may not follow a flag of okstra's command line; null when it may. */
export function dashProblem(value: string): string | null {
  return value.startsWith('-') ? "starts with '-' (okstra would read it as an option)" : null;
}

/** The reason a name may not be an item of a comma-joined list (`--stages`, `--related-tasks`); null when it may. */
export function listItemProblem(value: string): string | null {
  return dashProblem(value) ?? (value.includes(',') ? "contains ',' (okstra splits the list there)" : null);
}

/**
 * The real path of `abs`: symlinks resolved. A path that does not exist (yet)
 * resolves through its deepest existing folder. Null when nothing of it can be
 * resolved (a loop, no permission).
 */
function resolveReal(ws: WorkspacePort, abs: string): string | null {
  const rest: string[] = [];
  let p = abs;
  for (let i = 0; i < 256; i++) {
    const real = ws.realPath(p);
    if (real !== null) return rest.length ? toAbsolute(real, rest.reverse().join('/')) : real;
    const up = parentDir(p);
    if (up === p) return null;
    rest.push(baseName(p));
    p = up;
  }
  return null;
}

/** The project root, resolved (itself when it cannot be resolved: then nothing resolves inside it). */
function realRoot(ws: WorkspacePort, projectRoot: string): string {
  return ws.realPath(projectRoot) ?? projectRoot;
}

/**
 * The reason a path (absolute, or relative to the project) is not inside the
 * project once symlinks are resolved; null when it is.
 */
export function outsideProblem(ws: WorkspacePort, projectRoot: string, p: string): string | null {
  const abs = toAbsolute(projectRoot, p);
  const real = resolveReal(ws, abs);
  if (real === null) return 'cannot be resolved (a symlink loop, or no permission)';
  const rel = toProjectRelative(realRoot(ws, projectRoot), real);
  if (rel === null) return `resolves outside the project (to ${pyReprString(real)})`;
  return null;
}

/** The longest name the store makes from a state file's name: `.<id>.wizard.json.lock.tmp-<pid>-<12 hex>`. */
const STATE_NAME_OVERHEAD = '.'.length + STATE_FILE_SUFFIX.length + '.lock'.length + '.tmp-'.length + 10 + '-'.length + 12;
/** The longest file name most file systems take, in bytes. */
const NAME_MAX = 255;

/**
 * Why a task id cannot name a state file: `<id>.wizard.json` is read and written through temporaries
 * with longer names, which must fit in a file name (255 bytes). Null when it can.
 */
export function stateNameProblem(id: string): string | null {
  // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4): most ids are surely short
  // enough without being encoded (the task picker asks this of every task, P3).
  if (id.length * 3 + STATE_NAME_OVERHEAD <= NAME_MAX) return null;
  const bytes = new TextEncoder().encode(id).length;
  if (bytes + STATE_NAME_OVERHEAD <= NAME_MAX) return null;
  return `is too long for its state file (${bytes} bytes; '<id>.wizard.json' and its temporaries must fit in ${NAME_MAX} bytes, so at most ${NAME_MAX - STATE_NAME_OVERHEAD})`;
}

/**
 * An absolute path judged after resolving it, the project root included: the project-relative path of what it
 * names when that lies inside the project (a file reached through the real path of a symlinked root, or
 * through `<root>/../<root>/…`), else null.
 */
export function resolvedProjectRelative(ws: WorkspacePort, projectRoot: string, p: string): string | null {
  const real = resolveReal(ws, p);
  if (real === null) return null;
  const rel = toProjectRelative(realRoot(ws, projectRoot), real);
  return rel === null || rel === '' ? null : rel;
}

/** C0 and C1 control characters and DEL: never part of a path a person types or a file the wizard names. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The reason a path may not be used because it holds a control character (a newline, a tab, ESC); null when it may. */
export function controlProblem(value: string): string | null {
  const m = CONTROL.exec(value);
  if (!m) return null;
  return `contains the control character U+${m[0].charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
}
