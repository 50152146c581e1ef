// Bounds checked on file text before it reaches a parser, in one linear pass:
// the yaml library and the JSON position scanner recurse once per nesting
// level, and a stack overflow deep inside them can take the process down
// (V8 aborts when it runs out of stack while compiling a regular expression)
// instead of throwing. Text nested deeper than a person writes, or YAML
// bigger than any okstra YAML file can reasonably be, is a file error before
// any parser sees it (docs/safety.md › R10).

/** Deepest nesting accepted in a YAML or JSON file (okstra's own files nest at most 6 levels). */
export const MAX_NESTING_DEPTH = 100;
/** Largest YAML text accepted (config, front matter, profiles, registries, questions, model defaults): 1 MiB. */
export const MAX_YAML_CHARS = 1024 * 1024;
/**
 * Largest JSON text accepted (state files, task manifests, inputs.json): 1 MiB. Parsing is linear, but a
 * 200,000-key file takes a second per read to validate and the CLI reads it on every command; okstra's JSON
 * files are kilobytes.
 */
export const MAX_JSON_CHARS = 1024 * 1024;

/** Deepest `[`/`{` nesting of JSON text outside strings (a linear scan; the text need not be valid). */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
    }
  }
  return max;
}

const SPACE = 0x20;
const TAB = 0x09;
const NL = 0x0a;
const CR = 0x0d;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === NL || c === CR || Number.isNaN(c);
}

/**
 * An upper bound (within a factor of two) of how deeply YAML text nests: flow
 * collections (`[`, `{`) plus block levels (indentation, and the compact
 * `- - x` / `? ` forms). Linear in the text; quoted scalars, comments and block
 * scalars (`|`, `>`) are skipped so that their content does not count.
 */
export function yamlNestingDepth(text: string): number {
  let max = 0;
  let flow = 0;
  /** Indentation columns of the open block levels. */
  const indents: number[] = [];
  let quote = 0; // the open quote character, 0 when none
  /** Indentation of the line that opened a block scalar, -1 when none. */
  let blockScalarParent = -1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    // Start of a line.
    let col = 0;
    while (i < n && text.charCodeAt(i) === SPACE) {
      i++;
      col++;
    }
    const lineIndent = col;
    const first = text.charCodeAt(i);
    const emptyLine = i >= n || first === NL || first === CR || (first === 0x23 && quote === 0);
    if (blockScalarParent >= 0) {
      if (emptyLine || col > blockScalarParent) {
        while (i < n && text.charCodeAt(i) !== NL) i++;
        i++;
        continue;
      }
      blockScalarParent = -1;
    }
    if (quote === 0 && flow === 0 && !emptyLine) {
      while (indents.length && indents[indents.length - 1]! >= col) indents.pop();
      indents.push(col);
      // Compact nested block collections on one line: `- - - x`, `? - x`.
      while (i < n) {
        const c = text.charCodeAt(i);
        if ((c === 0x2d || c === 0x3f) && (text.charCodeAt(i + 1) === SPACE || text.charCodeAt(i + 1) === TAB)) {
          i += 2;
          col += 2;
          while (i < n && text.charCodeAt(i) === SPACE) {
            i++;
            col++;
          }
          if (i < n && text.charCodeAt(i) !== NL && text.charCodeAt(i) !== CR && text.charCodeAt(i) !== 0x23) indents.push(col);
        } else break;
      }
    }
    if (indents.length + flow > max) max = indents.length + flow;
    // The rest of the line.
    let prev = SPACE;
    let lastToken = 0; // the last non-blank character outside quotes and comments
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === NL) break;
      if (quote !== 0) {
        if (quote === 0x22 && c === 0x5c) i++;
        else if (c === quote) {
          if (quote === 0x27 && text.charCodeAt(i + 1) === 0x27) i++;
          else quote = 0;
        }
        i++;
        prev = c;
        continue;
      }
      const tokenStart = isBlank(prev) || prev === 0x5b || prev === 0x7b || prev === 0x2c || (flow > 0 && prev === 0x3a);
      if (c === 0x23 && isBlank(prev)) {
        while (i < n && text.charCodeAt(i) !== NL) i++;
        break;
      }
      if ((c === 0x22 || c === 0x27) && tokenStart) quote = c;
      else if ((c === 0x5b || c === 0x7b) && (flow > 0 || tokenStart)) {
        flow++;
        if (indents.length + flow > max) max = indents.length + flow;
      } else if ((c === 0x5d || c === 0x7d) && flow > 0) flow--;
      if (!isBlank(c)) lastToken = c;
      prev = c;
      i++;
    }
    // `key: |` or `- >-`: the lines after it that are indented deeper are the scalar's text.
    if (
      quote === 0 &&
      flow === 0 &&
      (lastToken === 0x7c || lastToken === 0x3e || lastToken === 0x2d || lastToken === 0x2b || (lastToken >= 0x31 && lastToken <= 0x39))
    ) {
      // The scalar's parent is the line's own indentation: deeper lines belong to the scalar.
      if (/(?:^|[\s:-])[|>][0-9+-]{0,2}\s*(?:#.*)?$/.test(lineBefore(text, i))) blockScalarParent = lineIndent;
    }
    i++;
  }
  return max;
}

function lineBefore(text: string, end: number): string {
  const start = text.lastIndexOf('\n', end - 1) + 1;
  // A bounded look-back: the indicator is at the end of the line.
  return text.slice(Math.max(start, end - 200), end);
}
