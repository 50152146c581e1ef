import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// Every extension-only string (vscode.l10n.t) has a Korean translation with the same placeholders.
function sourceStrings(dir: string): Set<string> {
  const out = new Set<string>();
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!f.endsWith('.ts')) continue;
    const text = readFileSync(join(dir, f), 'utf8');
    for (const m of text.matchAll(/\b(?:t|vscode\.l10n\.t)\('((?:[^'\\]|\\.)*)'/g)) out.add(m[1].replace(/\\'/g, "'"));
  }
  return out;
}

describe('vscode l10n bundle', () => {
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
