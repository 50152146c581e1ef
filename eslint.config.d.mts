// Types of eslint.config.mjs for the TypeScript tests.
import type { Linter } from 'eslint';
export const CORE_FORBIDDEN: string[];
declare const config: Linter.Config[];
export default config;
