// YAML text validated by a zod schema, with failures reported as FileError in
// the format `<path>:<line>:<column>: <key path>: <problem>` (docs/okstra-files.md ›
// File errors). Profiles and the model registry share this.

import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { z } from 'zod';
import { FileError } from '../types';

export type KeyPath = Array<string | number>;

/** `roles[0].max` from ['roles', 0, 'max']. */
export function formatKeyPath(path: KeyPath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

/** A parsed YAML document that can locate key paths for error messages. */
export class YamlSource {
  private readonly lineCounter = new LineCounter();
  readonly data: unknown;
  private readonly doc: ReturnType<typeof parseDocument>;

  /**
   * @param lineOffset lines before `text` in the file (front matter starts after `---`).
   */
  constructor(
    readonly path: string,
    text: string,
    private readonly lineOffset = 0,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lineCounter, uniqueKeys: true, prettyErrors: false });
    const first = this.doc.errors[0];
    if (first) {
      const pos = this.lineCounter.linePos(first.pos[0]);
      const reason = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, '');
      throw new FileError({ path, line: pos.line + lineOffset, column: pos.col, problem: `invalid YAML: ${reason}` });
    }
    try {
      this.data = this.doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      // An alias bomb or an alias used before its anchor: yaml throws (quality R4: a message naming the file).
      throw new FileError({ path, problem: `invalid YAML: ${(e as Error).message}` });
    }
  }

  /** Line and column of a key path: the key itself for a map entry, the item for a sequence entry. */
  locate(path: KeyPath): { line?: number; column?: number } {
    let node: unknown = this.doc.contents;
    let offset: number | undefined = node && (node as Node).range ? (node as Node).range![0] : undefined;
    for (const part of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(part));
        if (!pair) break;
        const keyNode = pair.key as Node;
        offset = keyNode.range ? keyNode.range[0] : offset;
        node = pair.value;
      } else if (isSeq(node) && typeof part === 'number') {
        const item = node.items[part] as Node | undefined;
        if (!item) break;
        offset = item.range ? item.range[0] : offset;
        node = item;
      } else break;
    }
    if (offset === undefined) return {};
    const pos = this.lineCounter.linePos(offset);
    return { line: pos.line + this.lineOffset, column: pos.col };
  }

  error(path: KeyPath, problem: string): FileError {
    return new FileError({ path: this.path, ...this.locate(path), keyPath: formatKeyPath(path) || undefined, problem });
  }
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
};

/** One zod issue as people read it. */
function issueProblem(issue: z.core.$ZodIssue): { path: KeyPath; problem: string } {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  switch (issue.code) {
    case 'invalid_type':
      return { path, problem: `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}` };
    case 'unrecognized_keys':
      return { path: [...path, issue.keys[0]!], problem: 'unknown key' };
    default:
      return { path, problem: issue.message };
  }
}

/** Validate `source.data` with `schema`; the first issue becomes a FileError. */
export function parseWithSchema<T>(source: YamlSource, schema: z.ZodType<T>): T {
  const result = schema.safeParse(source.data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const { path, problem } = issueProblem(issue);
  if (issue.code === 'invalid_type' && valueAt(source.data, path) === undefined) throw source.error(path, 'is required');
  throw source.error(path, problem);
}

/**
 * Splits Markdown with YAML front matter. Returns the YAML text and the
 * number of lines before it (the opening `---`).
 */
export function splitFrontMatter(path: string, text: string): { yaml: string; lineOffset: number; body: string } {
  const normalized = text.replace(/^\uFEFF/, '');
  const lines = normalized.split(/\r?\n/);
  if (lines[0]?.trim() !== '---') {
    throw new FileError({ path, line: 1, column: 1, problem: "front matter missing: the file must start with '---'" });
  }
  const end = lines.findIndex((line, i) => i > 0 && (line.trim() === '---' || line.trim() === '...'));
  if (end < 0) throw new FileError({ path, line: 1, column: 1, problem: "front matter is not closed by '---'" });
  return { yaml: lines.slice(1, end).join('\n'), lineOffset: 1, body: lines.slice(end + 1).join('\n') };
}

function valueAt(data: unknown, path: KeyPath): unknown {
  let node = data;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}
