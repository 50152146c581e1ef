// The extension's features: the wizard tree view, the wizard's command table, the status-bar item, Run, the
// Tasks view and the terminals' environment. activate() (extension.ts) calls registerFeatures once; everything
// here is cheap to create (P4), the engine is reached only when a command runs.

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { providerCliEnvVar } from '../core/roles/providerCli';
import { COMMAND_IDS, CONTEXT_KEYS, VIEW_IDS } from './commandIds';
import { openWizard } from './commands/index';
import { registerCommands } from './host/commandRegistrar';
import { createTreeView } from './host/treeViews';
import { createVscodeWindow } from './host/vscodeWindow';
import type { Disposable } from './host/window';
import { vscodeRunPort } from './run/vscodeRunPort';
import { extensionCli, registerMcpServers, type McpServersApi } from './lm/mcpServers';
import { registerTasksView, type TasksViewApi } from './tasks/tasksView';
import type { TreeRowModel } from './tree/treeModel';
import { WizardTreeProvider } from './tree/wizardTree';
import type { WizardContext } from './wizard/context';
import type { WizardView } from './tree/wizardTree';
import { hostDialogs, type Dialogs } from './host/dialogs';
import type { WorkspaceWizardCalls, WorkspaceWizards } from './wizard/workspaceWizards';
import { environmentSource, readSettings } from './settings/settings';
import { loadLatestAfterActivation } from './wizard/stateFiles';
import { followRunsAfterLoad } from './commands/runLife';
import { terminalEnvironment } from './settings/terminalEnvironment';
import { TrustGate } from './settings/trust';
import { WalkthroughProgress } from './walkthrough';

/** What the integration tests reach through `extension.exports.features`. */
export interface FeaturesApi {
  readonly wizardView: vscode.TreeView<TreeRowModel>;
  readonly tree: WizardTreeProvider;
  /** The wizard the commands share: the open session, the prompt runner, the end of a run (runFinished, runSettled). */
  readonly wizard: WizardContext;
  readonly tasks: TasksViewApi;
  /** okstra-wizard's MCP servers as VS Code ≥ 1.101 gets them (lm/mcpServers.ts): which path ran, and each ask. */
  readonly mcp: McpServersApi;
  /** The QuickPicks of Edit Step…, Resume Wizard and the folder choice (HostWindow.showQuickPick) as they open. */
  readonly onDidShowPicker: vscode.Event<vscode.QuickPick<vscode.QuickPickItem>>;
  /** The markdown a read-only document of this name shows now (the integration tests read the confirmation). */
  readOnlyDocument(name: string): string | undefined;
  /** The wizards of the workspace folders (loaded on first use): the language-model tools share them with the wizard. */
  workspaceWizards(): WorkspaceWizards;
  /** Answers the wizard's modal questions in tests (defaults to the real dialogs). */
  setDialogs(dialogs: Dialogs | undefined): void;
  /** Pretends the workspace is (un)trusted, for the R6 guard where the harness cannot revoke trust; undefined = real trust. */
  setTrustOverride(trusted: boolean | undefined): void;
  /**
   * The language the engine's text catalogue is picked for (`ko…` = Korean) instead of `vscode.env.language`,
   * which cannot change while the host runs; undefined = the display language. VS Code's own l10n strings are not affected.
   */
  setLanguageOverride(language: string | undefined): void;
}

/** How long after the okstra view is shown the read-ahead starts (the view's own reads go first). */
const WARM_UP_DELAY_MS = 1500;

