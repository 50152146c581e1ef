// The speed-ups that depend on how the product was built, called from this one place (so that dropping one is
// one line here): the built-in profiles parsed at build time (src/core/roles/builtinData.ts; the CLI's bundle
// passes them) and, for a long-lived process, node:crypto's hash for every size (src/store/atomicWrite.ts).
import { installBuiltins, type BuiltinData } from '../core/roles/builtinData';
import { useNativeSha256 } from '../store';

let installed = false;

export function useBuildTricks(options: { longLived: boolean; builtinData: BuiltinData | null }): void {
  if (!installed && options.builtinData) {
    installed = true;
    installBuiltins(options.builtinData);
  }
  if (options.longLived) useNativeSha256();
}
