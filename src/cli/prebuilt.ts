// The built-in profiles and registry parsed at build time (scripts/builtinData.ts writes them to dist/builtins.json,
// next to the CLI's bundles), installed once per process so that a one-shot command does not parse that YAML again
// (docs/performance.md › Start-up). Run from source (tests, tsx) there is no such file beside this module, and
// every file is parsed at run time; an unreadable or broken file is the same as none.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installBuiltins, type BuiltinData } from '../core/roles/builtinData';

/** The data file's name, next to the bundle that reads it. */
export const BUILTIN_DATA_FILE = 'builtins.json';

const installedFrom = new Set<string>();

/** Installs the prebuilt data of `dir` (the bundle's own folder), once per process and folder. */
export function usePrebuiltBuiltins(dir: string = __dirname): void {
  if (installedFrom.has(dir)) return;
  installedFrom.add(dir);
  try {
    const data = JSON.parse(readFileSync(join(dir, BUILTIN_DATA_FILE), 'utf8')) as BuiltinData;
    installBuiltins(data);
  } catch {
    // none, or not this build's: every file is parsed at run time
  }
}
