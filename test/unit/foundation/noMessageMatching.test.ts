// Errors are data: outside src/core, code branches on WizardError.code and
// Notice.kind, never on message text (src/core/types.ts). This test scans
// every module of src/ outside src/core for the ways text gets matched:
// string tests on a message / error / notice text, regexes run over them,
// and copies of a message kept as a constant to compare against.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
// A message-like value: `x.message`, `x.error`, `n.text`, `r.stderr`, … or a variable named `message` / `error`.
// A bare `text` is left out: it is usually a file's own text being parsed, not an error message.
const VALUE = String.raw`(?:(?:[\w$]+\??\.)+(?:message|error|text|stderr|stdout|reason)|\b(?:message|error|errorText|stderr|stdout|reason))`;

/** One rule: what it catches, as a regex over one source line. */
const RULES: Array<{ name: string; re: RegExp }> = [
  // err.message.includes('…'), outcome.error.startsWith(…), n.text.match(/…/), message.includes(…)
  {
    name: 'string test on a message',
    re: new RegExp(String.raw`${VALUE}\??\.(?:includes|startsWith|endsWith|match|matchAll|search|indexOf|lastIndexOf)\(`),
  },
  // /…/.test(err.message), RE.exec(n.text), SOME_NOTICE.test(message)
  { name: 'regex over a message', re: new RegExp(String.raw`\.(?:test|exec)\(\s*${VALUE}\b`) },
  // message === 'state file …', r.error !== `…`
  { name: 'message compared with text', re: new RegExp(String.raw`${VALUE}\s*[!=]==?\s*['"\x60]`) },
  // const STALE_STATE_MESSAGE = '…' / const ENVIRONMENTAL_NOTICE = /…/ (a copy of engine or store text to match on)
  { name: 'copy of a message to match on', re: /\bconst\s+[A-Z0-9_]*(?:MESSAGE|NOTICE|ERROR_TEXT)[A-Z0-9_]*\s*=\s*(?:\/|['"`])/ },
];

/** Modules allowed to define message text: the engine, and the store's own message it raises. */
function exempt(rel: string, line: string): boolean {
  if (rel.startsWith('src/core/')) return true;
  // The store defines the stale-read message it throws (with code `stale-state`); defining is not matching.
  return rel === 'src/store/atomicWrite.ts' && /export const STALE_READ_MESSAGE = '/.test(line);
}

export function findMessageMatching(rel: string, text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    if (exempt(rel, code)) return;
    for (const rule of RULES) if (rule.re.test(code)) hits.push(`${rel}:${i + 1}: ${rule.name}: ${line.trim()}`);
  });
  return hits;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(abs));
    else if (/\.(?:ts|mts|cts|js|mjs)$/.test(entry.name)) out.push(abs);
  }
  return out;
}

describe('architecture: nothing outside src/core branches on message text', () => {
  it('no module outside src/core tests, compares or copies message text', () => {
    const hits: string[] = [];
    for (const abs of sourceFiles(path.join(ROOT, 'src'))) {
      const rel = path.relative(ROOT, abs).split(path.sep).join('/');
      hits.push(...findMessageMatching(rel, fs.readFileSync(abs, 'utf8')));
    }
    assert.deepEqual(hits, [], 'branch on WizardError.code / Notice.kind instead');
  });

  it('catches the patterns it is meant to catch (the code this rule replaced)', () => {
    const old = [
      '      if (outcome.error.includes(STALE_STATE_MESSAGE)) void this.offerReload();',
      '      if (message.includes(STALE_STATE_MESSAGE)) void this.offerReload();',
      'const ENVIRONMENTAL_NOTICE = /cannot start here|\\(configured in /;',
      '    const environmental = notices.filter((n) => ENVIRONMENTAL_NOTICE.test(n.text));',
      "export const STALE_STATE_MESSAGE = 'state file changed on disk since it was read; reload to continue';",
      '      if (!this.handle && /: (state file already exists|legacy v1 state; choose another path)$/.test(message)) {',
      "      const m = /Unknown option '([^']+)'/.exec(err.message);",
      "  return err.message.startsWith(shown + ':') ? err.message : `${shown}: ${err.message}`;",
      "    if (r.error === 'wizard is complete — no prompt to answer') return;",
    ];
    for (const line of old) assert.equal(findMessageMatching('src/cli/x.ts', line).length > 0, true, line);
  });

  it('leaves alone what is not message matching', () => {
    const fine = [
      '    if (/^OKSTRA_[A-Z0-9_]+_CLI$/.test(k) && v && !path.isAbsolute(v)) env[k] = path.resolve(opts.cwd, v);',
      "      if (outcome.code === 'stale-state') void this.offerReload();",
      "    const environmental = notices.filter((n) => n.kind === 'environment');",
      '    return { ok: false, code: err.code, error: err.message, current: null };',
      '  const m = /^(\\d+)@(.*)$/s.exec(text.trim());',
      '  if (r.error === undefined) return;',
    ];
    for (const line of fine) assert.deepEqual(findMessageMatching('src/cli/x.ts', line), [], line);
    assert.deepEqual(findMessageMatching('src/core/x.ts', "if (err.message.includes('x')) return;"), []);
  });
});
