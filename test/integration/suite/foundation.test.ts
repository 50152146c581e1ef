// Runs inside the real VS Code extension host (see test/runner/). Checks the foundation: the manifest as
// VS Code read it, activation on workspaceContains:.okstra, the Wizard view, and the command handlers.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { OkstraExtensionApi } from '../../../src/vscode/extension';

const EXTENSION_ID = 'okstra.okstra-wizard';

interface ContributedCommand {
  command: string;
  title: string;
  category?: string;
}

async function waitFor(what: string, predicate: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function extension(): vscode.Extension<OkstraExtensionApi> {
  const ext = vscode.extensions.getExtension<OkstraExtensionApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded (is extensionDevelopmentPath the repository root?)`);
  return ext;
}

/** Every string of the manifest, with its JSON path. */
function strings(value: unknown, at = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${at}.${k}`));
  return [];
}

describe('foundation', () => {
  it('runs inside a real VS Code extension host', () => {
    console.log(
      `      vscode.version ${vscode.version} (${vscode.env.appName}, uiKind ${vscode.UIKind[vscode.env.uiKind]}, remote ${vscode.env.remoteName ?? 'none'}, node ${process.version})`,
    );
    assert.match(vscode.version, /^1\.\d+\.\d+/);
    assert.ok(vscode.workspace.workspaceFolders?.length, 'the run must open the fixture workspace');
  });

  it('activates by itself on workspaceContains:.okstra', async () => {
    const ext = extension();
    // Nothing in this suite has called activate(): the fixture's .okstra folder must be what activates it.
    await waitFor('the extension to activate', () => ext.isActive);
    assert.deepEqual(ext.packageJSON.activationEvents, ['workspaceContains:.okstra']);
  });

  // Reported, not enforced (no timing assertions in the tests): `npm run bench` judges P4 and reads this line from
  // the integration log (OKSTRA_INTEGRATION_LOG, bench/processes.ts integrationActivation).
  it("prints activate()'s own measurement for the bench's P4 row", () => {
    const api = extension().exports;
    assert.equal(typeof api.activationMs, 'number');
    assert.ok(Number.isFinite(api.activationMs) && api.activationMs > 0, `activationMs: ${api.activationMs}`);
    const verdict = api.activationMs < 50 ? 'within' : 'OVER';
    console.log(`      activate() took ${api.activationMs.toFixed(1)} ms (${verdict} the 50 ms budget of P4)`);
  });

  it('resolves every %placeholder% of the manifest from package.nls.json', () => {
    const unresolved = strings(extension().packageJSON.contributes, 'contributes').filter(([, s]) => /^%[^%\s]+%$/.test(s));
    assert.deepEqual(unresolved, []);
    const commands = extension().packageJSON.contributes.commands as ContributedCommand[];
    assert.equal(commands.find((c) => c.command === 'okstra.newRun')?.title, 'New Run…');
  });

  it('contributes the Wizard view in the okstra activity-bar container and shows it', async () => {
    const { contributes } = extension().packageJSON;
    assert.equal(contributes.viewsContainers.activitybar[0].id, 'okstra');
    assert.equal(contributes.views.okstra[0].id, 'okstra.wizard');
    await vscode.commands.executeCommand('okstra.wizard.focus');
    const view = extension().exports.features.wizardView;
    await waitFor('the Wizard view to become visible', () => view.visible, 10_000);
    assert.equal(view.visible, true);
  });

  it('registers a handler for every contributed command', async () => {
    const contributed = (extension().packageJSON.contributes.commands as ContributedCommand[]).map((c) => c.command);
    assert.ok(contributed.length > 0, 'the manifest contributes commands');
    const registered = new Set((await vscode.commands.getCommands(true)).filter((c) => c.startsWith('okstra.')));
    for (const c of contributed) assert.ok(c.startsWith('okstra.'), `command ${c} is outside the okstra namespace`);
    assert.deepEqual(
      contributed.filter((c) => !registered.has(c)),
      [],
      'contributed commands without a handler',
    );
  });

  if (process.env.OKSTRA_RUNNER_SELFTEST_FAIL === '1') {
    it('runner self-test: fails on purpose (OKSTRA_RUNNER_SELFTEST_FAIL=1) so the run must turn red', () => {
      assert.fail('deliberate failure: the runner must report it and exit non-zero');
    });
  }
});
