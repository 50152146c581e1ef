export function pngSize(bytes: Uint8Array): { width: number; height: number } | null;
export function marketplaceProblems(
  manifest: Record<string, unknown>,
  entries: Array<{ name: string }>,
  root: string,
): { problems: string[]; warnings: string[] };
