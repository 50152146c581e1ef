// The extension host calls run() (the extensionTestsPath contract of VS Code, as with @vscode/test-electron):
// it runs the suite/**/*.test.js bundles that scripts/build.mjs wrote next to this file, in one mocha. The runner
// (test/runner/runIntegration.mjs) opens VS Code twice: on one folder, where every suite but the multi-root ones
// runs, and on a multi-root workspace (OKSTRA_INTEGRATION_PASS=multi-root), where only the *MultiRoot.test.js
// suites run. No suite skips itself for being in the other pass.
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: false, // the output goes through the workbench console, which shows no ANSI colours
    timeout: 30_000,
  });
  // OKSTRA_INTEGRATION_GREP narrows a run while working on one test (`npm run test:integration`).
  if (process.env.OKSTRA_INTEGRATION_GREP) mocha.grep(process.env.OKSTRA_INTEGRATION_GREP);

  const suiteDir = path.join(__dirname, 'suite');
  const multiRootPass = process.env.OKSTRA_INTEGRATION_PASS === 'multi-root';
  const files = fs
    .readdirSync(suiteDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.js') && f.endsWith('MultiRoot.test.js') === multiRootPass)
    .sort();
  if (files.length === 0) return Promise.reject(new Error(`no *.test.js under ${suiteDir}: run node scripts/build.mjs`));
  for (const f of files) mocha.addFile(path.join(suiteDir, f));

  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => {
        if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
        else resolve();
      });
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
