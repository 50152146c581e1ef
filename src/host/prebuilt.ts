// The built-in profiles and registry parsed at build time (scripts/builtinData.ts writes them to dist/builtins.json,
// next to the CLI's bundles), installed once per process so that a one-shot command does not parse that YAML again
// (docs/performance.md › Start-up). Run from source (tests, tsx) there is no such file beside this module, and
// every file is parsed at run time; an unreadable or broken file is the same as none.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installBuiltins, type BuiltinData } from '../core/roles/builtinData';
import { WizardHost } from './host';

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

/**
 * The wizard host of a process whose bundle has the prebuilt data beside it: the CLI (session.ts) and the MCP server
 * (src/mcp/servedProject.ts) both open theirs here, so that the data is installed before any host reads a profile. The
 * extension does not: its engine bundle reads the built-in profiles folder it ships.
 */
export function prebuiltHost(options: ConstructorParameters<typeof WizardHost>[0]): WizardHost {
  usePrebuiltBuiltins();
  return new WizardHost(options);
}
