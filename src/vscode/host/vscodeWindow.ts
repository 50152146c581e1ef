// The real HostWindow: each method forwards to one `vscode` API call (a tree view: its TreeDataProvider, which
// turns the source's plain items into TreeItems). No logic here: what is worth testing lives behind the seam
// (window.ts) and is unit-tested with a fake.

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { quickInputLevel } from './apiLevel';
import { treeRowAriaLabel, withoutIcons } from './ariaLabel';
import { MarkdownPreviews } from './markdownPreview';
import { MarkdownViews } from './markdownView';
import { createTreeView as createLaidOutTreeView } from './treeViews';
import type { Disposable, FolderInfo, HostTreeView, HostWindow, StatusItem, TreeItemModel, TreeSource } from './window';

/** The real HostWindow, and the QuickPicks its showQuickPick opens, as they open (the integration tests drive them). */
interface VscodeWindow extends HostWindow {
  readonly onDidShowPicker: vscode.Event<vscode.QuickPick<vscode.QuickPickItem>>;
  /** The markdown the read-only document `name` shows now, if it is open. */
  readOnlyDocument(name: string): string | undefined;
}

/** vscode.window.showQuickPick's choice, made with a QuickPick this module can hand to `shown`. */
function showPicker<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: { title: string; placeHolder: string; ignoreFocusOut?: boolean },
  shown: vscode.EventEmitter<vscode.QuickPick<vscode.QuickPickItem>>,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const qp = vscode.window.createQuickPick<T>();
    qp.title = options.title;
    qp.placeholder = options.placeHolder;
    qp.ignoreFocusOut = options.ignoreFocusOut ?? false;
    qp.items = items;
    let chosen: T | undefined;
    qp.onDidAccept(() => {
      chosen = qp.selectedItems[0] ?? qp.activeItems[0];
      if (chosen) qp.hide();
    });
    qp.onDidHide(() => {
      qp.dispose();
      resolve(chosen);
    });
    qp.show();
    shown.fire(qp as unknown as vscode.QuickPick<vscode.QuickPickItem>);
  });
}

const COLLAPSIBLE = {
  none: vscode.TreeItemCollapsibleState.None,
  collapsed: vscode.TreeItemCollapsibleState.Collapsed,
  expanded: vscode.TreeItemCollapsibleState.Expanded,
} as const;

function treeItem(m: TreeItemModel): vscode.TreeItem {
  const item = new vscode.TreeItem(m.label, COLLAPSIBLE[m.collapsible]);
  item.id = m.id;
  item.description = m.description;
  if (m.tooltip !== undefined) item.tooltip = new vscode.MarkdownString(m.tooltip);
  item.iconPath = new vscode.ThemeIcon(m.icon, m.iconColor ? new vscode.ThemeColor(m.iconColor) : undefined);
  item.contextValue = m.contextValue;
  item.command = m.command;
  item.accessibilityInformation = { label: treeRowAriaLabel(m) };
  return item;
}

function createTreeView<T>(
  viewId: string,
  source: TreeSource<T>,
  options: { showCollapseAll: boolean; canSelectMany?: boolean },
): HostTreeView<T> {
  const provider: vscode.TreeDataProvider<T> = {
    onDidChangeTreeData: (listener) => source.onDidChangeTreeData(listener),
    getTreeItem: (row) => treeItem(source.getTreeItem(row)),
    getChildren: (row) => source.getChildren(row),
    getParent: (row) => source.getParent(row),
  };
  const view = createLaidOutTreeView(viewId, {
    treeDataProvider: provider,
    showCollapseAll: options.showCollapseAll,
    canSelectMany: options.canSelectMany ?? false,
  });
  return {
    get visible() {
      return view.visible;
    },
    get description() {
      return view.description;
    },
    set description(text) {
      view.description = text;
    },
    get message() {
      return view.message;
    },
    set message(text) {
      view.message = text;
    },
    reveal: (row, o) => Promise.resolve(view.reveal(row, { expand: o.expand })),
    onDidExpandElement: (listener) => view.onDidExpandElement((e) => listener(e.element)),
    onDidCollapseElement: (listener) => view.onDidCollapseElement((e) => listener(e.element)),
    onDidChangeVisibility: (listener) => view.onDidChangeVisibility((e) => listener(e.visible)),
    dispose: () => view.dispose(),
  };
}

