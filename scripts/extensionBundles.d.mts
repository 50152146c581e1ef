// Types of extensionBundles.mjs for the TypeScript tests and the bench.
import type { BuildOptions, Plugin } from 'esbuild';

export interface LazyBundleRule {
  /** The bundle's name in the build's report. */
  name: string;
  /** Its entry point; absent on a rule that only points more modules at a bundle another rule builds. */
  entry?: string;
  /** The file next to dist/extension.js (`engine.js`). */
  file: string;
  /** Root-relative module paths without extension, as the shell's lazy `require()`s name them. */
  modules: string[];
  /** Only these importers' lazy requires (root-relative .ts paths). */
  from?: string[];
}
export const LAZY_BUNDLES: LazyBundleRule[];
export function lazyBundlesPlugin(root: string): Plugin;
export function extensionBundles(o: {
  root: string;
  outdir: string;
  common: BuildOptions;
  release: boolean;
}): Array<BuildOptions & { name: string }>;
