// The tables of layers in CONTRIBUTING.md and docs/architecture.md are the walls eslint enforces (`LAYERS` of
// eslint.config.mjs): a layer, or an edge, added to one and not the other fails here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LAYERS } from '../../../eslint.config.mjs';
import { REPO_ROOT } from '../../helpers/tempDirs';

const NAMES = ['core', 'io', 'workspace', 'store', 'host', 'cli', 'mcp', 'vscode'];

/** `layer → the layers its "may import" cell names`, from the table rows that start with a `src/<layer>` cell. */
function tableOf(file: string, cell: number): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of fs.readFileSync(path.join(REPO_ROOT, file), 'utf8').split('\n')) {
    const m = /^\| `src\/([a-z]+)\/?` \|/.exec(line);
    if (!m) continue;
    // Words naming a layer, in the cell; what is in brackets ("never store", "no `vscode`") is a wall, not an edge.
    const text = line.split(' | ')[cell]!.replace(/\([^)]*\)/g, '');
    const named = NAMES.filter((n) => new RegExp(`(^|[\\s\`/,])${n}(\`|'s|,|\\s|$)`, 'i').test(text));
    out.set(m[1]!, named.sort());
  }
  return out;
}

const walls = new Map(Object.entries(LAYERS).map(([from, to]) => [from, to.filter((t) => t !== from).sort()]));

describe('the tables of layers in the docs', () => {
  it('LAYERS has every layer of src/', () => {
    const folders = fs
      .readdirSync(path.join(REPO_ROOT, 'src'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    assert.deepEqual([...walls.keys()].sort(), folders);
  });

  for (const [file, cell] of [
    ['CONTRIBUTING.md', 2],
    ['docs/architecture.md', 1],
  ] as const) {
    it(`${file}: one row per layer, each naming exactly what it may import`, () => {
      const table = tableOf(file, cell);
      assert.deepEqual([...table.keys()].sort(), [...walls.keys()].sort());
      for (const [layer, may] of walls) assert.deepEqual(table.get(layer), may, `src/${layer} in ${file}`);
    });
  }
});
