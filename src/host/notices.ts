// Notices once (docs/mcp.md › Notices): a long-lived front end that answers many calls for one wizard (the MCP
// server, the language-model tools) reports each notice the first time a result of that wizard carries it, and leaves
// it out of later results while its words stay the same. The reads an agent catches up with (the current prompt, the
// tree) always carry every notice in force; a new wizard of the task starts afresh.

export class NoticeLedger {
  private readonly reported = new Map<string, Set<string>>();

  /** The notices of a result for wizard `key` that were not reported before; all of them are reported from now on. */
  fresh(key: string, notices: readonly string[] | undefined): string[] {
    if (!notices || notices.length === 0) return [];
    let seen = this.reported.get(key);
    if (!seen) {
      seen = new Set();
      this.reported.set(key, seen);
    }
    const out = notices.filter((n) => !seen.has(n));
    for (const n of notices) seen.add(n);
    return out;
  }

  /** Records notices as reported (a read that shows them all). */
  seen(key: string, notices: readonly string[] | undefined): void {
    this.fresh(key, notices);
  }

  /** A new wizard of the task: nothing of it was reported yet. */
  forget(key: string): void {
    this.reported.delete(key);
  }
}
