// Types of bundles.mjs for the TypeScript tests and the bench.
import type { BuildOptions, Plugin } from 'esbuild';

export interface LazyRequireRule {
  /** The bundle file next to the importer's bundle (`engine.js`). */
  file: string;
  /** Root-relative importers whose lazy requires the rule resolves; a trailing `*` is a prefix. */
  importers: string[];
  /** Root-relative module paths without extension, as the lazy `require()`s name them. */
  modules: string[];
}
export const LAZY_REQUIRES: LazyRequireRule[];
export const LAZY_ENTRIES: Record<string, string>;
export function lazyBundleOf(root: string, importerAbs: string, specifier: string): string | undefined;
export function lazyRequirePlugin(root: string): Plugin;
export const NODE_BUNDLE: BuildOptions;
type Options = { root: string; outdir: string; common?: BuildOptions; release: boolean };
export function extensionBundles(o: Options): Array<BuildOptions & { name: string }>;
export function cliBundles(o: Options): Array<BuildOptions & { name: string }>;
export function productBundles(o: Options): Array<BuildOptions & { name: string }>;
