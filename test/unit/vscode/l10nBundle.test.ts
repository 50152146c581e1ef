import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// Every extension-only string (vscode.l10n.t) has a Korean translation with the same placeholders.

/**
 * The string literals given to `t(…)` / `vscode.l10n.t(…)` in TypeScript source: single- or double-quoted, on the
 * call's line or on the next (a long message is wrapped after the parenthesis), with their escapes read as
 * TypeScript reads them.
 */
export function l10nCalls(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(?:t|vscode\.l10n\.t)\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")/g)) {
    // As a JSON string: escapes stay (\' is a plain '), a bare " of a single-quoted literal is escaped.
    const json = (m[1] ?? m[2]!).replace(/\\(.)|"/g, (all, c: string | undefined) => (c === undefined ? '\\"' : c === "'" ? "'" : all));
    out.push(JSON.parse(`"${json}"`) as string);
  }
  return out;
}

function sourceStrings(dir: string): Set<string> {
  const out = new Set<string>();
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!f.endsWith('.ts')) continue;
    for (const str of l10nCalls(readFileSync(join(dir, f), 'utf8'))) out.add(str);
  }
  return out;
}

describe('vscode l10n bundle', () => {
  it('finds the strings of calls written on one line or wrapped, in either quotes', () => {
    const source = [
      "t('one {0}', x);",
      'this.deps.t(',
      "  '{0} is wrapped: it\\'s here',",
      ');',
      'vscode.l10n.t("Reviewer\'s \\"verdict\\"");',
      'format(x); at(y);',
    ].join('\n');
    assert.deepEqual(l10nCalls(source), ['one {0}', "{0} is wrapped: it's here", 'Reviewer\'s "verdict"']);
  });

  const root = join(__dirname, '..', '..', '..');
  const ko = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.ko.json'), 'utf8')) as Record<string, string>;
  const strings = sourceStrings(join(root, 'src', 'vscode'));

  it('has a Korean entry for every vscode.l10n.t string', () => {
    const missing = [...strings].filter((s) => !(s in ko));
    assert.deepEqual(missing, []);
  });
  it('keeps the placeholders of each string', () => {
    for (const [en, k] of Object.entries(ko)) {
      const ph = (s: string) => [...s.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();
      assert.deepEqual(ph(k), ph(en), en);
    }
  });
});
