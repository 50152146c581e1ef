// How a file is named in messages: project-relative with `/` separators when
// it lies inside the project, else as it is. Pure path arithmetic (no fs):
// the workspace, the store and the shells share it.

import * as path from 'node:path';

/** A POSIX absolute path with no `.` or `..` segment and no doubled or trailing `/`: one path.relative need not resolve. */
function isPlainAbsolute(p: string): boolean {
  if (p.charCodeAt(0) !== 47 /* '/' */) return false;
  if (p.length === 1) return true;
  return !p.endsWith('/') && !p.includes('//') && !p.includes('/./') && !p.includes('/../') && !p.endsWith('/.') && !p.endsWith('/..');
}

/** `abs` relative to `rootAbs` (host separators; `''` for the root itself), or null when it lies outside. */
export function relativeInside(rootAbs: string, abs: string): string | null {
  // The usual case, two plain absolute paths on POSIX, by prefix: path.relative resolves both against the working
  // folder first, which a step that names many files pays for each (test/unit/files/displayPath.test.ts holds the
  // two to the same answers).
  if (path.sep === '/' && isPlainAbsolute(rootAbs) && isPlainAbsolute(abs)) {
    if (abs === rootAbs) return '';
    const prefix = rootAbs === '/' ? '/' : rootAbs + '/';
    return abs.startsWith(prefix) ? abs.slice(prefix.length) : null;
  }
  const rel = path.relative(rootAbs, abs);
  return rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel) ? null : rel;
}

/** `abs` relative to `projectRootAbs` with `/` separators when inside it; else `abs` unchanged. */
export function displayPath(projectRootAbs: string, abs: string): string {
  const rel = relativeInside(projectRootAbs, abs);
  if (!rel) return abs;
  return rel.split(path.sep).join('/');
}
