// Structured mutations of the wizard's input files (docs/safety.md R4), drawn by
// fast-check from a printed seed: key deletions, type swaps, odd keys and
// values (huge, deep, odd Unicode, prototype names), then sometimes a textual
// blow (truncation, a stray character, a BOM, CRLF, tabs, bad UTF-8, YAML
// anchors, tags and duplicate keys, garbage). A plan is data, so a failure
// prints it and replays from the seed and the case number.
import * as fc from 'fast-check';
import * as YAML from 'yaml';

export type Format = 'json' | 'yaml' | 'frontmatter';

export type StructOp =
  | { op: 'delete'; at: number }
  | { op: 'set'; at: number; value: number }
  | { op: 'add'; at: number; key: number; value: number }
  | { op: 'swap'; at: number }
  | { op: 'grow'; at: number; times: number };

export type TextOp =
  | { op: 'truncate'; at: number }
  | { op: 'insert'; at: number; text: number }
  | { op: 'cut'; at: number; len: number }
  | { op: 'bom' }
  | { op: 'crlf' }
  | { op: 'tabs' }
  | { op: 'latin1' }
  | { op: 'garbage'; text: number }
  | { op: 'whole'; text: number };

export interface MutationPlan {
  ops: StructOp[];
  text: TextOp | null;
}

const deep = (n: number, open: string, close: string): string => open.repeat(n) + close.repeat(n);

/** Values that a type check, a renderer or a path join might not expect. */
export const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -0,
  2 ** 53 + 1,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\u202eevil',
  '\u200b',
  '🙂'.repeat(3),
  '한국어',
  'x'.repeat(200_000),
  '../../../../etc/passwd',
  '/etc/passwd',
  'C:\\Windows\\system.ini',
  '~/x',
  '$(touch /tmp/okstra-r4-canary)',
  '`id`',
  '--help',
  '-rf',
  '%PATH%',
  'NaN',
  '2',
  'true',
  'null',
  [],
  {},
  [null],
  [''],
  [1, 2, 3],
  { '': '' },
  { __proto__: null, x: 1 },
  ['x'.repeat(10_000)],
  Array.from({ length: 5_000 }, (_, i) => `s${i}`),
  JSON.parse(deep(400, '[', ']')),
  { a: { b: { c: { d: [] } } } },
];

/** Keys that a plain object or a schema might mishandle. */
export const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  'x'.repeat(5_000),
  '🙂',
  'a.b',
  'a/b',
  '$ref',
  '0',
  '-1',
  'null',
  'unknownKey',
  'roleCounts',
  'executionIdentityVersion',
  'legacySource',
];

/** Text fragments a stray edit or a hostile file might contain. */
export const ODD_TEXTS = [
  '',
  '\u0000',
  '\ufeff',
  '"',
  "'",
  '{',
  '}',
  '[',
  ']',
  ':',
  ': :',
  '- ',
  '---',
  '---\n',
  '\n---\n',
  '#',
  '&a',
  '*a',
  '!!binary',
  '!!js/function "x"',
  '<<: *a',
  '? ',
  '|',
  '>',
  '\t',
  '\r',
  '\\',
  '\\u',
  '\\ud800',
  ',',
  ',,',
  '}}}}',
  'key: value\nkey: again\n',
  'a: &a [x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d]\n',
  deep(4_000, '[', ']'),
  deep(4_000, '{"a":', '}').replace(/}+$/, '1' + '}'.repeat(4_000)),
  '- '.repeat(2_000) + 'x',
  'x'.repeat(300_000),
  '\u202e\u2066\u2067',
  '𝕏'.repeat(1000),
  '%YAML 1.1\n---\n',
  '!!python/object:os.system ["id"]',
];

const structOp: fc.Arbitrary<StructOp> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: fc.nat() }),
  fc.record({ op: fc.constant('add' as const), at: fc.nat(), key: fc.nat(), value: fc.nat() }),
  fc.record({ op: fc.constant('swap' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('grow' as const), at: fc.nat(), times: fc.integer({ min: 2, max: 3_000 }) }),
);

