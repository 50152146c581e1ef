// okstra-wizard's MCP server offered to VS Code's agents (src/vscode/lm/mcpServers.ts), over a fake `vscode` module:
// on a VS Code with the MCP server definition API (1.101 or later) the provider is registered under package.json's
// id and gives one server per folder with .okstra/ — the extension's cli.js with `mcp --project-root`, in the folder,
// in the extension's environment (okstra.providers as OKSTRA_<P>_CLI); without the API nothing is registered.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import Module from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { providerCliEnvVar } from '../../../src/core/roles/providerCli';
import { readSettings } from '../../../src/vscode/settings/settings';
import { terminalEnvironment } from '../../../src/vscode/settings/terminalEnvironment';
import { TrustGate } from '../../../src/vscode/settings/trust';
import { FakeWindow } from './fakeWindow';

const REPO = path.resolve(__dirname, '..', '..', '..');

class FakeEmitter<T> {
  private listeners: Array<(e: T) => void> = [];
  event = (listener: (e: T) => void) => {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  };
  fire(e: T): void {
    for (const l of this.listeners) l(e);
  }
  dispose(): void {
    this.listeners = [];
  }
}

class StdioDefinition {
  cwd: { fsPath: string } | undefined;
  constructor(
    readonly label: string,
    readonly command: string,
    readonly args: string[],
    readonly env: Record<string, string>,
    readonly version: string,
  ) {}
}

const fakeVscode = { EventEmitter: FakeEmitter, Uri: { file: (p: string) => ({ fsPath: p }) } };

