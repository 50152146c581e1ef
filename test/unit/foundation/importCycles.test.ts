// No module of src/ imports itself through others: every import form counts (import, import type, export … from,
// require(), import(), typeof import(), declare module), so that the layers inside a layer stay a one-way graph too.
import assert from 'node:assert/strict';
import { importCycles, readModule, repositoryModules, type ModuleInfo } from './importGraph';

describe('import cycles in src/', () => {
  it('there are none', () => {
    const cycles = importCycles(repositoryModules(), (f) => f.startsWith('src/'));
    assert.deepEqual(
      cycles.map((c) => c.join(' → ')),
      [],
      'each line is a set of modules that import one another; move what they share into a module both import',
    );
  });

  it('finds a circle through a type-only import and a lazy require(), and a module that imports itself', () => {
    const sources: Record<string, string> = {
      'src/a.ts': "import type { B } from './b';\nexport const a = 1;\n",
      'src/b.ts': "export type B = number;\nexport const c = () => require('./c') as typeof import('./c');\n",
      'src/c.ts': "export { a } from './a';\n",
      'src/d.ts': "import * as self from './d';\nexport const d = self;\n",
      'src/e.ts': "import { a } from './a';\nexport const e = a;\n",
    };
    const resolve = (_from: string, spec: string) => `src/${spec.slice(2)}.ts`;
    const modules = new Map<string, ModuleInfo>(Object.entries(sources).map(([f, text]) => [f, readModule(f, text, resolve)]));
    assert.deepEqual(
      importCycles(modules, () => true),
      [['src/a.ts', 'src/b.ts', 'src/c.ts'], ['src/d.ts']],
    );
  });

  it('counts a module augmentation (declare module) as a use of the module it adds to', () => {
    const sources: Record<string, string> = {
      'src/table.ts': "import type { Row } from './row';\nexport interface Rows {}\nexport type All = Rows[keyof Rows] | Row;\n",
      'src/row.ts': "export type Row = string;\ndeclare module './table' {\n  interface Rows {\n    row: Row;\n  }\n}\n",
    };
    const resolve = (_from: string, spec: string) => `src/${spec.slice(2)}.ts`;
    const modules = new Map<string, ModuleInfo>(Object.entries(sources).map(([f, text]) => [f, readModule(f, text, resolve)]));
    assert.deepEqual(
      modules.get('src/row.ts')!.imports.map((e) => [e.to, [...e.names]]),
      [['src/table.ts', ['Rows']]],
    );
    assert.deepEqual(
      importCycles(modules, () => true),
      [['src/row.ts', 'src/table.ts']],
    );
  });
});
