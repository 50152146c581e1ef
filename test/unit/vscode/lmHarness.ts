// The language-model tools (src/vscode/lm/) in plain Node: a fake `vscode` module (the few members the tools use),
// the extension's own WorkspaceWizards with the fake window's settings, and the tools as
// registerLanguageModelTools registers them. The wizard the view shows is `shownStatePath()`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Module from 'node:module';
import { readSettings } from '../../../src/vscode/settings/settings';
import { TrustGate } from '../../../src/vscode/settings/trust';
import { FakeWindow } from './fakeWindow';

const REPO = path.resolve(__dirname, '..', '..', '..');

export type LmTool = {
  prepareInvocation?: (o: { input: any }, t: unknown) => Promise<any> | any;
  invoke: (o: { input: any; toolInvocationToken: undefined }, t: unknown) => Promise<any>;
};

export interface LmHarness {
  tools: Map<string, LmTool>;
  /** Invokes a tool and parses the JSON document it answers. */
  call(name: string, input: Record<string, unknown>): Promise<any>;
  /** Puts back the real module resolution and PATH. */
  restore(): void;
}

/** The workspace the fake module shows now (a module loaded once keeps the one fake; its members read this). */
let active: { tools: Map<string, LmTool>; project: string } = { tools: new Map(), project: '' };

const fake = {
  lm: {
    registerTool: (name: string, tool: LmTool) => {
      active.tools.set(name, tool);
      return { dispose() {} };
    },
  },
  l10n: { t: (m: string, ...a: unknown[]) => m.replace(/\{(\d+)\}/g, (_s, i: string) => String(a[Number(i)])) },
  workspace: {
    get workspaceFolders() {
      return [{ name: path.basename(active.project), uri: { fsPath: active.project } }];
    },
    asRelativePath: (p: string) => path.relative(active.project, p),
    getConfiguration: () => ({ get: (_k: string, d: unknown) => d }),
    isTrusted: true,
  },
  Uri: { file: (p: string) => ({ fsPath: p }) },
  env: { language: 'en', shell: '/bin/bash' },
  LanguageModelToolResult: class {
    constructor(readonly content: unknown[]) {}
  },
  LanguageModelTextPart: class {
    constructor(readonly value: string) {}
  },
};

/** The tools over the workspace folder `project` (PATH = `pathEnv` while installed); the view shows `shownStatePath()`. */
export function installLmTools(project: string, shownStatePath: () => string | null, pathEnv: string): LmHarness {
  const tools = new Map<string, LmTool>();
  active = { tools, project };
  const saved = { resolve: (Module as any)._resolveFilename, path: process.env.PATH };
  process.env.PATH = pathEnv;
  (Module as any)._resolveFilename = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? 'vscode' : saved.resolve.call(this, request, ...rest);
  };
  require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: fake } as any;
  const { registerLanguageModelTools } =
    require('../../../src/vscode/lm/wizardTools') as typeof import('../../../src/vscode/lm/wizardTools');
  const quiet = { info() {}, warn() {}, debug() {}, error() {}, trace() {} };
  const context = {
    subscriptions: [] as unknown[],
    extensionPath: REPO,
    extension: { packageJSON: JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) },
    workspaceState: { get: (_k: string, d: unknown) => d, update: async () => undefined },
  };
  // The extension's own WorkspaceWizards, as features.ts makes it (no VS Code needed: the window is faked).
  const { WorkspaceWizards } =
    require('../../../src/vscode/wizard/workspaceWizards') as typeof import('../../../src/vscode/wizard/workspaceWizards');
  const win = new FakeWindow();
  const trust = new TrustGate(win);
  const factory = new WorkspaceWizards({
    storage: context.workspaceState as any,
    log: quiet as any,
    builtinProfilesDir: path.join(REPO, 'profiles'),
    settings: (root) => readSettings(win, trust, root),
    language: () => 'en',
    t: win.t,
  });
  registerLanguageModelTools(
    context as any,
    quiet as any,
    {
      wizard: {
        get session() {
          const statePath = shownStatePath();
          return statePath ? { wizard: { statePath } } : undefined;
        },
      },
      workspaceWizards: () => factory,
    } as any,
  );
  return {
    tools,
    async call(name, input) {
      const r = await tools.get(name)!.invoke({ input, toolInvocationToken: undefined }, undefined);
      return JSON.parse(r.content[0].value);
    },
    restore() {
      (Module as any)._resolveFilename = saved.resolve;
      delete require.cache.vscode;
      process.env.PATH = saved.path;
    },
  };
}
