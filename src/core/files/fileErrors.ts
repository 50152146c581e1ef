// The one module that turns what is wrong with a file's text into a FileError
// (`<path>:<line>:<column>: <key path>: <problem>`, docs/architecture.md ›
// File errors): JSON and YAML parsed with positions, zod validation failures
// named by key, front matter. Pure text in, data or FileError out (no fs): the
// engine (profiles, registries), the workspace and the store share it.

import { isMap, isSeq, isScalar, LineCounter, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import type * as z from 'zod/mini';
import { FileError, WizardError } from '../types';
import { locateJsonPath, parseJsonWithPosition, JsonSyntaxError, offsetToPos, type JsonPathSeg, type TextPos } from './jsonSource';
import { passesFastCheck } from './fastCheck';
import { jsonNestingDepth, MAX_JSON_CHARS, MAX_NESTING_DEPTH, MAX_YAML_CHARS, yamlNestingDepth } from './textLimits';

/** File text without a leading byte-order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The message of a file that could not be read: a WizardError's own, else `<path>: cannot read: <reason>`. */
export function readErrorText(e: unknown, shownPath: string): string {
  if (e instanceof WizardError) return e.message;
  return `${shownPath}: cannot read: ${(e as Error).message}`;
}

/** `roles[0].max` from ['roles', 0, 'max']. */
function formatKeyPath(segs: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of segs) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += (out === '' ? '' : '.') + String(seg);
  }
  return out;
}

/** What a value is, in words: `a string ("x")`, `an integer (3)`, `a list`, … */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  switch (typeof v) {
    case 'string':
      return `a string (${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)})`;
    case 'number':
      return Number.isInteger(v) ? `an integer (${v})` : `a number (${v})`;
    case 'boolean':
      return `a boolean (${v})`;
    case 'object':
      return 'a mapping';
    default:
      return typeof v;
  }
}

const EXPECTED_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
  null: 'null',
};

function valueAt(data: unknown, segs: readonly PropertyKey[]): unknown {
  let cur: unknown = data;
  for (const seg of segs) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[seg as string];
  }
  return cur;
}

interface SchemaProblem {
  /** Path of the offending key (for unknown keys: the key itself). */
  segs: JsonPathSeg[];
  problem: string;
}

