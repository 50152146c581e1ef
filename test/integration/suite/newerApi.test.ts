// The VS Code features newer than the engines' 1.100, as the real extension host has them: which path ran on this
// VS Code (printed as `[newer-api] …`), and on 1.101 or later that the workbench asked the extension for its MCP
// servers and what it got — the extension host's Node running the extension's dist/cli.js with
// `mcp --project-root <folder>`, in the folder, in the extension's environment — and that the workbench's own MCP
// service then starts it and lists its tools. On 1.100 nothing is registered and the prompts are as they were.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { quickInputLevel, versionAtLeast } from '../../../src/vscode/host/apiLevel';
import { EXTENSION_ID, features, waitFor } from './wizardMoreHelpers';

function say(line: string): void {
  console.log(`[newer-api] VS Code ${vscode.version}: ${line}`);
}

/** Resolves `p`, or `late` after `ms` (a workbench command that waits on something the harness cannot give). */
async function within<T>(p: Thenable<T>, ms: number, late: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late), ms)));
  try {
    return await Promise.race([Promise.resolve(p), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('newer VS Code features, detected at run time', function () {
  this.timeout(180_000);

  before(async () => {
    // Run alone, nothing else has activated the extension yet.
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
  });

  it('QuickPick prompt and button location: used from 1.108 and 1.109, not before', () => {
    const level = quickInputLevel(vscode.version, vscode as { QuickInputButtonLocation?: unknown });
    say(`QuickPick prompt ${level.pickPrompt ? 'used' : 'not available'}; button location ${level.inputButtonLocation ?? 'not available'}`);
    assert.equal(level.pickPrompt, versionAtLeast(vscode.version, 1, 108));
    assert.equal(level.inputButtonLocation !== undefined, versionAtLeast(vscode.version, 1, 109));
  });

  it('MCP server definitions: VS Code 1.101 or later asks the extension and gets okstra-wizard mcp for the folder', async () => {
    const mcp = features().mcp;
    const hasApi = versionAtLeast(vscode.version, 1, 101);
    say(`MCP server definition provider: ${mcp.path}`);
    assert.equal(mcp.path, hasApi ? 'provider' : 'absent');
    if (!hasApi) {
      assert.equal(mcp.asked.length, 0);
      return;
    }
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const commands = await vscode.commands.getCommands(true);
    const canList = commands.includes('workbench.mcp.listServer');
    say(`MCP: List Servers ${canList ? 'is' : 'is not'} a command here`);
    // MCP: List Servers activates the extensions' server collections, which makes VS Code ask the provider.
    if (canList) {
      await within(vscode.commands.executeCommand('workbench.mcp.listServer'), 5_000, undefined);
    }
    const asked = await waitFor('VS Code to ask for the MCP servers', () => mcp.asked.at(-1));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    say(`asked ${mcp.asked.length} time(s); got ${JSON.stringify(asked)}`);
    const ours = asked.find((s) => s.cwd === folder);
    assert.ok(ours, `a server for ${folder}`);
    assert.equal(ours.command, process.execPath);
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.deepEqual(ours.args, [path.join(ext.extensionPath, 'dist', 'cli.js'), 'mcp', '--project-root', folder]);
    assert.ok(fs.existsSync(ours.args[0]!), 'the extension has its dist/cli.js');
    assert.equal(ours.env.OKSTRA_TERMINAL_BACKEND, 'vscode-terminal');
    assert.equal(ours.env.PATH, process.env.PATH);

    // The workbench's MCP service starts the servers it lists; the tools of ours then reach the language-model API.
    const started = await within(
      vscode.commands.executeCommand('workbench.mcp.startServer', '*', { waitForLiveTools: true }).then(
        () => 'started',
        (err: unknown) => `refused: ${err instanceof Error ? err.message : String(err)}`,
      ),
      60_000,
      'no answer in 60 s',
    );
    const mcpTools = (): string[] =>
      vscode.lm.tools.map((t) => t.name).filter((n) => /wizard_list$/.test(n) && !n.startsWith('okstra_wizard_'));
    say(`workbench.mcp.startServer: ${started}; tools of MCP servers: ${JSON.stringify(mcpTools())}`);
    const listed = await waitFor('the MCP server’s tools in vscode.lm.tools', () => mcpTools()[0], 30_000).catch(() => undefined);
    say(listed ? `the workbench lists our server's tool ${listed}` : 'the workbench listed no tool of our server');
    assert.ok(listed, `no wizard_list tool of an MCP server among ${vscode.lm.tools.length} tools`);
  });
});
