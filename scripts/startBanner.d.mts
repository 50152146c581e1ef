// Types of startBanner.mjs for the TypeScript tests.
export function startBanner(o: {
  url: string;
  port: number;
  wanted: number;
  workspace: string;
  copy: string;
  env: Record<string, string | undefined>;
}): string;