describe('MCP server definition provider (VS Code 1.101 or later)', () => {
  let saved: unknown;
  let mod: typeof import('../../../src/vscode/lm/mcpServers');
  let root: string;
  const quiet = {
    lines: [] as string[],
    info(m: string) {
      this.lines.push(m);
    },
  };

  before(() => {
    saved = (Module as any)._resolveFilename;
    (Module as any)._resolveFilename = function (request: string, ...rest: unknown[]) {
      return request === 'vscode' ? 'vscode' : (saved as any).call(this, request, ...rest);
    };
    require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: fakeVscode } as any;
    delete require.cache[require.resolve('../../../src/vscode/lm/mcpServers')];
    mod = require('../../../src/vscode/lm/mcpServers');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-mcp-'));
    for (const name of ['payments', 'notes', 'billing']) fs.mkdirSync(path.join(root, name));
    fs.mkdirSync(path.join(root, 'payments', '.okstra'));
    fs.mkdirSync(path.join(root, 'billing', '.okstra'));
  });

  after(() => {
    (Module as any)._resolveFilename = saved;
    delete require.cache.vscode;
    fs.rmSync(root, { recursive: true, force: true });
  });

  function deps(win: FakeWindow, folders: string[], electron = false): import('../../../src/vscode/lm/mcpServers').McpServersDeps {
    const trust = new TrustGate(win);
    return {
      folders: () => folders.map((name) => ({ name, rootAbs: path.join(root, name) })),
      hasOkstra: (rootAbs) => fs.existsSync(path.join(rootAbs, '.okstra')),
      settingsEnv: (rootAbs) => terminalEnvironment(readSettings(win, trust, rootAbs), providerCliEnvVar),
      cliPath: path.join(REPO, 'dist', 'cli.js'),
      execPath: '/opt/vscode/node',
      electron,
      env: { PATH: '/usr/local/bin:/usr/bin', HOME: '/home/me' },
      version: '0.1.0',
    };
  }

  function fakeApi() {
    const registered: Array<{ id: string; provider: any }> = [];
    const api = {
      lm: {
        registerMcpServerDefinitionProvider: (id: string, provider: any) => {
          registered.push({ id, provider });
          return { dispose() {} };
        },
      },
      McpStdioServerDefinition: StdioDefinition,
    };
    return { api, registered };
  }

  it('registers the provider package.json contributes, and gives one server per folder with .okstra/, in the extension environment', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
    assert.deepEqual(
      pkg.contributes.mcpServerDefinitionProviders.map((p: { id: string }) => p.id),
      [mod.MCP_PROVIDER_ID],
    );
    const win = new FakeWindow();
    win.settings.providers = { claude: { path: '/opt/claude/bin/claude' } };
    const { api, registered } = fakeApi();
    const folderChanged = new FakeEmitter<unknown>();
    const subscriptions: Array<{ dispose(): void }> = [];
    const reported = mod.registerMcpServers(
      subscriptions as any,
      quiet,
      deps(win, ['payments', 'notes', 'billing']),
      [folderChanged.event as any],
      mod.mcpApi(api),
    );
    assert.equal(reported.path, 'provider');
    assert.deepEqual(
      registered.map((r) => r.id),
      ['okstra.wizard'],
    );
    const defs: StdioDefinition[] = await registered[0]!.provider.provideMcpServerDefinitions({});
    assert.deepEqual(
      defs.map((d) => [d.label, d.command, d.args, d.cwd?.fsPath]),
      ['payments', 'billing'].map((name) => [
        `okstra-wizard (${name})`,
        '/opt/vscode/node',
        [path.join(REPO, 'dist', 'cli.js'), 'mcp', '--project-root', path.join(root, name)],
        path.join(root, name),
      ]),
    );
    assert.deepEqual(defs[0]!.env, {
      PATH: '/usr/local/bin:/usr/bin',
      OKSTRA_TERMINAL_BACKEND: 'vscode-terminal',
      OKSTRA_CLAUDE_CLI: '/opt/claude/bin/claude',
    });
    assert.equal(reported.asked.length, 1);
    assert.deepEqual(
      reported.asked[0]!.map((s) => s.cwd),
      [path.join(root, 'payments'), path.join(root, 'billing')],
    );
    // A change (folders, settings, trust, .okstra/) makes VS Code ask again.
    let refreshed = 0;
    registered[0]!.provider.onDidChangeMcpServerDefinitions(() => refreshed++);
    folderChanged.fire(undefined);
    assert.equal(refreshed, 1);
  });

  it('names the one server okstra-wizard, runs Electron as Node, and leaves the provider paths out in an untrusted workspace', async () => {
    const win = new FakeWindow();
    win.settings.providers = { claude: { path: '/opt/claude/bin/claude' } };
    win.trusted = false;
    const { api, registered } = fakeApi();
    mod.registerMcpServers([], quiet, deps(win, ['payments'], true), [], mod.mcpApi(api));
    const [def] = (await registered[0]!.provider.provideMcpServerDefinitions({})) as StdioDefinition[];
    assert.equal(def!.label, 'okstra-wizard');
    assert.deepEqual(def!.env, { PATH: '/usr/local/bin:/usr/bin', OKSTRA_TERMINAL_BACKEND: 'vscode-terminal', ELECTRON_RUN_AS_NODE: '1' });
  });

  it('registers nothing on a VS Code without the API (1.100), and says so in the log', () => {
    const without = { lm: { registerTool: () => ({ dispose() {} }) } };
    assert.equal(mod.mcpApi(without), null);
    assert.equal(mod.mcpApi({ lm: { registerMcpServerDefinitionProvider: () => undefined } }), null, 'both members are needed');
    quiet.lines = [];
    const subscriptions: unknown[] = [];
    const reported = mod.registerMcpServers(subscriptions as any, quiet, deps(new FakeWindow(), ['payments']), [], mod.mcpApi(without));
    assert.equal(reported.path, 'absent');
    assert.deepEqual(subscriptions, []);
    assert.match(quiet.lines.join('\n'), /no MCP server definition API/);
  });

  it('registers nothing on VS Code 1.100, whose API wants another manifest key and throws when the provider is registered', () => {
    const { api } = fakeApi();
    assert.equal(mod.mcpApi({ ...api, version: '1.100.3' }), null);
    assert.notEqual(mod.mcpApi({ ...api, version: '1.101.0' }), null);
    assert.notEqual(mod.mcpApi({ ...api, version: '1.139.1' }), null);
  });

  it('a provider VS Code refuses leaves the extension working: nothing registered, the log says why', () => {
    const refusing = {
      registerMcpServerDefinitionProvider: () => {
        throw new Error('MCP configuration providers must be registered in the contributes.modelContextServerCollections array');
      },
      McpStdioServerDefinition: class {} as any,
    };
    quiet.lines = [];
    const subscriptions: unknown[] = [];
    const reported = mod.registerMcpServers(subscriptions as any, quiet, deps(new FakeWindow(), ['payments']), [], refusing as any);
    assert.equal(reported.path, 'absent');
    assert.deepEqual(subscriptions, []);
    assert.match(quiet.lines.join('\n'), /VS Code refused the provider \(MCP configuration providers must be registered/);
  });
});
