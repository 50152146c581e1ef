// Types of publishing.mjs for the TypeScript tests.
export function imageLinks(markdown: string): string[];
export function repositoryUrl(manifest: Record<string, unknown>): string | null;
export function vscePackageArgs(o: {
  manifest: Record<string, unknown>;
  marketplace: boolean;
  baseUrl?: string;
  baseImagesUrl?: string;
  out: string;
}): { ok: true; args: string[]; notes: string[] } | { ok: false; error: string };
export function readmeImageProblems(markdown: string, o: { exists: (file: string) => boolean; absolute: boolean }): string[];
