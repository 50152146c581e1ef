// New Run… in a multi-root workspace: it first asks for the folder when more than one folder could be the
// project, and skips that question when only one folder has `.okstra`. It runs in the runner's second pass
// (test/runner/runIntegration.mjs opens test/fixtures/vscode-multi-root/okstra-multi-root.code-workspace with
// two folders, alpha and beta, and greps "multi-root workspace"); in the single-folder pass it skips itself.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { FakeDialogs, accept, activeExtension, closePrompt, features, nextInput, sleep, stepOf } from './wizardMoreHelpers';

describe('multi-root workspace', function () {
  this.timeout(60_000);
  let alpha: string;
  let beta: string;

  before(async function () {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length < 2) {
      console.log("      (one folder open: the multi-root tests run in the runner's multi-root pass)");
      this.skip();
    }
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
    void vscode.commands.executeCommand('okstra.newRun');
    await sleep(1000); // the folder pick is a showQuickPick (no handle): wait until the renderer shows it
    assert.equal(features().wizard.runner.input, undefined, 'no wizard prompt before the folder is chosen');
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext'); // alpha → beta
    await sleep(200);
    await accept();
    const input = await nextInput();
    assert.equal(stepOf(input), 'task-pick');
    assert.match(input.title ?? '', /^beta › Task {2}\(/);
    assert.equal(features().wizard.session?.projectRootAbs, beta);
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
