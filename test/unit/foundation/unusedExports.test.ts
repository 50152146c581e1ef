// Every name a module of src/ exports is imported by another module (of src/, test/, scripts/ or bench/), except
// where a program reads the exports: the package's entry points and the modules the build compiles and calls by
// name. An export nothing imports is either used in its own file only (drop `export`) or dead (delete it).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readModule, REPO, repositoryModules, usedExports, type ModuleInfo } from './importGraph';

/** Modules whose exports a program reads: VS Code (activate), the executables, the bundles, the build. */
const ENTRY_POINTS = [
  'src/vscode/extension.ts', // package.json "main" (activate, deactivate)
  'src/cli/main.ts', // package.json "bin"
  'src/cli/launcher.ts', // the CLI's start-up (scripts/cliBundles.mjs)
  'src/vscode/bundles/engine.ts', // the extension's lazily loaded bundles (scripts/extensionBundles.mjs)
  'src/vscode/bundles/run.ts',
  'src/vscode/bundles/tasks.ts',
  'src/core/roles/builtinData.ts', // parseBuiltins / installBuiltins, compiled and called by scripts/builtinData.mjs
].filter((f) => fs.existsSync(path.join(REPO, f)));

/**
 * Exports of modules that another branch is rewriting now (the host layer: src/cli/openWizard.ts, src/mcp/, src/store/,
 * the extension's engine session and language-model wizard; the CLI's YAML memo, which the build rewrite removes).
 * Each is named; the list only ever shrinks.
 */
const PENDING = new Set<string>([
  // The environment's sources, for the extension's wizards and Tasks view when they build theirs in src/host/environment.ts.
  'src/host/environment.ts EnvironmentSettings',
  'src/cli/openWizard.ts InitOptions',
  'src/mcp/server.ts SERVER_INSTRUCTIONS',
  'src/mcp/server.ts McpIo',
  'src/store/atomicWrite.ts CheckedWrite',
  'src/store/index.ts legacySourceMatches',
  'src/store/index.ts removeStaleArtifacts',
  'src/store/index.ts LegacyInfo',
  'src/store/index.ts LegacySource',
  'src/store/index.ts LoadOptions',
  'src/store/index.ts LoadNotice',
  'src/store/index.ts moveStatePayload',
  'src/store/index.ts StateFileStatus',
  'src/store/index.ts StateFileProbe',
  'src/store/index.ts CreateOptions',
  'src/store/index.ts BackupResult',
  'src/store/index.ts MoveOptions',
  'src/store/index.ts MoveResult',
  'src/store/index.ts assertWritableTarget',
  'src/store/index.ts companionCandidates',
  'src/store/index.ts isPidAlive',
  'src/store/index.ts LOCK_WAIT_MS',
  'src/store/lock.ts LOCK_WAIT_MS',
  'src/store/lock.ts LockOwner',
  'src/store/stateFile.ts LegacySource',
  'src/store/stateFile.ts LegacyInfo',
  'src/store/stateFile.ts LoadNotice',
  'src/store/stateFile.ts legacySourceMatches',
  'src/store/stateFile.ts removeStaleArtifacts',
  'src/store/wizardFiles.ts StateFileStatus',
  'src/store/wizardFiles.ts StateFileProbe',
  'src/store/wizardFiles.ts CreateOptions',
  'src/store/wizardFiles.ts BackupResult',
  'src/store/wizardFiles.ts MoveOptions',
  'src/store/wizardFiles.ts MoveResult',
  'src/store/wizardFiles.ts moveStatePayload',
  'src/vscode/lm/lmWizard.ts LmErrorDoc',
  'src/vscode/tasks/wizardProbe.ts WizardProbeDeps',
  'src/vscode/wizard/workspaceWizards.ts KeyValueStorage',
  'src/vscode/wizard/workspaceWizards.ts WorkspaceWizardsDeps',
]);

/** `<file>:<line> <name>` of each export of src/ that no other module uses. */
function unusedExports(modules: ReadonlyMap<string, ModuleInfo>, entries: readonly string[]): string[] {
  const used = usedExports(modules, new Set(entries));
  const out: string[] = [];
  for (const [file, m] of modules) {
    if (!file.startsWith('src/') || entries.includes(file)) continue;
    const names = used.get(file) ?? new Set<string>();
    if (names.has('*')) continue;
    for (const [name, e] of m.exports) if (!names.has(name)) out.push(`${file}:${e.line} ${name}`);
  }
  return out.sort();
}

describe('unused exports in src/', () => {
  it('every export is imported somewhere (entry points aside)', () => {
    const unused = unusedExports(repositoryModules(), ENTRY_POINTS);
    const pending = unused.filter((u) => PENDING.has(u.replace(/:\d+ /, ' ')));
    assert.deepEqual(
      unused.filter((u) => !pending.includes(u)),
      [],
      'each line is an export nothing imports: drop `export` when its own file uses it, else delete it',
    );
    const stale = [...PENDING].filter((p) => !pending.some((u) => u.replace(/:\d+ /, ' ') === p));
    assert.deepEqual(stale, [], 'these pending exports are used or gone now: take them off the list');
  });

  it('finds an export used only in its own file, and follows uses through barrels, namespaces and lazy requires', () => {
    const sources: Record<string, string> = {
      'src/a.ts':
        'export const used = 1;\nexport const local = 2;\nexport const viaNs = 3;\nexport const viaRequire = 4;\nexport function f() { return local; }\n',
      'src/index.ts': "export { used, local } from './a';\nexport * from './b';\n",
      'src/b.ts': 'export type ViaStar = number;\nexport const unusedB = 0;\n',
      'src/c.ts':
        "import { used, type ViaStar } from './index';\nimport * as ns from './a';\nexport const g = (x: ViaStar) => used + ns.viaNs + x;\nconst { viaRequire } = require('./a') as typeof import('./a');\n",
      'src/entry.ts': "export { g } from './c';\nexport const main = () => 0;\n",
    };
    const resolve = (_from: string, spec: string) => `src/${spec.slice(2)}.ts`;
    const modules = new Map(Object.entries(sources).map(([f, text]) => [f, readModule(f, text, resolve)]));
    assert.deepEqual(unusedExports(modules, ['src/entry.ts']), [
      'src/a.ts:2 local',
      'src/a.ts:5 f',
      'src/b.ts:2 unusedB',
      'src/c.ts:3 g',
      'src/index.ts:1 local',
    ]);
  });
});
