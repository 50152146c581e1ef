// Project paths without node:path: the core runs on any OS and never touches
// the file system. Stored paths are project-relative with `/`; roots are
// absolute in the host's own form (POSIX or Windows).

/** A task's state file is `<id>` + this, beside the task folder: `.okstra/tasks/<group>/<id>.wizard.json`. */
export const STATE_FILE_SUFFIX = '.wizard.json';

/** Whether a name listed in a group folder is a task's state file (`<id>.wizard.json`; not hidden, not the bare ending). */
export function isStateFileName(name: string): boolean {
  return name.endsWith(STATE_FILE_SUFFIX) && !name.startsWith('.') && name !== STATE_FILE_SUFFIX;
}

/** True for `/x`, `C:\x`, `C:/x` and `\\server\share`. */
export function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\');
}

function separatorOf(root: string): string {
  return !root.includes('/') && root.includes('\\') ? '\\' : '/';
}

function trimTrailingSep(root: string): string {
  let r = root;
  while (r.length > 1 && (r.endsWith('/') || r.endsWith('\\')) && !/^[A-Za-z]:[\\/]$/.test(r)) r = r.slice(0, -1);
  return r;
}

/** Collapses `.`/`..` segments of a relative path; null when it climbs out. */
function normaliseRelative(rel: string): string | null {
  const out: string[] = [];
  for (const seg of rel.replace(/\\/g, '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(seg);
  }
  return out.join('/');
}

/** Two absolute roots denote the same folder (separator and trailing-slash blind). */
export function sameRoot(a: string, b: string): boolean {
  const norm = (p: string) => trimTrailingSep(p).replace(/\\/g, '/');
  return norm(a) === norm(b);
}

/**
 * A path as stored: project-relative with `/`. Relative input is taken as
 * relative to the project. Returns null when the path lies outside the project.
 */
export function toProjectRelative(projectRoot: string, p: string): string | null {
  if (!isAbsolutePath(p)) return normaliseRelative(p);
  const root = trimTrailingSep(projectRoot).replace(/\\/g, '/');
  const abs = p.replace(/\\/g, '/');
  const windows = /^[A-Za-z]:/.test(root);
  const eq = (x: string, y: string) => (windows ? x.toLowerCase() === y.toLowerCase() : x === y);
  if (eq(abs, root)) return '';
  const prefix = root.endsWith('/') ? root : root + '/';
  if (abs.length > prefix.length && eq(abs.slice(0, prefix.length), prefix)) {
    return normaliseRelative(abs.slice(prefix.length));
  }
  return null;
}

/** The absolute form of a stored path (empty stays empty; absolute stays as it is). */
export function toAbsolute(projectRoot: string, stored: string): string {
  if (stored === '' || isAbsolutePath(stored) || projectRoot === '') return stored;
  const sep = separatorOf(projectRoot);
  const root = trimTrailingSep(projectRoot);
  return root + (root.endsWith(sep) ? '' : sep) + stored.split('/').join(sep);
}

/** Parent folder of an absolute path. */
export function parentDir(p: string): string {
  const t = trimTrailingSep(p);
  const i = Math.max(t.lastIndexOf('/'), t.lastIndexOf('\\'));
  if (i < 0) return t;
  if (i === 0) return t.slice(0, 1);
  if (/^[A-Za-z]:$/.test(t.slice(0, i))) return t.slice(0, i + 1);
  return t.slice(0, i);
}

/** Last segment of a path. */
export function baseName(p: string): string {
  const t = trimTrailingSep(p);
  const i = Math.max(t.lastIndexOf('/'), t.lastIndexOf('\\'));
  return i < 0 ? t : t.slice(i + 1);
}

/** `<root>/.okstra` in the root's own separator. */
export function okstraDir(projectRoot: string): string {
  return toAbsolute(projectRoot, '.okstra');
}
