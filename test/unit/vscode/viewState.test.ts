// What the Wizard view and the status bar show of the loaded wizard: the context keys that hide the view's welcome
// are set before its rows, the wizard's folder is named when the workspace has several, and the cheap look for a
// state file or a wizard in workspace storage that lets the shell show a paused wizard's status-bar item after a
// reload (stateFiles.ts).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { COMMAND_IDS, CONTEXT_KEYS } from '../../../src/vscode/commandIds';
import { loadLatestAfterActivation } from '../../../src/vscode/wizard/stateFiles';
import { hasStateFile as hasStateFileIn } from '../../../src/host/stateFileScan';

const hasStateFile = (folders: Array<{ name: string; rootAbs: string }>) => hasStateFileIn(folders.map((f) => f.rootAbs));
import { openShell, stepOf, type Shell } from './shellHarness';

const REPO = path.resolve(__dirname, '../../..');

describe('vscode shell: the Wizard view and the status bar of the loaded wizard', function () {
  this.timeout(20_000);
  let shell: Shell;
  let other: string;
  beforeEach(() => {
    shell = openShell();
    other = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-beta-'));
  });
  afterEach(() => {
    shell.close();
    fs.rmSync(other, { recursive: true, force: true });
  });

  it("sets okstra.hasWizard before the view gets the wizard's rows (the welcome is hidden by it, never shown over them)", async () => {
    const seen: Array<[string, unknown, boolean]> = [];
    const setContext = shell.win.setContext.bind(shell.win);
    shell.win.setContext = (key, value) => {
      seen.push([key, value, shell.view.session !== undefined]);
      setContext(key, value);
    };
    await shell.wizard.loadLatest();
    assert.ok(shell.view.session, 'the latest wizard is loaded');
    assert.deepEqual(
      seen.find(([key, value]) => key === CONTEXT_KEYS.hasWizard && value === true),
      [CONTEXT_KEYS.hasWizard, true, false],
      'okstra.hasWizard is true before the view has the session',
    );
  });

  it("names the wizard's folder in the view's title row and the status bar only when the workspace has several folders", async () => {
    await shell.wizard.loadLatest();
    assert.equal(shell.view.extras.folderName, undefined);
    assert.match(shell.win.statusItem.text, /okstra: payments\/refund-timeout/);
    assert.doesNotMatch(shell.win.statusItem.tooltip ?? '', /Workspace folder/);

    shell.win.folders = [...shell.win.folders, { name: 'beta', rootAbs: other }];
    shell.wizard.refresh();
    assert.equal(shell.view.extras.folderName, 'acme-payments');
    assert.match(shell.win.statusItem.text, /okstra: acme-payments · payments\/refund-timeout — /);
    assert.match(shell.win.statusItem.tooltip ?? '', /\nWorkspace folder: acme-payments$/);
    shell.wizard.statusBar.running('payments/refund-timeout', 'acme-payments');
    assert.match(shell.win.statusItem.text, /okstra: acme-payments · payments\/refund-timeout — running$/);
  });
});

describe('vscode shell: after a reload, the status-bar item of a wizard whose task is not chosen yet', function () {
  this.timeout(30_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  /** New Run, its first prompt (the task list) left open, and the window reloaded: the wizard is in workspace storage. */
  async function reloadAtFirstPrompt(): Promise<void> {
    void shell.command('newRun');
    assert.equal(stepOf(await shell.next()), 'task-pick');
    shell = shell.reload();
    assert.equal(shell.win.statusItem.visible, false, 'no item before the look after activation');
  }

  const NO_TASK_ITEM = /^\$\(list-ordered\) okstra: acme-payments — .+ \(1 of \d+\)$/;

  it('shows it without the okstra view, when no state file is there (the reload kept the wizard, as Escape would not)', async () => {
    fs.rmSync(shell.stateFile('payments/refund-timeout'));
    await reloadAtFirstPrompt();
    await loadLatestAfterActivation(shell.wizard, shell.storage);
    assert.equal(shell.win.statusItem.visible, true, 'the status-bar item is shown');
    assert.match(shell.win.statusItem.text, NO_TASK_ITEM);
    assert.equal(shell.win.statusItem.command, COMMAND_IDS.resume);
    assert.equal(shell.view.session?.wizard.statePath, null, 'the Wizard view has the same wizard');
  });

  it('shows the latest wizard when a state file is there too: the one written last', async () => {
    const file = shell.stateFile('payments/refund-timeout');
    fs.utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    await reloadAtFirstPrompt();
    await loadLatestAfterActivation(shell.wizard, shell.storage);
    assert.match(shell.win.statusItem.text, NO_TASK_ITEM, 'the wizard in workspace storage is newer');

    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(file, later, later);
    shell = shell.reload();
    await loadLatestAfterActivation(shell.wizard, shell.storage);
    assert.match(shell.win.statusItem.text, /^\$\(list-ordered\) okstra: payments\/refund-timeout — /, 'the state file is newer');
    assert.equal(shell.view.session?.wizard.statePath, file);
  });
});

describe("vscode shell: a state file in the workspace, without the engine (the host's stateFileScan.ts)", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-state-files-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds the demo’s state file, and none in a folder without one', async () => {
    assert.equal(await hasStateFile([{ name: 'demo', rootAbs: path.join(REPO, 'demo') }]), true);
    const empty = { name: 'empty', rootAbs: dir };
    assert.equal(await hasStateFile([empty]), false, 'no .okstra');
    fs.mkdirSync(path.join(dir, '.okstra/tasks/payments/refund-timeout'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.okstra/tasks/payments/refund-timeout/task-manifest.json'), '{}');
    fs.mkdirSync(path.join(dir, '.okstra/tasks/payments/x.wizard.json'));
    assert.equal(await hasStateFile([empty]), false, 'a task folder, and a folder named like a state file');
    fs.writeFileSync(path.join(dir, '.okstra/tasks/payments/refund-timeout.wizard.json'), '{}');
    assert.equal(await hasStateFile([{ name: 'demo', rootAbs: path.join(dir, 'nowhere') }, empty]), true, 'in the second folder');
  });
});

describe('package.json: the Wizard view welcome', () => {
  it('is hidden while a wizard is loaded (okstra.hasWizard), so it never shows over its rows', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
      contributes: { viewsWelcome: Array<{ view: string; contents: string; when: string }> };
    };
    const welcome = pkg.contributes.viewsWelcome.find((w) => w.view === 'okstra.wizard' && w.contents.endsWith('.folder%'));
    assert.ok(welcome);
    assert.match(welcome.when, /&& !okstra\.hasWizard$/);
  });
});
