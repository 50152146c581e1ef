// Where the package lives: the built-in profiles (`profiles/`) and the
// version (package.json) are found relative to the running script —
// `dist/cli.js` → `..` once bundled, `src/cli/*.ts` → `../..` under tsx.
import * as fs from 'node:fs';
import * as path from 'node:path';

let cached: { root: string; version: string } | undefined;

export function packageInfo(): { root: string; version: string } {
  if (cached) return cached;
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    try {
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'okstra-wizard' && typeof pkg.version === 'string') {
        cached = { root: dir, version: pkg.version };
        return cached;
      }
    } catch {
      // not here (or unreadable): keep walking up
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`okstra-wizard: package.json not found above ${__dirname}`);
    dir = parent;
  }
}

/** The built-in role profiles and model registry of the package. */
export function builtinProfilesDir(): string {
  return path.join(packageInfo().root, 'profiles');
}
