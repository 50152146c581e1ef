// Installs the built-in profiles and registry parsed at build time (src/cli/builtinData.ts), once per process.
import { installBuiltins } from '../core/roles/builtinData';
import { BUILTIN_DATA } from './builtinData';

let installed = false;

export function usePrebuiltBuiltins(): void {
  if (installed) return;
  installed = true;
  if (BUILTIN_DATA) installBuiltins(BUILTIN_DATA);
}
