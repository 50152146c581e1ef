// The README's tables of commands and settings are the manifest's: every command package.json contributes, with the
// title package.nls.json gives it, in the manifest's order, and every setting with its default. A command or a
// setting added, renamed or removed without its README row fails here.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const nls = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
const localized = (s: string): string => s.replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? `%${key}%`);

/** The cells of the table right under the `## <heading>` of the README, without its header and rule. */
export function tableUnder(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  assert.ok(start >= 0, `README.md has no "## ${heading}"`);
  const rows: string[][] = [];
  for (let i = start + 1; i < lines.length && !lines[i]!.startsWith('## '); i++) {
    const line = lines[i]!;
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
  }
  assert.ok(rows.length >= 2, `no table under "## ${heading}"`);
  return rows.slice(2);
}

describe('README: the tables of commands and settings', () => {
  it('finds the table under a heading, and nothing under another one', () => {
    const md = ['## A', '', 'text', '', '| x | y |', '| --- | --- |', '| `1` | a \\| b |', '', '## B', '| z |'].join('\n');
    assert.deepEqual(tableUnder(md, 'A'), [['`1`', 'a \\| b']]);
    assert.throws(() => tableUnder(md, 'C'), /no "## C"/);
  });

  it('lists every contributed command, in the manifest order, with its title from package.nls.json', () => {
    const rows = tableUnder(readme, 'Commands').map(([title, id]) => [title, id]);
    const expected = (manifest.contributes.commands as Array<{ command: string; title: string }>).map((c) => [
      `**${localized(c.title)}**`,
      `\`${c.command}\``,
    ]);
    assert.deepEqual(rows, expected);
  });

  it('lists every setting, in the manifest order, with its default and every value it takes', () => {
    const rows = tableUnder(readme, 'Settings');
    const properties = manifest.contributes.configuration.properties as Record<string, { default: unknown; enum?: string[] }>;
    assert.deepEqual(
      rows.map(([key]) => key),
      Object.keys(properties).map((k) => `\`${k}\``),
    );
    for (const [key, values, def] of rows) {
      const p = properties[key!.slice(1, -1)]!;
      assert.equal(def, `\`${JSON.stringify(p.default)}\``, `${key}: default`);
      for (const v of p.enum ?? []) assert.ok(values!.includes(`\`${v}\``), `${key}: the value ${v} is not listed`);
    }
  });
});
