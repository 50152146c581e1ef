// How a file is named in messages: project-relative with `/` separators when
// it lies inside the project, else as it is. Pure path arithmetic (no fs):
// the workspace, the store and the shells share it.

import * as path from 'node:path';

/** `abs` relative to `rootAbs` (host separators; `''` for the root itself), or null when it lies outside. */
export function relativeInside(rootAbs: string, abs: string): string | null {
  const rel = path.relative(rootAbs, abs);
  return rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel) ? null : rel;
}

/** `abs` relative to `projectRootAbs` with `/` separators when inside it; else `abs` unchanged. */
export function displayPath(projectRootAbs: string, abs: string): string {
  const rel = relativeInside(projectRootAbs, abs);
  if (!rel) return abs;
  return rel.split(path.sep).join('/');
}
