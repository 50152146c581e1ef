// JSON text with positions. JSON.parse is used for the data (fast path); this
// scanner only runs when something is wrong, to say where: the line and column
// of a syntax error, or of the key whose value failed a schema.

export interface TextPos {
  line: number;
  column: number;
}

export type JsonPathSeg = string | number;

/** A syntax error found by the scanner: 0-based offset and a short reason. */
export class JsonSyntaxError extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** 1-based line and column of a 0-based offset (column in UTF-16 units). */
export function offsetToPos(text: string, offset: number): TextPos {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

interface Located {
  /** Where the member's key starts (object members) or the element starts (arrays). */
  at: number;
  children?: Map<JsonPathSeg, Located>;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

function describeChar(ch: string | undefined): string {
  if (ch === undefined) return 'unexpected end of input';
  return `unexpected character ${JSON.stringify(ch)}`;
}

/** A strict RFC 8259 scanner that records where every member and element starts. */
class Scanner {
  private i = 0;
  constructor(private readonly s: string) {}

  /** Where the scanner is (for a failure it could not describe itself). */
  get offset(): number {
    return this.i;
  }

  run(): Located {
    this.ws();
    const root = this.value(this.i);
    this.ws();
    if (this.i < this.s.length) throw new JsonSyntaxError(this.i, `${describeChar(this.s[this.i])} after the JSON value`);
    return root;
  }

  private ws(): void {
    while (this.i < this.s.length && WS.has(this.s.charCodeAt(this.i))) this.i++;
  }

  private value(at: number): Located {
    const ch = this.s[this.i];
    if (ch === '{') return this.object(at);
    if (ch === '[') return this.array(at);
    if (ch === '"') {
      this.string();
      return { at };
    }
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) {
      this.number();
      return { at };
    }
    for (const word of ['true', 'false', 'null']) {
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length;
        return { at };
      }
    }
    throw new JsonSyntaxError(this.i, ch === undefined ? 'unexpected end of input' : `expected a value, got ${JSON.stringify(ch)}`);
  }

  private object(at: number): Located {
    const children = new Map<JsonPathSeg, Located>();
    this.i++;
    this.ws();
    if (this.s[this.i] === '}') {
      this.i++;
      return { at, children };
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') {
        throw new JsonSyntaxError(
          this.i,
          this.i >= this.s.length ? 'unexpected end of input' : `expected a string key, got ${JSON.stringify(this.s[this.i])}`,
        );
      }
      const keyAt = this.i;
      const key = this.string();
      this.ws();
      if (this.s[this.i] !== ':') throw new JsonSyntaxError(this.i, `expected ':' after key ${JSON.stringify(key)}`);
      this.i++;
      this.ws();
      const child = this.value(this.i);
      children.set(key, { at: keyAt, children: child.children });
      this.ws();
      const sep = this.s[this.i];
      if (sep === ',') {
        this.i++;
        continue;
      }
      if (sep === '}') {
        this.i++;
        return { at, children };
      }
      throw new JsonSyntaxError(this.i, sep === undefined ? 'unexpected end of input' : `expected ',' or '}', got ${JSON.stringify(sep)}`);
    }
  }

  private array(at: number): Located {
    const children = new Map<JsonPathSeg, Located>();
    this.i++;
    this.ws();
    if (this.s[this.i] === ']') {
      this.i++;
      return { at, children };
    }
    for (let n = 0; ; n++) {
      this.ws();
      children.set(n, this.value(this.i));
      this.ws();
      const sep = this.s[this.i];
      if (sep === ',') {
        this.i++;
        continue;
      }
      if (sep === ']') {
        this.i++;
        return { at, children };
      }
      throw new JsonSyntaxError(this.i, sep === undefined ? 'unexpected end of input' : `expected ',' or ']', got ${JSON.stringify(sep)}`);
    }
  }

  private string(): string {
    const start = this.i;
    this.i++;
    for (;;) {
      if (this.i >= this.s.length) throw new JsonSyntaxError(start, 'unterminated string');
      const c = this.s.charCodeAt(this.i);
      if (c === 0x22) {
        this.i++;
        return JSON.parse(this.s.slice(start, this.i)) as string;
      }
      if (c < 0x20) throw new JsonSyntaxError(this.i, 'control character in string');
      if (c === 0x5c) {
        const e = this.s[this.i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.s.slice(this.i + 2, this.i + 6))) throw new JsonSyntaxError(this.i, 'bad \\u escape in string');
          this.i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) this.i += 2;
        else throw new JsonSyntaxError(this.i, 'bad escape in string');
      } else this.i++;
    }
  }

  private number(): void {
    const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(this.s.slice(this.i, this.i + 400));
    if (!m || m[0] === '-') throw new JsonSyntaxError(this.i, 'invalid number');
    this.i += m[0].length;
  }
}

/**
 * JSON.parse, or a JsonSyntaxError with the offset and reason of the first
 * problem. (V8's own messages carry no reliable position.)
 */
export function parseJsonWithPosition(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const scanner = new Scanner(text);
    try {
      scanner.run();
    } catch (e) {
      // The scanner recurses: thousands of unclosed brackets overflow the stack (quality R4: still a message).
      if (e instanceof RangeError) throw new JsonSyntaxError(scanner.offset, 'nested too deeply');
      throw e;
    }
    // The scanner is stricter than or equal to JSON.parse; reaching here means they disagree.
    throw new JsonSyntaxError(0, 'not valid JSON');
  }
}

/** Position of the key (object member) or element (array) at `path`; the deepest existing ancestor otherwise. */
export function locateJsonPath(text: string, path: readonly JsonPathSeg[]): TextPos | undefined {
  let node: Located;
  try {
    node = new Scanner(text).run();
  } catch {
    return undefined;
  }
  let found: Located | undefined = node;
  for (const seg of path) {
    const next = node.children?.get(seg);
    if (!next) break;
    found = next;
    node = next;
  }
  return found ? offsetToPos(text, found.at) : undefined;
}
