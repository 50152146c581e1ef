// Parsing is pure, so a parsed file can be reused while its text is the same:
// the workspace hands the same text on every operation until the file
// changes, and re-parsing a 500-model registry per prompt would dominate the
// prompt's cost (docs/performance.md P2). Keyed by path and full text; a few entries.

export class ParseCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly limit = 16) {}

  get(path: string, text: string, parse: () => T): T {
    const key = `${path}\u0000${text}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Refresh recency.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = deepFreeze(parse()); // a parse error is thrown, not cached; shared values stay read-only
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    const children = value instanceof Map ? [...value.values()] : Object.values(value as object);
    for (const child of children) deepFreeze(child);
  }
  return value;
}

/**
 * Values parsed ahead of time (at build time: src/core/roles/builtinData.ts), each with the exact text it was
 * parsed from. A lookup hits only for the same key and the same text, so a file that differs from what was
 * built is parsed as usual: the result is always what parsing this text gives.
 */
export class PrebuiltParses<T> {
  private readonly entries = new Map<string, { text: string; value: T }>();

  add(key: string, text: string, value: T): void {
    this.entries.set(key, { text, value });
  }

  get(key: string, text: string): T | undefined {
    const hit = this.entries.get(key);
    return hit !== undefined && hit.text === text ? hit.value : undefined;
  }
}
