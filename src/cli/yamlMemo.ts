// The YAML memo of one-shot commands (docs/performance.md › CLI start-up): the YAML texts a command parsed
// (.okstra/config.yaml, a brief's or a plan's front matter), each with its data as JSON, kept in the user's cache
// folder beside the bundle's code cache (src/cli/launcher.ts) so that the next process finds the same text there
// instead of running the YAML parser cold. The key is the exact text, so a changed file is simply a new entry;
// only texts that parsed without an error are kept, and their data is still validated at every use. A memo file
// that is missing, unreadable or not the expected shape is an empty memo.
import { isDeepStrictEqual } from 'node:util';
import type { YamlMemo } from '../core/files';
import type { StartupCache } from './launcher';

/** The cache file's kind (`yaml-memo-<build>.cache`); the build stamp makes a new bundle start with an empty memo. */
export const YAML_MEMO_KIND = 'yaml-memo';
/** Entries kept, the most recently added last. */
export const YAML_MEMO_ENTRIES = 64;
/** Texts longer than this are parsed every time (a memo of a few kilobytes stays cheap to read). */
export const YAML_MEMO_MAX_TEXT = 8 * 1024;

export interface PersistentYamlMemo extends YamlMemo {
  /** True when an entry was added since the memo was read. */
  readonly changed: boolean;
  /** The memo file's bytes. */
  serialize(): Buffer;
}

function readEntries(bytes: Buffer | undefined): Map<string, string> {
  const entries = new Map<string, string>();
  if (!bytes) return entries;
  try {
    const doc = JSON.parse(bytes.toString('utf8')) as unknown;
    if (typeof doc !== 'object' || doc === null || !Array.isArray((doc as { entries?: unknown }).entries)) return entries;
    for (const e of (doc as { entries: unknown[] }).entries) {
      if (!Array.isArray(e) || e.length !== 2 || typeof e[0] !== 'string' || typeof e[1] !== 'string') return new Map();
      entries.set(e[0], e[1]);
    }
  } catch {
    return new Map();
  }
  return entries;
}

/** A memo over the bytes of a memo file (undefined: none yet). */
export function yamlMemoFrom(bytes: Buffer | undefined): PersistentYamlMemo {
  const entries = readEntries(bytes);
  let changed = false;
  return {
    get(text) {
      const json = entries.get(text);
      if (json === undefined) return undefined;
      try {
        return JSON.parse(json) as unknown;
      } catch {
        entries.delete(text);
        return undefined;
      }
    },
    add(text, data) {
      if (text.length > YAML_MEMO_MAX_TEXT || entries.has(text)) return;
      const json = JSON.stringify(data);
      // Only data that JSON gives back unchanged (no NaN, infinities, -0, undefined or odd prototypes).
      if (json === undefined || !isDeepStrictEqual(JSON.parse(json), data)) return;
      entries.set(text, json);
      while (entries.size > YAML_MEMO_ENTRIES) entries.delete(entries.keys().next().value!);
      changed = true;
    },
    get changed() {
      return changed;
    },
    serialize() {
      return Buffer.from(JSON.stringify({ entries: [...entries] }), 'utf8');
    },
  };
}

/** The memo of this process, read from the cache folder; written back at exit when a command added to it. */
export function openYamlMemo(cache: StartupCache): PersistentYamlMemo {
  const memo = yamlMemoFrom(cache.read(YAML_MEMO_KIND));
  process.once('exit', () => {
    if (memo.changed) cache.write(YAML_MEMO_KIND, memo.serialize());
  });
  return memo;
}
