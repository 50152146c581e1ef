// Types of dependencies.mjs for the TypeScript tests.
export function dependencyProblem(root: string): string | null;
export function ensureDependencies(root: string, who: string): boolean;
