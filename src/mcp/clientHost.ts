// The host runtime a wizard_init without `hostRuntime` gets (docs/mcp.md › The host runtime): the one the MCP
// client's name (`clientInfo.name` of `initialize`) tells, else none (the server's default, claude-code).

/** Client names, as MCP hosts send them, and the host runtime each one is (core/roles/hostRegistry.ts). */
const CLIENT_HOSTS: ReadonlyArray<{ pattern: RegExp; hostRuntime: string }> = [
  { pattern: /^claude[- ]?code\b/i, hostRuntime: 'claude-code' },
  { pattern: /\bcodex\b/i, hostRuntime: 'codex' },
  { pattern: /\bantigravity\b/i, hostRuntime: 'antigravity' },
  { pattern: /^(visual studio code|vscode|vs code)\b/i, hostRuntime: 'vscode' },
];

/** The host runtime of an MCP client, from its name; undefined when the name tells none. */
export function hostRuntimeOfClient(client: { name?: string } | undefined): string | undefined {
  const name = client?.name ?? '';
  return CLIENT_HOSTS.find((c) => c.pattern.test(name))?.hostRuntime;
}