export function registerFeatures(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): FeaturesApi {
  const host = createVscodeWindow(context.subscriptions as Disposable[]);
  const trust = new TrustGate(host);
  const realDialogs = hostDialogs(host);
  let dialogs: Dialogs = realDialogs;
  let languageOverride: string | undefined;
  const language = (): string => languageOverride ?? vscode.env.language;
  // Forwarding object so tests can swap dialogs after the wizard exists.
  const dialogProxy: Dialogs = {
    ask: (...a) => dialogs.ask(...a),
    info: (...a) => dialogs.info(...a),
    warn: (...a) => dialogs.warn(...a),
    error: (...a) => dialogs.error(...a),
  };

  const tree = new WizardTreeProvider();
  const wizardView = createTreeView(VIEW_IDS.wizard, { treeDataProvider: tree, showCollapseAll: false });
  // The engine, store and workspace modules are evaluated on the first command, not at activation (P4).
  let loadedWizards: WorkspaceWizards | undefined;
  const realFactory = (): WorkspaceWizards => {
    if (!loadedWizards) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { WorkspaceWizards: Wizards } = require('./wizard/workspaceWizards') as typeof import('./wizard/workspaceWizards');
      loadedWizards = new Wizards({
        storage: context.workspaceState,
        log,
        builtinProfilesDir: path.join(context.extensionPath, 'profiles'),
        settings: (rootAbs) => readSettings(host, trust, rootAbs),
        language,
        t: host.t,
      });
    }
    return loadedWizards;
  };
  const factory: WorkspaceWizardCalls = {
    create: (...a) => realFactory().create(...a),
    open: (...a) => realFactory().open(...a),
    place: (...a) => realFactory().place(...a),
    listUnfinished: (...a) => realFactory().listUnfinished(...a),
    latest: (...a) => realFactory().latest(...a),
    warm: (...a) => realFactory().warm(...a),
    discard: (...a) => realFactory().discard(...a),
    running: (...a) => realFactory().running(...a),
    checkRunEnvironment: (...a) => realFactory().checkRunEnvironment(...a),
  };
  // Once the okstra view is shown: the engine and the task catalogue are read while the person looks at the view,
  // so that New Run's first task list is as quick as any later one (P10). Never at activation (P4).
  let warmed = false;
  const warmUp = (): void => {
    if (warmed) return;
    warmed = true;
    setTimeout(() => {
      const started = performance.now();
      for (const folder of host.workspaceFolders()) {
        try {
          const settings = readSettings(host, trust, folder.rootAbs);
          factory.warm?.(folder, { hostRuntime: settings.hostRuntime, entryMode: settings.hostEntryMode });
        } catch (err) {
          log.debug(`warming up ${folder.rootAbs} failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      log.info(`read ahead for New Run in ${(performance.now() - started).toFixed(0)} ms`);
      // The confirmation's preview (the markdown extension) too: activating it while the first prompt is computed slowed that prompt.
      void host.prepareReadOnlyDocument().catch(() => undefined);
    }, WARM_UP_DELAY_MS);
  };
  // The view's title row names the wizard's folder when the workspace has several (context.ts refresh).
  const view: WizardView = {
    setSession: (session, extras) => {
      tree.setSession(session, extras);
      wizardView.description = extras.folderName;
    },
  };
  const { wizard, commands } = openWizard({ host, log, factory, view, dialogs: dialogProxy, trust, run: vscodeRunPort(log) });
  // The walkthrough's steps are checked when they are done, whether the walkthrough is open or not.
  const walkthrough = new WalkthroughProgress(context.extension.id, (id, ...args) => host.executeCommand(id, ...args), log);
  walkthrough.busy = () => wizard.runner.input !== undefined || wizard.loop.running;
  const commandRan = (id: string): void => walkthrough.commandRan(id);
  context.subscriptions.push(
    wizardView,
    wizard,
    ...registerCommands(host, log, COMMAND_IDS, commands, commandRan),
    wizard.answered.event(() => walkthrough.done('answer')),
    wizard.runFinished.event(() => walkthrough.done('run')),
    wizard.runner.onDidChangeInput((input) => {
      if (!input) walkthrough.rested();
    }),
  );
  const tasks = registerTasksView({
    host,
    log,
    extensionPath: context.extensionPath,
    environment: (rootAbs) => environmentSource(readSettings(host, trust, rootAbs)),
    commandRan,
  });
  context.subscriptions.push(...tasks.disposables);

  // After a reload the view shows the latest wizard again (read when the view is first shown, not at activation).
  const onViewVisibility = (): void => {
    // A click on the okstra icon while a prompt is open leaves the keyboard with the prompt: when it shows the
    // sidebar, and when it hides it (VS Code then gives the focus to the editor, where Enter went into the file).
    if (wizard.runner.input) wizard.runner.focus();
    if (!wizardView.visible) return;
    // The rows again now that the view is resolved: a change sent before the workbench had the view is not lost.
    tree.refresh();
    walkthrough.done('openView');
    warmUp();
    if (!wizard.runner.input) void wizard.loadLatest();
  };
  context.subscriptions.push(
    wizardView.onDidChangeVisibility(onViewVisibility),
    // The walkthrough's first step: the okstra view shown (also when it was open before the walkthrough ever was).
    tasks.api.view.onDidChangeVisibility((visible) => {
      if (wizard.runner.input) wizard.runner.focus();
      if (visible) walkthrough.done('openView');
    }),
  );
  // Not inside activate(): loading the engine and the state takes longer than the activation budget (P4).
  setTimeout(() => {
    if (tasks.api.view.visible) walkthrough.done('openView');
    if (wizardView.visible) {
      walkthrough.done('openView');
      warmUp();
      void wizard.loadLatest();
      return;
    }
    // A paused wizard has its status-bar item after a reload, the okstra view shown or not: a few directory reads
    // and a storage read first, the engine only when a wizard (in a state file or workspace storage) is there.
    void loadLatestAfterActivation(wizard, context.workspaceState).then(() => (wizard.session ? followRunsAfterLoad(wizard) : undefined));
  }, 0);

  // The integrated terminals get the environment the extension works with (the CLI there agrees with it).
  const applyTerminalEnvironment = (): void => {
    const folder = host.workspaceFolders()[0];
    if (!folder) return;
    const env = terminalEnvironment(readSettings(host, trust, folder.rootAbs), providerCliEnvVar);
    const collection = context.environmentVariableCollection;
    collection.clear();
    collection.description = vscode.l10n.t('okstra-wizard: the terminal backend and provider CLIs the extension uses');
    for (const [k, v] of Object.entries(env)) collection.replace(k, v);
  };
  setTimeout(applyTerminalEnvironment, 0);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('okstra')) return;
      applyTerminalEnvironment();
      // A personal team or a model default changed under an open prompt: its choices as they are now.
      void wizard.loop.followInputs('settings');
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      log.info('workspace trusted: Run is enabled');
      applyTerminalEnvironment();
      wizard.refresh();
    }),
  );
  // VS Code's agents get okstra-wizard's MCP server for each folder with .okstra/, in the same environment.
  const okstraDirs = vscode.workspace.createFileSystemWatcher('**/.okstra', false, true, false);
  context.subscriptions.push(okstraDirs);
  const mcp = registerMcpServers(
    context.subscriptions,
    log,
    {
      folders: () => host.workspaceFolders(),
      hasOkstra: (rootAbs) => fs.statSync(path.join(rootAbs, '.okstra'), { throwIfNoEntry: false })?.isDirectory() === true,
      settingsEnv: (rootAbs) => terminalEnvironment(readSettings(host, trust, rootAbs), providerCliEnvVar),
      cliPath: extensionCli(context.extensionPath),
      execPath: process.execPath,
      electron: process.versions.electron !== undefined,
      env: process.env,
      version: String((context.extension.packageJSON as { version?: unknown }).version ?? ''),
    },
    [
      vscode.workspace.onDidChangeWorkspaceFolders,
      (listener) => vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('okstra') && listener(e)),
      vscode.workspace.onDidGrantWorkspaceTrust,
      okstraDirs.onDidCreate,
      okstraDirs.onDidDelete,
    ],
  );
  host.setContext(CONTEXT_KEYS.hasWizard, false);
  host.setContext(CONTEXT_KEYS.canRun, false);
  log.info(`wizard UI registered (language ${vscode.env.language}, workspace ${trust.isTrusted() ? 'trusted' : 'not trusted'})`);

  return {
    wizardView,
    tree,
    wizard,
    tasks: tasks.api,
    mcp,
    onDidShowPicker: host.onDidShowPicker,
    readOnlyDocument: (name) => host.readOnlyDocument(name),
    workspaceWizards: realFactory,
    setDialogs: (d) => {
      dialogs = d ?? realDialogs;
    },
    setTrustOverride: (trusted) => {
      trust.setOverride(trusted);
      log.info(`trust override: ${String(trusted)}`);
      wizard.refresh();
    },
    setLanguageOverride: (lang) => {
      languageOverride = lang;
      log.info(`language override: ${String(lang)}`);
    },
  };
}
