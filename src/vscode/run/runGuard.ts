// Why Run may not start, as plain data (R6): an untrusted workspace never runs
// okstra nor applies persist actions; prompts still work.

interface RunGuardInput {
  isTrusted: boolean;
}

export function runRefusal(input: RunGuardInput, t: (message: string) => string): string | null {
  if (!input.isTrusted) return t('Run is disabled in an untrusted workspace: trust this workspace (Manage Workspace Trust) to run okstra.');
  return null;
}
