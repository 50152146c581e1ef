// The extension's features: the wizard tree view, the prompt runner, the
// commands, the status-bar item and Run. activate() (extension.ts) calls
// registerFeatures once; everything here is cheap to create (P4), the engine
// is reached only when a command runs.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Dialogs } from './wizard/dialogs';
import { vscodeDialogs } from './wizard/dialogs';
import { WizardController } from './wizard/controller';
import type { EngineSessionFactory } from './wizard/engineSession';
import type { SessionFactory } from './wizard/sessionFactory';
import { WizardTreeProvider } from './tree/wizardTree';
import type { TreeRowModel } from './tree/treeModel';

/** What the integration tests reach through `extension.exports.features`. */
export interface FeaturesApi {
  readonly wizardView: vscode.TreeView<TreeRowModel>;
  readonly tree: WizardTreeProvider;
  readonly controller: WizardController;
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

export function registerFeatures(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): FeaturesApi {
  let dialogs: Dialogs = vscodeDialogs;
  let trustOverride: boolean | undefined;
  const isTrusted = (): boolean => trustOverride ?? vscode.workspace.isTrusted;
  let languageOverride: string | undefined;
  const language = (): string => languageOverride ?? vscode.env.language;
  // Forwarding object so tests can swap dialogs after the controller exists.
  const dialogProxy: Dialogs = {
    ask: (...a) => dialogs.ask(...a),
    info: (...a) => dialogs.info(...a),
    warn: (...a) => dialogs.warn(...a),
    error: (...a) => dialogs.error(...a),
  };

  const tree = new WizardTreeProvider();
  const wizardView = vscode.window.createTreeView('okstra.wizard', { treeDataProvider: tree, showCollapseAll: false });
  // The engine, store and workspace modules are evaluated on the first command, not at activation (P4).
  let engineFactory: EngineSessionFactory | undefined;
  const realFactory = (): EngineSessionFactory => {
    if (!engineFactory) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { EngineSessionFactory: Factory } = require('./wizard/engineSession') as typeof import('./wizard/engineSession');
      engineFactory = new Factory({ context, log, builtinProfilesDir: path.join(context.extensionPath, 'profiles'), isTrusted, language });
    }
    return engineFactory;
  };
  const factory: SessionFactory = {
    create: (...a) => realFactory().create(...a),
    open: (...a) => realFactory().open(...a),
    place: (...a) => realFactory().place(...a),
    listUnfinished: (...a) => realFactory().listUnfinished(...a),
    latest: (...a) => realFactory().latest(...a),
  };
  const controller = new WizardController({ context, log, factory, tree, dialogs: dialogProxy, isTrusted });
  context.subscriptions.push(wizardView, controller);

  const register = (id: string, handler: (...args: never[]) => unknown): void => {
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: never[]) => {
        log.debug(`command ${id}`);
        try {
          await handler(...args);
        } catch (err) {
          // Never a raw exception for the user: the message, and the stack in the log.
          log.error(`${id} failed:`, err instanceof Error ? (err.stack ?? err.message) : String(err));
          void vscode.window.showErrorMessage(err instanceof Error ? err.message : String(err));
        }
      }),
    );
  };
  register('okstra.newRun', (folder?: vscode.Uri, task?: string) => controller.newRun(folder, task));
  register('okstra.resume', (statePath?: string) => controller.resume(statePath));
  register('okstra.editStep', () => controller.editStep());
  register('okstra.editFromHere', (row?: TreeRowModel | string) => controller.editFromHere(row));
  register('okstra.run', () => controller.run());
  register('okstra.runAgain', () => controller.run());
  register('okstra.showConfirmation', () => controller.showConfirmation());
  register('okstra.openStateFile', () => controller.openStateFile());
  register('okstra.abort', () => controller.abort());
  register('okstra.showOutput', () => controller.showOutput());
  register('okstra.promptBack', () => controller.runner.back());

  // After a reload the view shows the latest wizard again (read when the view is first shown, not at activation).
  const showLatest = (): void => {
    if (wizardView.visible) void controller.loadLatest();
  };
  context.subscriptions.push(wizardView.onDidChangeVisibility(showLatest));
  // Not inside activate(): loading the engine and the state takes longer than the activation budget (P4).
  setTimeout(showLatest, 0);

  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      log.info('workspace trusted: Run is enabled');
      controller.refresh();
    }),
  );
  void vscode.commands.executeCommand('setContext', 'okstra.hasWizard', false);
  void vscode.commands.executeCommand('setContext', 'okstra.canRun', false);
  log.info(`wizard UI registered (language ${vscode.env.language}, workspace ${isTrusted() ? 'trusted' : 'not trusted'})`);

  return {
    wizardView,
    tree,
    controller,
    setDialogs: (d) => {
      dialogs = d ?? vscodeDialogs;
    },
    setTrustOverride: (trusted) => {
      trustOverride = trusted;
      log.info(`trust override: ${String(trusted)}`);
    },
    setLanguageOverride: (lang) => {
      languageOverride = lang;
      log.info(`language override: ${String(lang)}`);
    },
  };
}
