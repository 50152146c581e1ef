// Runs once before all UI test files (mocha global fixture): start every UI run with an empty test-results/ui/ and
// test-results/screenshots/ (workbench.mjs), so that no screenshot there is older than the run.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../runner/harness.mjs';

export function mochaGlobalSetup() {
  for (const name of ['ui', 'screenshots']) {
    const dir = path.join(repoRoot, 'test-results', name);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
  }
}