const textOp: fc.Arbitrary<TextOp> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.nat() }),
  fc.record({ op: fc.constant('cut' as const), at: fc.nat(), len: fc.integer({ min: 1, max: 40 }) }),
  fc.constant({ op: 'bom' as const }),
  fc.constant({ op: 'crlf' as const }),
  fc.constant({ op: 'tabs' as const }),
  fc.constant({ op: 'latin1' as const }),
  fc.record({ op: fc.constant('garbage' as const), text: fc.nat() }),
  fc.record({ op: fc.constant('whole' as const), text: fc.nat() }),
);

export const planArb: fc.Arbitrary<MutationPlan> = fc.record({
  ops: fc.array(structOp, { minLength: 0, maxLength: 3 }),
  text: fc.option(textOp, { freq: 3 }),
});

/** Deterministic plans for a seed: case i of (seed, kind) is always the same plan. */
export function plansFor(seed: number, count: number): MutationPlan[] {
  return fc.sample(planArb, { seed, numRuns: count });
}

type Node = { parent: unknown; key: string | number | null; value: unknown };

function nodes(root: unknown): Node[] {
  const out: Node[] = [{ parent: null, key: null, value: root }];
  const walk = (v: unknown, depth: number) => {
    if (depth > 12 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      v.slice(0, 50).forEach((c, i) => {
        out.push({ parent: v, key: i, value: c });
        walk(c, depth + 1);
      });
    } else {
      for (const k of Object.keys(v).slice(0, 80)) {
        const c = (v as Record<string, unknown>)[k];
        out.push({ parent: v, key: k, value: c });
        walk(c, depth + 1);
      }
    }
  };
  walk(root, 0);
  return out;
}

const clone = (v: unknown): unknown => (v === undefined ? undefined : structuredClone(v));

function setAt(n: Node, value: unknown, rootBox: { root: unknown }): void {
  if (n.parent === null) rootBox.root = value;
  else (n.parent as Record<string | number, unknown>)[n.key as string] = value;
}

function swapped(v: unknown): unknown {
  if (Array.isArray(v)) return Object.fromEntries(v.map((x, i) => [String(i), x]));
  if (v !== null && typeof v === 'object') return Object.values(v);
  if (typeof v === 'string') return v === '' ? 0 : Number.isNaN(Number(v)) ? [v] : Number(v);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'yes' : 0;
  return 'null';
}

/** Applies the structural part of a plan to a parsed value (in a copy). */
export function mutateValue(data: unknown, ops: StructOp[]): unknown {
  const box = { root: clone(data) };
  for (const o of ops) {
    const ns = nodes(box.root);
    const n = ns[o.at % ns.length];
    switch (o.op) {
      case 'delete':
        if (n.parent === null) box.root = undefined;
        else if (Array.isArray(n.parent)) n.parent.splice(n.key as number, 1);
        else delete (n.parent as Record<string, unknown>)[n.key as string];
        break;
      case 'set':
        setAt(n, clone(ODD_VALUES[o.value % ODD_VALUES.length]), box);
        break;
      case 'add': {
        const target = n.value !== null && typeof n.value === 'object' ? n.value : n.parent;
        const value = clone(ODD_VALUES[o.value % ODD_VALUES.length]);
        if (Array.isArray(target)) target.push(value);
        else if (target && typeof target === 'object')
          Object.defineProperty(target, ODD_KEYS[o.key % ODD_KEYS.length], { value, enumerable: true, writable: true, configurable: true });
        break;
      }
      case 'swap':
        setAt(n, swapped(n.value), box);
        break;
      case 'grow': {
        // Big, not unbounded: a grown node stays within ~256 KB of JSON (YAML parses ~1 MB/s).
        const size = Math.max(1, (JSON.stringify(n.value) ?? '').length);
        const times = Math.max(2, Math.min(o.times, Math.floor(256_000 / size)));
        if (Array.isArray(n.value)) {
          const items = n.value as unknown[];
          setAt(
            n,
            Array.from({ length: times }, (_, i) => (items.length ? items[i % items.length] : i)),
            box,
          );
        } else if (typeof n.value === 'string') setAt(n, n.value.repeat(Math.min(times, 2_000)), box);
        else
          setAt(
            n,
            Array.from({ length: Math.min(times, 500) }, () => n.value),
            box,
          );
        // Shared references would multiply under a later op (and under YAML's alias expansion): unshare them
        // (a JSON round trip; structuredClone would keep the sharing).
        box.root = box.root === undefined ? undefined : JSON.parse(JSON.stringify(box.root));
        break;
      }
    }
  }
  return box.root;
}

