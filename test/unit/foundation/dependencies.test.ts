// scripts/dependencies.mjs: `npm start` and `npm test` run `npm ci` first exactly when node_modules does not match
// package-lock.json, and both scripts start with node: built-ins only, so that they can run before any install.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { dependencyProblem } from '../../../scripts/dependencies.mjs';
import { REPO_ROOT, tempDirs } from '../../helpers/tempDirs';

const dirs = tempDirs('okstra-deps-');

function project(lock: Record<string, object> | null, installed: Record<string, object> | null | 'no node_modules'): string {
  const root = dirs.make();
  if (lock) fs.writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': {}, ...lock } }));
  if (installed !== 'no node_modules') {
    fs.mkdirSync(path.join(root, 'node_modules'));
    if (installed)
      fs.writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: installed }));
  }
  return root;
}

const ZOD = { 'node_modules/zod': { version: '4.6.7' } };

describe('npm start and npm test install what package-lock.json names', () => {
  after(dirs.cleanup);

  it('nothing to do when node_modules matches the lock file (platform packages left out are fine)', () => {
    const lock = { ...ZOD, 'node_modules/@esbuild/win32-x64': { version: '0.28.2', optional: true } };
    assert.equal(dependencyProblem(project(lock, ZOD)), null);
  });

  it('npm ci is needed when node_modules is missing, was not installed by npm, or differs', () => {
    assert.equal(dependencyProblem(project(ZOD, 'no node_modules')), 'node_modules is missing');
    assert.equal(dependencyProblem(project(ZOD, null)), 'node_modules was not installed by npm from package-lock.json');
    assert.equal(dependencyProblem(project(ZOD, {})), 'zod 4.6.7 is not installed');
    assert.equal(
      dependencyProblem(project(ZOD, { 'node_modules/zod': { version: '4.5.0' } })),
      'zod is 4.5.0, package-lock.json wants 4.6.7',
    );
    assert.equal(
      dependencyProblem(project(ZOD, { ...ZOD, 'node_modules/left-pad': { version: '1.3.0' } })),
      'left-pad is installed but not in package-lock.json',
    );
    assert.equal(dependencyProblem(project(null, ZOD)), 'package-lock.json is missing or unreadable');
  });

  it('scripts/start.mjs and scripts/test-all.mjs import only node: built-ins and the check before it has run', () => {
    for (const script of [
      'scripts/start.mjs',
      'scripts/test-all.mjs',
      'scripts/dependencies.mjs',
      'scripts/sampleProject.mjs',
      'scripts/startBanner.mjs',
    ]) {
      const text = fs.readFileSync(path.join(REPO_ROOT, script), 'utf8');
      const imports = [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
      for (const name of imports) {
        assert.ok(
          name.startsWith('node:') || ['./dependencies.mjs', './sampleProject.mjs', './startBanner.mjs'].includes(name),
          `${script} imports ${name} statically`,
        );
      }
    }
    const start = fs.readFileSync(path.join(REPO_ROOT, 'scripts/start.mjs'), 'utf8');
    assert.ok(start.indexOf('ensureDependencies(') < start.indexOf("await import('../test/runner/harness.mjs')"));
  });
});

describe('install scripts of the dependencies', () => {
  it('every dependency with an install script is decided in package.json allowScripts, so npm ci prints no install-scripts warning', () => {
    const read = (f: string) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, f), 'utf8'));
    const allow = (read('package.json').allowScripts ?? {}) as Record<string, unknown>;
    const withScripts = Object.entries(read('package-lock.json').packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([where, p]) => where !== '' && p.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    assert.ok(withScripts.includes('esbuild'), 'esbuild has an install script (its binary comes from an optional dependency)');
    assert.deepEqual(
      withScripts.filter((name) => !(name in allow) && !Object.keys(allow).some((k) => k.startsWith(`${name}@`))),
      [],
    );
    // None may run: no dependency whose install downloads a binary (CONTRIBUTING.md › Style).
    assert.deepEqual(
      Object.entries(allow).filter(([, v]) => v !== false),
      [],
    );
  });
});
