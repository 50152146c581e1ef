// What a person met on the fourth walk through the extension, the rest of it, driven in plain Node with the fake
// window (shellHarness.ts) on a copy of the demo: the task picker takes the task whose key was typed.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FakeQuickPick } from './fakeWindow';
import { openShell, stepOf, type Shell } from './shellHarness';

describe('vscode shell: the fourth walk, the rest', function () {
  this.timeout(30_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  it("typing a task's word in the task picker makes the task whose key matches the active row (Enter takes it)", async () => {
    // A newer task whose title holds the word: it is the picker's first row (the latest) and its default.
    const manifest = path.join(shell.project, '.okstra', 'tasks', 'ledger', 'fx-rate-cache', 'task-manifest.json');
    const m = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(
      manifest,
      JSON.stringify({ ...m, title: 'Cache currency FX rates per settlement day', updatedAt: '2099-01-01T00:00:00Z' }),
    );
    void shell.command('newRun');
    const picker = (await shell.next()) as FakeQuickPick;
    assert.equal(stepOf(picker), 'task-pick');
    await picker.typeFilter('currency');
    assert.equal(picker.activeItems[0]?.model?.value, 'payments/currency-rounding');
    await picker.typeFilter('currency-rounding');
    assert.equal(picker.activeItems[0]?.model?.value, 'payments/currency-rounding');
    await picker.typeFilter('ledger/fx');
    assert.equal(picker.activeItems[0]?.model?.value, 'ledger/fx-rate-cache');
    await picker.enter();
    const next = await shell.next(picker);
    assert.notEqual(stepOf(next), 'task-pick');
  });
});
