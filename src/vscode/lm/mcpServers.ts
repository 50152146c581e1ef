// okstra-wizard's MCP server offered to VS Code's own agents (package.json `mcpServerDefinitionProviders`, VS Code
// ≥ 1.101): one stdio server per workspace folder that has `.okstra/` — the extension's own dist/cli.js run with
// `mcp --project-root <folder>` by the extension host's Node, in that folder, with the environment the extension
// itself works in (PATH, OKSTRA_TERMINAL_BACKEND=vscode-terminal and okstra.providers' paths as OKSTRA_<P>_CLI,
// as the integrated terminals get them: settings/terminalEnvironment.ts), so that no one writes an mcp.json. The list
// is offered again when folders, okstra.* settings, trust or a folder's `.okstra/` change. The API is newer than
// the engines' VS Code: it is declared here and detected at run time; without it nothing is registered.

import * as path from 'node:path';
import * as vscode from 'vscode';

/** The provider's id, as package.json's `contributes.mcpServerDefinitionProviders` declares it. */
export const MCP_PROVIDER_ID = 'okstra.wizard';

/** One server as it is offered (what VS Code got, for the log and the tests). */
export interface McpServerSpec {
  label: string;
  command: string;
  args: string[];
  /** The project root: the folder's path, also given as `--project-root`. */
  cwd: string;
  env: Record<string, string>;
  version: string;
}

/** The VS Code ≥ 1.101 surface used here (@types/vscode is 1.100's). */
interface McpStdioDefinition {
  cwd?: vscode.Uri;
}
interface McpProvider {
  readonly onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): vscode.ProviderResult<McpStdioDefinition[]>;
}
interface McpApi {
  registerMcpServerDefinitionProvider(id: string, provider: McpProvider): vscode.Disposable;
  McpStdioServerDefinition: new (
    label: string,
    command: string,
    args?: string[],
    env?: Record<string, string>,
    version?: string,
  ) => McpStdioDefinition;
}

/** Whether a VS Code version (`1.100.3`) is older than 1.101, whose MCP API the manifest's contribution is written for. */
function olderThan1101(version: string | undefined): boolean {
  const [major, minor] = (version ?? '').split('.').map(Number);
  return major === 1 && minor! < 101;
}

/**
 * The MCP API of this VS Code, or null when it is older than 1.101: VS Code 1.100 has the function too, but wants the
 * provider under another manifest key and throws when the extension registers it.
 */
export function mcpApi(api: { lm?: unknown; McpStdioServerDefinition?: unknown; version?: string } = vscode as never): McpApi | null {
  const lm = api.lm as { registerMcpServerDefinitionProvider?: unknown } | undefined;
  if (typeof lm?.registerMcpServerDefinitionProvider !== 'function' || typeof api.McpStdioServerDefinition !== 'function') return null;
  if (olderThan1101(api.version)) return null;
  return {
    registerMcpServerDefinitionProvider: (id, provider) =>
      (lm.registerMcpServerDefinitionProvider as McpApi['registerMcpServerDefinitionProvider']).call(lm, id, provider),
    McpStdioServerDefinition: api.McpStdioServerDefinition as McpApi['McpStdioServerDefinition'],
  };
}

export interface McpServersDeps {
  folders(): Array<{ name: string; rootAbs: string }>;
  /** Whether the folder has `.okstra/`. */
  hasOkstra(rootAbs: string): boolean;
  /** The environment variables the extension's settings give the CLI in that folder (terminalEnvironment). */
  settingsEnv(rootAbs: string): Record<string, string>;
  /** The extension's dist/cli.js. */
  cliPath: string;
  /** The Node that runs it: the extension host's own executable. */
  execPath: string;
  /** The extension host is Electron (desktop VS Code): its executable runs as Node with ELECTRON_RUN_AS_NODE=1. */
  electron: boolean;
  /** The extension host's environment (its PATH is the server's). */
  env: NodeJS.ProcessEnv;
  version: string;
}

/** The servers offered now: one per folder with `.okstra/`; named after the folder when there are several. */
export function mcpServerSpecs(deps: McpServersDeps): McpServerSpec[] {
  const folders = deps.folders().filter((f) => deps.hasOkstra(f.rootAbs));
  return folders.map((f) => {
    const env: Record<string, string> = {};
    if (deps.env.PATH !== undefined) env.PATH = deps.env.PATH;
    Object.assign(env, deps.settingsEnv(f.rootAbs));
    if (deps.electron) env.ELECTRON_RUN_AS_NODE = '1';
    return {
      label: folders.length > 1 ? `okstra-wizard (${f.name})` : 'okstra-wizard',
      command: deps.execPath,
      args: [deps.cliPath, 'mcp', '--project-root', f.rootAbs],
      cwd: f.rootAbs,
      env,
      version: deps.version,
    };
  });
}

/** What the extension reports of the MCP servers (the integration tests read it through the features API). */
export interface McpServersApi {
  /** `provider`: registered with VS Code; `absent`: this VS Code has no MCP server definition API. */
  readonly path: 'provider' | 'absent';
  /** Each time VS Code asked for the servers: what it got. */
  readonly asked: McpServerSpec[][];
}

/**
 * Registers the provider when VS Code has the API. `changes` are the events after which the list may differ
 * (folders, settings, trust, a folder's `.okstra/`); each makes VS Code ask again.
 */
export function registerMcpServers(
  subscriptions: vscode.Disposable[],
  log: { info(message: string): void },
  deps: McpServersDeps,
  changes: Array<vscode.Event<unknown>>,
  api: McpApi | null = mcpApi(),
): McpServersApi {
  const asked: McpServerSpec[][] = [];
  if (!api) {
    log.info('MCP servers: this VS Code has no MCP server definition API (1.101 or later); okstra-wizard mcp is not offered');
    return { path: 'absent', asked };
  }
  const changed = new vscode.EventEmitter<void>();
  let registration: vscode.Disposable;
  try {
    registration = api.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: changed.event,
      provideMcpServerDefinitions: () => {
        const specs = mcpServerSpecs(deps);
        asked.push(specs);
        log.info(`MCP servers offered: ${specs.map((s) => `${s.label} in ${s.cwd}`).join(', ') || 'none (no folder has .okstra/)'}`);
        return specs.map((s) => {
          const def = new api.McpStdioServerDefinition(s.label, s.command, s.args, s.env, s.version);
          def.cwd = vscode.Uri.file(s.cwd);
          return def;
        });
      },
    });
  } catch (err) {
    // The rest of the extension works without it: the server is then offered by an mcp.json (docs/mcp.md).
    changed.dispose();
    log.info(
      `MCP servers: VS Code refused the provider (${err instanceof Error ? err.message : String(err)}); okstra-wizard mcp is not offered`,
    );
    return { path: 'absent', asked };
  }
  subscriptions.push(changed, registration, ...changes.map((e) => e(() => changed.fire())));
  return { path: 'provider', asked };
}

/** The extension's dist/cli.js. */
export function extensionCli(extensionPath: string): string {
  return path.join(extensionPath, 'dist', 'cli.js');
}
