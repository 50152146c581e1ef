// Types of eslint.config.mjs for the TypeScript tests.
import type { Linter } from 'eslint';
export const CORE_FORBIDDEN: string[];
/** Which folder of src/ may import which (the `layers/imports` rule). */
export const LAYERS: Record<string, string[]>;
declare const config: Linter.Config[];
export default config;
