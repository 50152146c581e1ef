// docs/rules.md lists every rule id (R-<AREA>-<n>) that a test names, so that a reader of a test title can look the
// rule up; this fails when a test (or a source comment) names an id the page lacks.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../helpers/tempDirs';

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(REPO_ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((rel) => /\.(ts|mts|mjs|js)$/.test(rel) && !rel.split(path.sep).includes('fixtures'))
    .map((rel) => path.join(REPO_ROOT, dir, rel));
}

/** The ids a text names, with the shorthands of test titles spelled out: `R-PR-1/2/3`, `R-CONV-5…15`, `R-VAL-1..3`. */
export function ruleIds(text: string): Set<string> {
  const ids = new Set<string>();
  for (const m of text.matchAll(/R-([A-Z]+)-(\d+)((?:\/\d+)*)(?:(?:…|\.\.)(\d+))?/g)) {
    const [, area, first, more, last] = m;
    const numbers = [Number(first), ...more.split('/').filter(Boolean).map(Number)];
    if (last !== undefined) for (let n = Number(first); n <= Number(last); n++) numbers.push(n);
    for (const n of numbers) ids.add(`R-${area}-${n}`);
  }
  return ids;
}

describe('docs/rules.md', () => {
  const page = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'rules.md'), 'utf8');
  const rows = new Set([...page.matchAll(/^\| (R-[A-Z]+-\d+) \|/gm)].map((m) => m[1]));

  it('spells out the shorthands of test titles', () => {
    assert.deepEqual([...ruleIds('R-PR-1/2/3/5 and R-CONV-5…7, R-VAL-1..2')].sort(), [
      'R-CONV-5',
      'R-CONV-6',
      'R-CONV-7',
      'R-PR-1',
      'R-PR-2',
      'R-PR-3',
      'R-PR-5',
      'R-VAL-1',
      'R-VAL-2',
    ]);
  });

  it('has a row for every rule id that a test or a source file names', () => {
    const named = new Map<string, string>();
    for (const file of [...sourceFiles('test'), ...sourceFiles('src')]) {
      for (const id of ruleIds(fs.readFileSync(file, 'utf8'))) if (!named.has(id)) named.set(id, path.relative(REPO_ROOT, file));
    }
    assert.ok(named.size > 100, `only ${named.size} ids found`);
    const missing = [...named].filter(([id]) => !rows.has(id)).map(([id, file]) => `${id} (${file})`);
    assert.deepEqual(missing, [], 'add these rules to docs/rules.md');
  });

  it('each row has the rule and what happened to it (kept or changed)', () => {
    for (const line of page.split('\n').filter((l) => /^\| R-[A-Z]+-\d+ \|/.test(l))) {
      const cells = line.split(' | ');
      assert.equal(cells.length, 3, line);
      assert.ok(cells[1].length > 10, line);
      assert.match(cells[2], /^(kept|changed)/, line);
    }
  });
});
