// Quoting an argv for the integrated terminal's shell (okstra.runIn "shell").
// The line is typed into an interactive shell, so besides the parser we guard
// against what an interactive terminal does to raw text: control characters
// (Ctrl-C, Tab completion, a CR that the pty turns into Enter), history
// expansion (`!`) and zsh's `=cmd` expansion. Every word is either plainly
// safe or quoted; a value a shell cannot represent is refused, never mangled.

import { argvFieldName } from './okstraCommand';

const SUPPORTED_SHELLS = ['bash', 'dash', 'sh', 'zsh', 'fish', 'pwsh'] as const;
export type ShellKind = (typeof SUPPORTED_SHELLS)[number];

type ShellDetection = { ok: true; shell: ShellKind } | { ok: false; shell: string; error: string };

/**
 * The shell from a terminal's shell path (`/usr/bin/zsh`, `C:\…\pwsh.exe`).
 * `sh` is quoted by the POSIX rules dash needs (the strictest sh).
 */
export function detectShell(shellPath: string | undefined | null): ShellDetection {
  const base = (shellPath ?? '').split(/[\\/]/).pop() ?? '';
  const name = base
    .toLowerCase()
    .replace(/\.exe$/, '')
    .replace(/^-/, '');
  const kind = name === 'pwsh-preview' ? 'pwsh' : name;
  if ((SUPPORTED_SHELLS as readonly string[]).includes(kind)) return { ok: true, shell: kind as ShellKind };
  const shown = name === '' ? '(unknown shell)' : name;
  return { ok: false, shell: shown, error: unsupportedShellMessage(shown) };
}

function unsupportedShellMessage(shell: string): string {
  return `okstra.runIn "shell" does not support ${shell}; use "task"`;
}

export function cannotQuoteMessage(field: string, shell: string): string {
  return `cannot quote ${field} for ${shell}; use okstra.runIn "task"`;
}

type QuoteResult = { ok: true; line: string } | { ok: false; error: string };

interface QuoteOptions {
  /** How many leading words are the okstra command (named `okstra.command` in refusals). */
  commandLength?: number;
}

/** One command line for `shell` whose parse gives back `argv` byte for byte. */
export function quoteCommandLine(argv: readonly string[], shell: ShellKind, options: QuoteOptions = {}): QuoteResult {
  if (argv.length === 0) return { ok: false, error: 'nothing to run: the command is empty' };
  const commandLength = options.commandLength ?? 1;
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = quoteWord(argv[i], shell, i === 0);
    if (word === null) return { ok: false, error: cannotQuoteMessage(argvFieldName(argv, i, commandLength), shell) };
    words.push(word);
  }
  if (shell === 'pwsh') {
    // `&` runs a quoted program name; Standard argument passing (pwsh 7.3+)
    // keeps empty strings and embedded quotes, scoped to this script block.
    return { ok: true, line: `& { $PSNativeCommandArgumentPassing = 'Standard'; & ${words.join(' ')} }` };
  }
  const line = words.join(' ');
  if ((shell === 'dash' || shell === 'sh') && utf8Length(line) + 1 > DASH_MAX_LINE) {
    // dash has no line editor: the terminal's canonical mode cuts a typed line at 4095 bytes, and a cut line
    // would run with an argv other than renderArgv (or wait for a closing quote). Refuse instead.
    return {
      ok: false,
      error: `the command line is ${utf8Length(line)} bytes, longer than ${shell} can read from a terminal (${DASH_MAX_LINE - 1}); use okstra.runIn "task"`,
    };
  }
  return { ok: true, line };
}

/** A terminal line in canonical mode holds 4096 bytes, its newline included (Linux MAX_CANON). */
const DASH_MAX_LINE = 4096;

function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** A word safe everywhere unquoted: no glob, expansion, history or zsh `=` / fish `%` / pwsh `@` meaning. */
const PLAIN_WORD = /^[A-Za-z0-9_./:+-][A-Za-z0-9_./:+=,-]*$/;
// Not encodable as UTF-8: no process could receive it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0 controls and DEL: a terminal or line editor acts on them.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Quotes one word, or null when this shell cannot carry the value. */
function quoteWord(value: string, shell: ShellKind, isProgram = false): string | null {
  if (value.includes('\u0000') || LONE_SURROGATE.test(value)) return null;
  if (shell === 'pwsh') return quotePwsh(value);
  // `a=b` as the first word would be an assignment, not a program.
  if (value !== '' && PLAIN_WORD.test(value) && !(isProgram && value.includes('='))) return value;
  switch (shell) {
    case 'bash':
    case 'zsh':
      return CONTROL.test(value) ? ansiCQuote(value) : singleQuotePosix(value);
    case 'dash':
    case 'sh':
      // No $'…' in dash: a control character cannot be typed safely.
      return CONTROL.test(value) ? null : singleQuotePosix(value);
    case 'fish':
      return quoteFish(value);
  }
}

function singleQuotePosix(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** bash/zsh `$'…'`; `'`, `\` and `!` as hex escapes so history expansion never sees them. */
function ansiCQuote(value: string): string {
  let out = "$'";
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f || ch === "'" || ch === '\\' || ch === '!') out += `\\x${hex2(code)}`;
    else out += ch;
  }
  return `${out}'`;
}

/** fish: single-quoted runs (only `\\` and `\'` escape there), control characters as `\xHH` between them. */
function quoteFish(value: string): string {
  if (value === '') return "''";
  let out = '';
  let run = '';
  const flush = (): void => {
    if (run !== '') out += `'${run}'`;
    run = '';
  };
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) {
      flush();
      out += `\\x${hex2(code)}`;
    } else if (ch === '\\' || ch === "'") {
      run += `\\${ch}`;
    } else {
      run += ch;
    }
  }
  flush();
  return out;
}

// PowerShell treats the typographic quotes as quotes too.
const PWSH_SINGLE = /['\u2018\u2019\u201a\u201b]/g;
const PWSH_DOUBLE_SPECIAL = /[`"$\u201c\u201d\u201e]/;

/** pwsh: '…' (quotes doubled); with control characters "…" with backtick escapes. */
function quotePwsh(value: string): string {
  if (!CONTROL.test(value)) return `'${value.replace(PWSH_SINGLE, (q) => q + q)}'`;
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) out += `\`u{${code.toString(16)}}`;
    else if (PWSH_DOUBLE_SPECIAL.test(ch)) out += `\`${ch}`;
    else out += ch;
  }
  return `${out}"`;
}

function hex2(code: number): string {
  return code.toString(16).padStart(2, '0');
}
