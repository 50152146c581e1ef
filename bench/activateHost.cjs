// P4 without VS Code: loads an extension bundle in a plain Node process with
// a minimal fake `vscode` module and calls activate() once, printing
//   {"requireMs": …, "activateMs": …, "reportedMs": …}
// `reportedMs` is the extension's own measurement (OkstraExtensionApi.activationMs).
// The fake answers every API with a no-op (functions return disposables);
// it measures our code's cost, not VS Code's. The real figure comes from
// the integration suite (`npm run test:integration` logs "activate() took").
//   node bench/activateHost.cjs <dist/extension.js> <workspace folder> [visible]
'use strict';
const Module = require('node:module');
const path = require('node:path');

const [bundle, folder] = process.argv.slice(2);

const FIXED = {
  'vscode.version': '1.100.0',
  'vscode.env.language': 'en',
  'vscode.env.appName': 'bench',
  'vscode.workspace.isTrusted': true,
  'vscode.workspace.workspaceFolders': folder
    ? [{ uri: { fsPath: folder, scheme: 'file', path: folder, toString: () => `file://${folder}` }, name: path.basename(folder), index: 0 }]
    : undefined,
  'vscode.l10n.t': (message, ...args) =>
    (typeof message === 'string' ? message : String(message && message.message)).replace(/\{(\d+)\}/g, (_, i) => String(args[i])),
  'vscode.l10n.bundle': undefined,
  'vscode.l10n.uri': undefined,
  'vscode.window.activeTextEditor': undefined,
  // The Wizard view is hidden at activation unless the run asks for it (`visible` as a third argument).
  'vscode.window.createTreeView().visible': process.argv[4] === 'visible',
};

function fake(name) {
  const cache = new Map();
  const target = function () {};
  return new Proxy(target, {
    get(_t, prop) {
      if (typeof prop === 'symbol') return undefined;
      if (prop === 'then') return undefined; // not a thenable
      if (prop === 'dispose') return () => undefined;
      if (prop === 'toString') return () => `[fake ${name}]`;
      const key = `${name}.${prop}`;
      if (Object.prototype.hasOwnProperty.call(FIXED, key)) return FIXED[key];
      if (!cache.has(prop)) cache.set(prop, fake(key));
      return cache.get(prop);
    },
    set(_t, prop, value) {
      cache.set(prop, value);
      return true;
    },
    apply() {
      return fake(`${name}()`);
    },
    construct() {
      return fake(`new ${name}`);
    },
  });
}

// The module object: a plain object (esbuild's interop copies its own keys) with every top-level name of
// @types/vscode; each is a fake unless FIXED gives a value.
function vscodeModule() {
  const fs = require('node:fs');
  const dts = fs.readFileSync(require.resolve('@types/vscode/index.d.ts', { paths: [path.join(__dirname, '..')] }), 'utf8');
  const names = new Set([...dts.matchAll(/^\t(?:export )?(?:namespace|class|enum|const|let|function) (\w+)/gm)].map((m) => m[1]));
  const mod = {};
  for (const name of names) {
    const key = `vscode.${name}`;
    const value = Object.prototype.hasOwnProperty.call(FIXED, key) ? FIXED[key] : fake(key);
    Object.defineProperty(mod, name, { enumerable: true, value });
  }
  return mod;
}
const vscode = vscodeModule();
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'vscode') return vscode;
  return load.call(this, request, parent, isMain);
};

const pkgRoot = path.resolve(path.dirname(bundle), '..');
const context = {
  subscriptions: [],
  extension: { packageJSON: require(path.join(pkgRoot, 'package.json')), extensionPath: pkgRoot, id: 'okstra.okstra-wizard' },
  extensionPath: pkgRoot,
  extensionUri: { fsPath: pkgRoot, scheme: 'file', path: pkgRoot },
  globalState: { get: () => undefined, update: async () => undefined, keys: () => [], setKeysForSync: () => undefined },
  workspaceState: { get: () => undefined, update: async () => undefined, keys: () => [] },
  storageUri: undefined,
  globalStorageUri: { fsPath: path.join(pkgRoot, '.bench-storage'), scheme: 'file', path: path.join(pkgRoot, '.bench-storage') },
  logUri: { fsPath: path.join(pkgRoot, '.bench-log'), scheme: 'file' },
  asAbsolutePath: (p) => path.join(pkgRoot, p),
  environmentVariableCollection: fake('environmentVariableCollection'),
  secrets: fake('secrets'),
  extensionMode: 1,
};

const t0 = performance.now();
const ext = require(path.resolve(bundle));
const t1 = performance.now();
const api = ext.activate(context);
const t2 = performance.now();
process.stdout.write(
  JSON.stringify({
    requireMs: t1 - t0,
    activateMs: t2 - t1,
    reportedMs: api && typeof api.activationMs === 'number' ? api.activationMs : null,
  }) + '\n',
);
// Fake timers or watchers must not keep the process alive.
process.exit(0);
