// The built-in profiles and registry, parsed at build time (src/core/roles/builtinData.ts). This file is what
// runs from source (tests, tsx): nothing prebuilt, every file is parsed at run time. The CLI's bundles get a
// replacement from scripts/builtinData.mjs that holds the parsed data of the shipped profiles/.
import type { BuiltinData } from '../core/roles/builtinData';

export const BUILTIN_DATA: BuiltinData | null = null;