function serialize(format: Format, value: unknown, body: string): string {
  if (format === 'json') return value === undefined ? '' : JSON.stringify(value, null, 2) + '\n';
  const yaml = value === undefined ? '' : YAML.stringify(value, { aliasDuplicateObjects: false, lineWidth: 0 });
  return format === 'yaml' ? yaml : `---\n${yaml}---\n${body}`;
}

/** Splits `---\n<yaml>---\n<body>` (a file without front matter is all body). */
function splitFm(text: string): { fm: unknown; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) return { fm: undefined, body: text };
  return { fm: YAML.parse(m[1]), body: m[2] };
}

function applyText(text: string, t: TextOp): string | Buffer {
  const at = (n: number) => (text.length === 0 ? 0 : n % (text.length + 1));
  switch (t.op) {
    case 'truncate':
      return text.slice(0, at(t.at));
    case 'insert':
      return text.slice(0, at(t.at)) + ODD_TEXTS[t.text % ODD_TEXTS.length] + text.slice(at(t.at));
    case 'cut':
      return text.slice(0, at(t.at)) + text.slice(at(t.at) + t.len);
    case 'bom':
      return '\ufeff' + text;
    case 'crlf':
      return text.replace(/\n/g, '\r\n');
    case 'tabs':
      return text.replace(/^( {2})+/gm, (s) => '\t'.repeat(s.length / 2));
    case 'latin1':
      // Bytes that are not UTF-8: the text encoded as Latin-1 with a few high bytes.
      return Buffer.concat([Buffer.from(text, 'latin1'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1])]);
    case 'garbage':
      return text + ODD_TEXTS[t.text % ODD_TEXTS.length];
    case 'whole':
      return ODD_TEXTS[t.text % ODD_TEXTS.length];
  }
}

/** The mutated file's bytes. */
export function mutate(format: Format, base: string, plan: MutationPlan): Buffer {
  let text = base;
  if (plan.ops.length) {
    try {
      text = structural(format, base, plan);
    } catch {
      // A value too deep for the serializer: the textual blow alone.
      text = base;
    }
  }
  const out = plan.text ? applyText(text, plan.text) : text;
  return typeof out === 'string' ? Buffer.from(out, 'utf8') : out;
}

function structural(format: Format, base: string, plan: MutationPlan): string {
  let text = base;
  {
    if (format === 'frontmatter') {
      const { fm, body } = splitFm(base);
      const fmOps = plan.ops.filter((_, i) => i % 2 === 0);
      const mutatedBody = plan.ops.length > 1 ? body + '\n' + plan.ops.map((o) => ODD_TEXTS[o.at % ODD_TEXTS.length]).join('\n') : body;
      text = serialize(format, mutateValue(fm ?? {}, fmOps), mutatedBody);
    } else {
      text = serialize(format, mutateValue(format === 'json' ? JSON.parse(base) : YAML.parse(base), plan.ops), '');
    }
  }
  return text;
}

/** A short description of a plan for failure lines. */
export function describePlan(plan: MutationPlan): string {
  return JSON.stringify(plan);
}
