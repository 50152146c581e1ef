// Python repr() for the seed's error messages (docs/rules.md: `'x'` marks a repr-quoted value):
// messages quote values exactly as Python's `{x!r}` would.

// Non-printable, as Python's str.isprintable() judges it: Cc, Cf, Cs, Co, Cn, Zl, Zp, and Zs other than U+0020.
// Built on the first character outside printable ASCII: its Unicode tables cost a one-shot CLI process more than
// the strings it usually sees (docs/performance.md › Start-up).
let nonPrintable: RegExp | undefined;

function isNonPrintable(ch: string, cp: number): boolean {
  if (cp >= 0x20 && cp < 0x7f) return false;
  nonPrintable ??= new RegExp('^(?:[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Co}\\p{Cn}\\p{Zl}\\p{Zp}]|(?! )\\p{Zs})$', 'u');
  return nonPrintable.test(ch);
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

/** repr() of a str. */
export function pyReprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  // for..of walks code points; a lone surrogate comes through as one unit.
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += '\\' + quote;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (isNonPrintable(ch, cp)) {
      if (cp < 0x100) out += '\\x' + hex(cp, 2);
      else if (cp < 0x10000) out += '\\u' + hex(cp, 4);
      else out += '\\U' + hex(cp, 8);
    } else out += ch;
  }
  return out + quote;
}

/** repr() of JSON-like values: str, int, float, bool, None, list, dict. */
export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'string') return pyReprString(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'nan';
    if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
    return String(value);
  }
  if (Array.isArray(value)) return '[' + value.map(pyRepr).join(', ') + ']';
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${pyReprString(k)}: ${pyRepr(v)}`);
    return '{' + parts.join(', ') + '}';
  }
  return String(value);
}
