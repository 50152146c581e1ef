// What a person met on the fourth walk through the extension, driven in plain Node with the fake window
// (shellHarness.ts) on a copy of the demo: a refused answer names its real cause (the task folder gone, an invalid
// .okstra/config.yaml), and "out of date" is said only when the wizard moved.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FakeQuickPick } from './fakeWindow';
import { answerUntil, openShell, startTask, type Shell } from './shellHarness';

describe('vscode shell: the fourth walk', function () {
  this.timeout(30_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  it('the task folder moved away under an open prompt: the refusal names the folder, not "out of date"', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'evidence');
    const taskDir = path.join(shell.project, '.okstra', 'tasks', 'payments', 'currency-rounding');
    fs.renameSync(taskDir, `${taskDir}-moved`);
    const prompt = input as FakeQuickPick;
    await prompt.enter();
    const said = prompt.errorText() ?? prompt.placeholder ?? '';
    console.log(`      said: ${said}`);
    assert.doesNotMatch(said, /out of date/);
    assert.match(said, /currency-rounding\/task-manifest\.json not found\. Nothing was saved: put that file right \(or back\)/);
  });

  it('.okstra/config.yaml made invalid under an open prompt: the refusal names the file, not "out of date"', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'evidence');
    fs.writeFileSync(path.join(shell.project, '.okstra', 'config.yaml'), 'projectId: [unclosed\n');
    const prompt = input as FakeQuickPick;
    await prompt.enter();
    const said = prompt.errorText() ?? prompt.placeholder ?? '';
    console.log(`      said: ${said}`);
    assert.doesNotMatch(said, /out of date/);
    assert.match(said, /^\.okstra\/config\.yaml:2:1: invalid YAML: .*\. Nothing was saved: put that file right/);
  });
});