export function createVscodeWindow(subscriptions: Disposable[]): VscodeWindow {
  const views = new MarkdownViews();
  const previews = new MarkdownPreviews();
  const pickerShown = new vscode.EventEmitter<vscode.QuickPick<vscode.QuickPickItem>>();
  subscriptions.push(views, previews, pickerShown);
  /** The context keys as last set (setContext sends only a change). */
  const contextValues = new Map<string, unknown>();
  const folderInfo = (f: vscode.WorkspaceFolder): FolderInfo => ({ name: f.name, rootAbs: f.uri.fsPath });
  const level = quickInputLevel(vscode.version, vscode as { QuickInputButtonLocation?: unknown });
  return {
    t: (message, ...args) => vscode.l10n.t(message, ...args),
    language: () => vscode.env.language,
    themeIcon: (id) => new vscode.ThemeIcon(id),
    shell: () => vscode.env.shell,
    createQuickPick: () => vscode.window.createQuickPick(),
    createInputBox: () => vscode.window.createInputBox(),
    quickInput: {
      back: vscode.QuickInputButtons.Back,
      // VS Code 1.109 or later: inside the box it fills, else in the title bar.
      browse: {
        iconPath: new vscode.ThemeIcon('folder-opened'),
        tooltip: vscode.l10n.t('Choose a file…'),
        ...(level.inputButtonLocation !== undefined ? { location: level.inputButtonLocation } : {}),
      },
      separator: vscode.QuickPickItemKind.Separator,
      errorSeverity: vscode.InputBoxValidationSeverity.Error,
      level,
    },
    showQuickPick: (items, options) => showPicker(items, options, pickerShown),
    onDidShowPicker: pickerShown.event,
    readOnlyDocument: (name) => views.markdown(name) ?? previews.markdown(name),
    showMessage: (severity, message, options, buttons) => {
      const show =
        severity === 'info'
          ? vscode.window.showInformationMessage
          : severity === 'warning'
            ? vscode.window.showWarningMessage
            : vscode.window.showErrorMessage;
      return Promise.resolve(
        options.modal ? show(message, { modal: true, detail: options.detail }, ...buttons) : show(message, ...buttons),
      );
    },
    flash: (text) => {
      vscode.window.setStatusBarMessage(text, 3000);
    },
    createStatusBarItem: (): StatusItem => {
      const item = vscode.window.createStatusBarItem('okstra.wizard', vscode.StatusBarAlignment.Left, 50);
      // Read as its words: without it, the icon's id (`list-ordered okstra: …`).
      return {
        get text() {
          return item.text;
        },
        set text(text) {
          item.text = text;
          item.accessibilityInformation = { label: withoutIcons(text) };
        },
        get tooltip() {
          return typeof item.tooltip === 'string' ? item.tooltip : undefined;
        },
        set tooltip(text) {
          item.tooltip = text;
        },
        get command() {
          return item.command as StatusItem['command'];
        },
        set command(command) {
          item.command = command;
        },
        show: () => item.show(),
        hide: () => item.hide(),
        dispose: () => item.dispose(),
      };
    },
    showTextDocument: async (fileAbs, options) => {
      await vscode.window.showTextDocument(vscode.Uri.file(fileAbs), {
        preview: options.preview,
        preserveFocus: options.preserveFocus,
        viewColumn: options.beside ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active,
      });
    },
    showReadOnlyDocument: async (name, markdown) => {
      try {
        return await views.show(name, markdown);
      } catch {
        // The markdown extension cannot render it here: its preview, which does not say when it has drawn its page.
        await previews.show(name, markdown);
        return { drawn: Promise.resolve() };
      }
    },
    prepareReadOnlyDocument: async () => {
      await vscode.extensions.getExtension('vscode.markdown-language-features')?.activate();
    },
    closeReadOnlyDocument: async (name) => {
      views.close(name);
      await previews.close(name);
    },
    revealInExplorer: async (pathAbs) => {
      await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.file(pathAbs));
    },
    showOpenDialog: async (options) => {
      const picked = await vscode.window.showOpenDialog({
        title: options.title,
        defaultUri: vscode.Uri.file(options.defaultDirAbs),
        canSelectFiles: true,
        canSelectFolders: false,
        canSelectMany: false,
      });
      return picked?.[0]?.fsPath;
    },
    writeClipboard: (text) => Promise.resolve(vscode.env.clipboard.writeText(text)),
    setContext: (key, value) => {
      // Only a change is sent: every refresh sets the same keys, and each call is a message to the workbench, which
      // then looks at every menu and keybinding again (they came before the next prompt, on every answer).
      if (contextValues.has(key) && Object.is(contextValues.get(key), value)) return;
      contextValues.set(key, value);
      void vscode.commands.executeCommand('setContext', key, value);
    },
    executeCommand: (id, ...args) => Promise.resolve(vscode.commands.executeCommand(id, ...args)),
    registerCommand: (id, run) => vscode.commands.registerCommand(id, run),
    showInputBox: (options) => Promise.resolve(vscode.window.showInputBox(options)),
    createTreeView,
    watchFile: (fileAbs, onChange) => {
      const w = vscode.workspace.createFileSystemWatcher(
        new vscode.RelativePattern(vscode.Uri.file(path.dirname(fileAbs)), path.basename(fileAbs)),
      );
      w.onDidChange(onChange);
      w.onDidCreate(onChange);
      w.onDidDelete(onChange);
      // A stat poll as well: the workbench watcher was seen not to report changes in some remote setups
      // (code-server test runs); one file polled once a second costs nothing, and the sha check dedups.
      const poll = (curr: fs.Stats, prev: fs.Stats): void => {
        if (curr.mtimeMs !== prev.mtimeMs || curr.size !== prev.size) onChange();
      };
      fs.watchFile(fileAbs, { interval: 1000 }, poll);
      return vscode.Disposable.from(w, { dispose: () => fs.unwatchFile(fileAbs, poll) });
    },
    watchFolder: (folderAbs, glob, onChange) => {
      const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(folderAbs), glob));
      const on = (uri: vscode.Uri): void => onChange(uri.fsPath);
      w.onDidChange(on);
      w.onDidCreate(on);
      w.onDidDelete(on);
      return w;
    },
    workspaceFolders: () => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map(folderInfo),
    onDidChangeWorkspaceFolders: (listener) => vscode.workspace.onDidChangeWorkspaceFolders(() => listener()),
    folderOf: (fileAbs) => {
      const f = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(fileAbs));
      return f ? folderInfo(f) : undefined;
    },
    isTrusted: () => vscode.workspace.isTrusted,
    configuration: (rootAbs) => vscode.workspace.getConfiguration('okstra', vscode.Uri.file(rootAbs)),
    userSetting: (key) => vscode.workspace.getConfiguration('okstra').inspect(key)?.globalValue,
    updateUserSetting: async (key, value) => {
      await vscode.workspace.getConfiguration('okstra').update(key, value, vscode.ConfigurationTarget.Global);
    },
  };
}
