// A run's agents and the configured team they are, from the plain data of its manifest and inputs.json (no file
// system): the Tasks view's run rows (src/vscode/tasks/runRows.ts) and the agent tool wizard_task_runs
// (src/host/toolBodies.ts) read a run (src/workspace/runHistory.ts) with them.

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A run's agents per role, as its inputs.json gives them (`roleModels`, and `roleCounts` of 0 for a role it had
 * none of), the leader first and the report writer last, the others in the order written; null when the inputs name none (or only the version-1 keys).
 */
export function runAgents(inputs: Record<string, unknown> | null): Record<string, string[]> | null {
  if (!inputs) return null;
  const models = isRecord(inputs.roleModels) ? inputs.roleModels : {};
  const counts = isRecord(inputs.roleCounts) ? inputs.roleCounts : {};
  const out: Record<string, string[]> = {};
  const roles = [...new Set([...Object.keys(models), ...Object.keys(counts)])];
  // As the profiles list them: the leader first, the report writer last.
  const rank = (r: string) => (r === 'leader' ? 0 : r === 'report-writer' ? 2 : 1);
  roles.sort((a, b) => rank(a) - rank(b));
  for (const role of roles) {
    const m = models[role];
    if (Array.isArray(m) && m.length > 0 && m.every((x) => typeof x === 'string')) out[role] = [...(m as string[])];
    else if (counts[role] === 0) out[role] = [];
  }
  return Object.keys(out).length > 0 ? out : null;
}

function sameModels(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The first team whose agents are the run's: the same models for every role of either (none on both sides counts as equal). */
export function teamOfAgents<T extends { roles: Record<string, string[]> }>(
  agents: Record<string, string[]>,
  teams: readonly T[],
): T | null {
  return (
    teams.find((t) => {
      const roles = new Set([...Object.keys(t.roles), ...Object.keys(agents)]);
      return [...roles].every((r) => sameModels(t.roles[r] ?? [], agents[r] ?? []));
    }) ?? null
  );
}

/** `2026-11-20-1` → that day; a run's own `startedAt` first. Null when neither is a date. */
export function runDate(record: { runId: string; startedAt: string }): Date | null {
  if (record.startedAt) {
    const d = new Date(record.startedAt);
    if (!Number.isNaN(d.getTime())) return d;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[-_T])/.exec(record.runId);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 ? d : null;
}