/** The first zod issue, as a key path and a problem a person can act on. */
function firstSchemaProblem(error: z.core.$ZodError, data: unknown): SchemaProblem {
  const issue = error.issues[0]!;
  const segs = issue.path.filter((s): s is string | number => typeof s === 'string' || typeof s === 'number');
  // A message the schema itself gives (`z.string().min(1, { error: 'must not be empty' })`) says it best;
  // zod's built-in messages ("Invalid input: …", "Too small: …") all start with a capital letter.
  const own = issue.message && !/^[A-Z]/.test(issue.message) ? issue.message : null;
  if (own && !((issue.code === 'invalid_type' || issue.code === 'invalid_union') && valueAt(data, segs) === undefined)) {
    return { segs: issue.code === 'unrecognized_keys' ? [...segs, issue.keys[0]!] : segs, problem: own };
  }
  switch (issue.code) {
    case 'unrecognized_keys': {
      const key = issue.keys[0]!;
      return { segs: [...segs, key], problem: 'unknown key' };
    }
    case 'invalid_type': {
      const got = valueAt(data, segs);
      if (got === undefined) return { segs, problem: 'is required' };
      const expected = EXPECTED_NAMES[issue.expected] ?? issue.expected;
      return { segs, problem: `must be ${expected}, got ${describeValue(got)}` };
    }
    case 'invalid_union': {
      const got = valueAt(data, segs);
      if (got === undefined) return { segs, problem: 'is required' };
      // Name what each alternative wanted, when they all failed on the type of this very value.
      const wanted: string[] = [];
      for (const branch of issue.errors) {
        const first = branch[0];
        if (first && first.code === 'invalid_type' && first.path.length === 0)
          wanted.push(EXPECTED_NAMES[first.expected] ?? first.expected);
        else if (first && first.code === 'invalid_value' && first.path.length === 0)
          wanted.push(first.values.map((v) => JSON.stringify(v)).join(' or '));
      }
      if (wanted.length === issue.errors.length && wanted.length > 0)
        return { segs, problem: `must be ${[...new Set(wanted)].join(' or ')}, got ${describeValue(got)}` };
      return { segs, problem: `has the wrong type, got ${describeValue(got)}` };
    }
    case 'invalid_value':
      return { segs, problem: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` };
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return { segs, problem: 'must not be empty' };
      if (issue.origin === 'array' && issue.minimum === 1) return { segs, problem: 'must not be an empty list' };
      return { segs, problem: `must be at least ${String(issue.minimum)}` };
    default:
      return { segs, problem: issue.message };
  }
}

// --------------------------------------------------------------------- JSON

/** Parses JSON text as it is (no BOM handling); a syntax error becomes `<path>:<line>:<column>: invalid JSON: <reason>`. */
export function parseJsonText(text: string, shownPath: string): unknown {
  checkJsonDepth(text, shownPath);
  try {
    return parseJsonWithPosition(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) {
      const pos = offsetToPos(text, e.offset);
      throw new FileError({ path: shownPath, line: pos.line, column: pos.column, problem: `invalid JSON: ${e.reason}` });
    }
    throw e;
  }
}

/** Refuses JSON bigger than MAX_JSON_CHARS or nested deeper than MAX_NESTING_DEPTH before anything recurses over it. */
export function checkJsonDepth(text: string, shownPath: string): void {
  if (text.length > MAX_JSON_CHARS) {
    throw new FileError({
      path: shownPath,
      problem: `JSON text is ${text.length} characters long; the limit is ${MAX_JSON_CHARS} (1 MiB)`,
    });
  }
  if (jsonNestingDepth(text) > MAX_NESTING_DEPTH) {
    throw new FileError({ path: shownPath, problem: `invalid JSON: nested deeper than ${MAX_NESTING_DEPTH} levels` });
  }
}

/** Parses JSON file text (a leading BOM skipped); a syntax error as parseJsonText. */
export function parseJsonFile(text: string, shownPath: string): unknown {
  return parseJsonText(stripBom(text), shownPath);
}

/** Validates parsed JSON against a schema; a failure names the key and its line/column. */
export function validateJson<T>(schema: z.ZodMiniType<T>, data: unknown, text: string, shownPath: string): T {
  if (passesFastCheck(schema, data)) return data as T;
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const p = firstSchemaProblem(r.error, data);
  const pos = p.segs.length ? locateJsonPath(stripBom(text), p.segs) : { line: 1, column: 1 };
  throw new FileError({
    path: shownPath,
    line: pos?.line,
    column: pos?.column,
    keyPath: formatKeyPath(p.segs) || undefined,
    problem: p.problem,
  });
}

// --------------------------------------------------------------------- YAML

/**
 * A parsed YAML document that can locate key paths for error messages: the
 * one YamlSource of the product. `path` is the file as messages name it;
 * `lineOffset` the lines before the YAML text in its file (front matter
 * starts after `---`). Throws FileError for text that is not YAML, that
 * repeats a key, nests deeper than MAX_NESTING_DEPTH or is bigger than
 * MAX_YAML_CHARS.
 */
export class YamlSource {
  readonly doc: Document;
  readonly lineCounter = new LineCounter();
  readonly data: unknown;

  constructor(
    readonly path: string,
    text: string,
    readonly lineOffset = 0,
  ) {
    checkYamlBounds(text, path, lineOffset);
    // uniqueKeys: false — the library compares every key with every earlier one (quadratic: 40,000 keys
    // took 10 s); duplicates are found below in one pass instead. logLevel: 'error' — what is wrong with the text is
    // a FileError of ours; the library never writes warnings of its own to stderr.
    this.doc = parseDocument(text, { lineCounter: this.lineCounter, prettyErrors: false, uniqueKeys: false, logLevel: 'error' });
    const err = this.doc.errors[0];
    if (err) {
      const pos = this.posOf(err.pos[0]);
      const reason = err.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, '');
      throw new FileError({ path, line: pos.line, column: pos.column, problem: `invalid YAML: ${reason}` });
    }
    const bad = firstKeyProblem(this.doc.contents as YamlNode | null);
    if (bad) {
      const pos = this.posOf(bad.offset);
      throw new FileError({ path, line: pos.line, column: pos.column, problem: `invalid YAML: ${bad.problem}` });
    }
    try {
      this.data = this.doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      // An alias bomb or an alias used before its anchor: yaml throws (a message naming the file, not a crash).
      throw new FileError({ path, problem: `invalid YAML: ${(e as Error).message}` });
    }
  }

  private posOf(offset: number): TextPos {
    const p = this.lineCounter.linePos(offset);
    return { line: p.line + this.lineOffset, column: p.col };
  }

  /** Line and column of a key path: the key itself for a map entry, the item for a sequence entry; else the deepest ancestor found. */
  locate(segs: readonly JsonPathSeg[]): TextPos | undefined {
    let node: YamlNode | null | undefined = this.doc.contents as YamlNode | null;
    let found: number | undefined = node?.range?.[0];
    for (const seg of segs) {
      if (isMap(node)) {
        const pair = node.items.find((it) => (isScalar(it.key) ? String(it.key.value) : String(it.key)) === String(seg));
        if (!pair) break;
        const keyNode = pair.key as YamlNode | null;
        found = keyNode?.range?.[0] ?? found;
        node = pair.value as YamlNode | null;
      } else if (isSeq(node) && typeof seg === 'number') {
        const item = node.items[seg] as YamlNode | undefined;
        if (!item) break;
        found = item.range?.[0] ?? found;
        node = item;
      } else break;
    }
    return found === undefined ? undefined : this.posOf(found);
  }

  /** A FileError at a key path. */
  error(segs: readonly JsonPathSeg[], problem: string): FileError {
    return new FileError({ path: this.path, ...this.locate(segs), keyPath: formatKeyPath(segs) || undefined, problem });
  }
}

/** Refuses YAML text that no parser should be given: too big, or nested too deeply. */
function checkYamlBounds(text: string, shownPath: string, lineOffset = 0): void {
  if (text.length > MAX_YAML_CHARS) {
    throw new FileError({
      path: shownPath,
      problem: `YAML text is ${text.length} characters long; the limit is ${MAX_YAML_CHARS} (1 MiB)`,
    });
  }
  if (yamlNestingDepth(text) > MAX_NESTING_DEPTH) {
    throw new FileError({
      path: shownPath,
      line: lineOffset > 0 ? lineOffset + 1 : undefined,
      problem: `invalid YAML: nested deeper than ${MAX_NESTING_DEPTH} levels`,
    });
  }
}

/** The first key that a mapping repeats (by its scalar value), in document order; one pass over the tree. */
/**
 * The first key no okstra file can have, in one pass: a key that appears twice in one mapping, or a key that is a
 * mapping or a list (`? [a, b]: x`), which a JSON object cannot hold.
 */
function firstKeyProblem(root: YamlNode | null): { problem: string; offset: number } | null {
  const stack: Array<YamlNode | null | undefined> = [root];
  while (stack.length) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        const k = pair.key as YamlNode | null;
        if (isScalar(k)) {
          const id = `${typeof k.value}:${String(k.value)}`;
          if (seen.has(id))
            return { problem: `key ${JSON.stringify(String(k.value))} appears twice in one mapping`, offset: k.range?.[0] ?? 0 };
          seen.add(id);
        } else if (isMap(k) || isSeq(k)) {
          return { problem: `a key must be a plain value, not a ${isMap(k) ? 'mapping' : 'list'}`, offset: k.range?.[0] ?? 0 };
        } else if (k) stack.push(k);
        stack.push(pair.value as YamlNode | null);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item as YamlNode | null);
    }
  }
  return null;
}

/** What validateYaml needs of a parsed YAML text: its file, its line offset and where a key path is. */
interface YamlLocator {
  readonly path: string;
  readonly lineOffset: number;
  locate(segs: readonly JsonPathSeg[]): TextPos | undefined;
}

/** Parses YAML text; a syntax error becomes a FileError at its line and column. */
export function parseYamlText(text: string, shownPath: string, lineOffset = 0): { value: unknown; src: YamlLocator } {
  const src = new YamlSource(shownPath, text, lineOffset);
  return { value: src.data, src };
}

/** Validates parsed YAML against a schema; a failure names the key and its line/column. */
export function validateYaml<T>(schema: z.ZodMiniType<T>, data: unknown, src: YamlLocator): T {
  if (passesFastCheck(schema, data)) return data as T;
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const p = firstSchemaProblem(r.error, data);
  const pos = src.locate(p.segs) ?? { line: 1 + src.lineOffset, column: 1 };
  throw new FileError({
    path: src.path,
    line: pos.line,
    column: pos.column,
    keyPath: formatKeyPath(p.segs) || undefined,
    problem: p.problem,
  });
}

/** `source.data` validated by `schema`; the first issue becomes a FileError. */
export function parseWithSchema<T>(source: YamlSource, schema: z.ZodMiniType<T>): T {
  return validateYaml(schema, source.data, source);
}

// -------------------------------------------------------------- front matter

interface FrontMatterSplit {
  /** The YAML between the fences, or null when the file has no front matter. */
  yaml: string | null;
  /** Lines before the YAML text (the opening fence). */
  lineOffset: number;
  /** The markdown after the front matter. */
  body: string;
  /** 1-based file line where the body starts. */
  bodyLine: number;
}

/** Splits `---\n<yaml>\n---\n<body>`; an opening fence without a closing one is a FileError. */
export function splitFrontMatter(text: string, shownPath: string): FrontMatterSplit {
  const normal = stripBom(text).replace(/\r\n?/g, '\n');
  const lines = normal.split('\n');
  if (lines[0]?.trimEnd() !== '---') return { yaml: null, lineOffset: 0, body: normal, bodyLine: 1 };
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i]!.trimEnd();
    if (l === '---' || l === '...') {
      return { yaml: lines.slice(1, i).join('\n'), lineOffset: 1, body: lines.slice(i + 1).join('\n'), bodyLine: i + 2 };
    }
  }
  throw new FileError({ path: shownPath, line: 1, column: 1, problem: "front matter is not closed (no '---' line after it)" });
}

/**
 * YAML text that must hold a mapping (empty text reads as `{}`), validated
 * against `schema`. Anything else is `<path>:<line>:1: <mustBe>, got <value>`.
 */
export function readYamlMapping<T>(schema: z.ZodMiniType<T>, text: string, shownPath: string, mustBe: string, lineOffset = 0): T {
  const { value, src } = parseYamlText(text, shownPath, lineOffset);
  const data = value ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new FileError({ path: shownPath, line: 1 + lineOffset, column: 1, problem: `${mustBe}, got ${describeValue(data)}` });
  }
  return validateYaml(schema, data, src);
}

/** Front matter that must be there: as splitFrontMatter, but a file without it is a FileError. */
export function splitRequiredFrontMatter(text: string, shownPath: string): FrontMatterSplit & { yaml: string } {
  const split = splitFrontMatter(text, shownPath);
  if (split.yaml === null)
    throw new FileError({ path: shownPath, line: 1, column: 1, problem: "front matter missing: the file must start with '---'" });
  return split as FrontMatterSplit & { yaml: string };
}

/** Front matter parsed and validated; `{}` when the fences hold nothing, null when there is none. */
export function readFrontMatter<T>(schema: z.ZodMiniType<T>, text: string, shownPath: string): { data: T | null; split: FrontMatterSplit } {
  const split = splitFrontMatter(text, shownPath);
  if (split.yaml === null) return { data: null, split };
  return { data: readYamlMapping(schema, split.yaml, shownPath, 'front matter must be a mapping', split.lineOffset), split };
}
