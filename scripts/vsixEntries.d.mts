// Types of vsixEntries.mjs for the TypeScript tests.
export interface VsixEntry {
  name: string;
  size: number;
  compressedSize: number;
  /** The zip compression method (0 stored, 8 deflated). */
  method: number;
  /** The offset of the entry's local header. */
  offset: number;
}
export function vsixEntries(file: string): VsixEntry[];
export function vsixEntryText(file: string, name: string): string | null;
export function vsixProblems(
  entries: Array<{ name: string }>,
  manifest: {
    main?: string;
    bin?: Record<string, string>;
    contributes?: { jsonValidation?: Array<{ url: string }>; yamlValidation?: Array<{ url: string }> };
  },
): string[];
