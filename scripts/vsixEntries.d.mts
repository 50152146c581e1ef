// Types of vsixEntries.mjs for the TypeScript tests.
export interface VsixEntry {
  name: string;
  size: number;
  compressedSize: number;
}
export function vsixEntries(file: string): VsixEntry[];
export function vsixProblems(
  entries: Array<{ name: string }>,
  manifest: {
    main?: string;
    bin?: Record<string, string>;
    contributes?: { jsonValidation?: Array<{ url: string }>; yamlValidation?: Array<{ url: string }> };
  },
): string[];
