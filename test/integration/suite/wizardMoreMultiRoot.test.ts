// New Run… in a multi-root workspace: it first asks for the folder when more than one folder could be the
// project, and skips that question when only one folder has `.okstra`. It runs in the runner's second pass
// (test/runner/runIntegration.mjs opens test/fixtures/vscode-multi-root/okstra-multi-root.code-workspace with
// two folders, alpha and beta, and runs only the *MultiRoot.test.js suites there: test/integration/index.ts).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  FakeDialogs,
  accept,
  activeExtension,
  closePrompt,
  expectPicker,
  features,
  nextInput,
  setActive,
  stepOf,
} from './wizardMoreHelpers';

describe('multi-root workspace', function () {
  this.timeout(60_000);
  let alpha: string;
  let beta: string;

  before(async () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    // The runner opens this suite on test/fixtures/vscode-multi-root only (test/integration/index.ts).
    assert.ok(folders.length >= 2, `a multi-root workspace is open (folders: ${folders.map((f) => f.name).join(', ')})`);
    await activeExtension();
    assert.deepEqual(
      folders.map((f) => f.name),
      ['alpha', 'beta'],
    );
    alpha = folders[0].uri.fsPath;
    beta = folders[1].uri.fsPath;
    features().setDialogs(new FakeDialogs());
  });

  after(async () => {
    if (!alpha) return;
    await closePrompt().catch(() => undefined);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    features().setDialogs(undefined);
  });

  it('New Run… asks for the folder first when two folders have .okstra, and the wizard belongs to the chosen one', async () => {
    const picker = expectPicker();
    void vscode.commands.executeCommand('okstra.newRun');
    const folders = await picker;
    assert.equal(features().wizard.runner.input, undefined, 'no wizard prompt before the folder is chosen');
    assert.deepEqual(
      folders.items.map((i) => i.label),
      ['alpha', 'beta'],
    );
    await setActive(folders, (i) => i.label === 'beta');
    await accept();
    const input = await nextInput();
    assert.equal(stepOf(input), 'task-pick');
    assert.match(input.title ?? '', /^beta › Task {2}\(/);
    assert.equal(features().wizard.session?.projectRootAbs, beta);
    // Two folders: the Wizard view's title row and the status-bar item say which one the wizard is in.
    assert.equal(features().wizardView.description, 'beta');
    assert.match(features().wizard.statusBar.text, /okstra: beta — /);
    await closePrompt();
  });

  it('New Run… skips the folder question when only one folder has .okstra', async () => {
    const off = path.join(beta, '.okstra-off');
    fs.renameSync(path.join(beta, '.okstra'), off);
    try {
      void vscode.commands.executeCommand('okstra.newRun');
      const input = await nextInput();
      assert.equal(stepOf(input), 'task-pick');
      assert.match(input.title ?? '', /^alpha › Task {2}\(/);
      assert.equal(features().wizard.session?.projectRootAbs, alpha);
      await closePrompt();
    } finally {
      fs.renameSync(off, path.join(beta, '.okstra'));
    }
  });
});
