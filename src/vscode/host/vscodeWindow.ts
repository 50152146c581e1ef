// The real HostWindow: each method forwards to one `vscode` API call. No wizard logic here: what is worth
// testing lives behind the seam (window.ts) and is unit-tested with a fake.

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Disposable, FolderInfo, HostWindow, StatusItem } from './window';

const READ_ONLY_SCHEME = 'okstra-readonly';

/** Read-only documents by name (`okstra-readonly:/<name>.md`), refreshed in place when shown again. */
class ReadOnlyDocuments implements vscode.TextDocumentContentProvider, Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(READ_ONLY_SCHEME, this);

  uri(name: string): vscode.Uri {
    return vscode.Uri.from({ scheme: READ_ONLY_SCHEME, path: `/${name}.md` });
  }

  set(name: string, text: string): vscode.Uri {
    const uri = this.uri(name);
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}

/** The markdown preview as an editor of its own: unlike the side preview, it opens without taking the keyboard. */
const MARKDOWN_PREVIEW_EDITOR = 'vscode.markdown.preview.editor';

/** The markdown preview tabs of a read-only document: its preview editor, or a side preview (its label names it). */
function previewTabs(name: string, uri: vscode.Uri): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter(
      (tab) =>
        (tab.input instanceof vscode.TabInputCustom && tab.input.uri.toString() === uri.toString()) ||
        (tab.input instanceof vscode.TabInputWebview && tab.label.includes(name)),
    );
}

export function createVscodeWindow(subscriptions: Disposable[]): HostWindow {
  const docs = new ReadOnlyDocuments();
  subscriptions.push(docs);
  const openPreviews = new Set<string>();
  const folderInfo = (f: vscode.WorkspaceFolder): FolderInfo => ({ name: f.name, rootAbs: f.uri.fsPath });
  return {
    t: (message, ...args) => vscode.l10n.t(message, ...args),
    language: () => vscode.env.language,
    themeIcon: (id) => new vscode.ThemeIcon(id),
    shell: () => vscode.env.shell,
    createQuickPick: () => vscode.window.createQuickPick(),
    createInputBox: () => vscode.window.createInputBox(),
    quickInput: {
      back: vscode.QuickInputButtons.Back,
      browse: { iconPath: new vscode.ThemeIcon('folder-opened'), tooltip: vscode.l10n.t('Choose a file…') },
      separator: vscode.QuickPickItemKind.Separator,
      errorSeverity: vscode.InputBoxValidationSeverity.Error,
    },
    showQuickPick: (items, options) => Promise.resolve(vscode.window.showQuickPick([...items], options)),
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
    createStatusBarItem: (): StatusItem =>
      vscode.window.createStatusBarItem('okstra.wizard', vscode.StatusBarAlignment.Left, 50) as unknown as StatusItem,
    showTextDocument: async (fileAbs, options) => {
      await vscode.window.showTextDocument(vscode.Uri.file(fileAbs), {
        preview: options.preview,
        preserveFocus: options.preserveFocus,
        viewColumn: options.beside ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active,
      });
    },
    showReadOnlyDocument: async (name, markdown) => {
      const uri = docs.set(name, markdown);
      // Rendered (tables that reflow to the width beside the prompt), never taking the keyboard from the prompt: the
      // side preview took it once its page had loaded, after the prompt had it back, and Enter went nowhere.
      if (!openPreviews.has(name) || !previewTabs(name, uri).length) {
        try {
          // Beside an open editor; in the empty editor area, the whole of it.
          const beside = vscode.window.tabGroups.activeTabGroup.tabs.length > 0;
          await vscode.commands.executeCommand('vscode.openWith', uri, MARKDOWN_PREVIEW_EDITOR, {
            viewColumn: beside ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active,
            preserveFocus: true,
            preview: true,
          });
          openPreviews.add(name);
          return;
        } catch {
          // no markdown preview editor in this VS Code: the side preview, else the source
        }
        try {
          await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
          openPreviews.add(name);
          return;
        } catch {
          // no markdown preview in this VS Code
        }
        await vscode.window.showTextDocument(uri, { preview: true, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside });
      }
    },
    prepareReadOnlyDocument: async () => {
      await vscode.extensions.getExtension('vscode.markdown-language-features')?.activate();
    },
    closeReadOnlyDocument: async (name) => {
      openPreviews.delete(name);
      const uri = docs.uri(name).toString();
      const tabs = [
        ...previewTabs(name, docs.uri(name)),
        ...vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri),
      ];
      if (tabs.length > 0) await vscode.window.tabGroups.close(tabs, true);
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
    setContext: (key, value) => void vscode.commands.executeCommand('setContext', key, value),
    executeCommand: (id, ...args) => Promise.resolve(vscode.commands.executeCommand(id, ...args)),
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
    workspaceFolders: () => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map(folderInfo),
    folderOf: (fileAbs) => {
      const f = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(fileAbs));
      return f ? folderInfo(f) : undefined;
    },
    isTrusted: () => vscode.workspace.isTrusted,
    configuration: (rootAbs) => vscode.workspace.getConfiguration('okstra', vscode.Uri.file(rootAbs)),
  };
}
