// The markdown preview of a read-only document, where the markdown extension cannot render it for a page of the
// extension's own (markdownView.ts): the text as a virtual document (`okstra-readonly:/<name>.md?<version>`) opened in
// the markdown preview editor, beside the prompt, without taking the keyboard. It does not say when it has drawn.

import * as vscode from 'vscode';
import type { Disposable } from './window';
import { READ_ONLY_VIEW_TYPE } from './markdownView';

const READ_ONLY_SCHEME = 'okstra-readonly';

/**
 * Read-only documents by name (`okstra-readonly:/<name>.md?<version>`). Another text is another version (another
 * URI): the markdown preview editor of a virtual document kept rendering the text it first read (the previous
 * task's confirmation), however the provider announced the change.
 */
class ReadOnlyDocuments implements vscode.TextDocumentContentProvider, Disposable {
  private readonly texts = new Map<string, { text: string; version: number }>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(READ_ONLY_SCHEME, this);
  private versions = 0;

  uri(name: string): vscode.Uri {
    return vscode.Uri.from({ scheme: READ_ONLY_SCHEME, path: `/${name}.md`, query: String(this.texts.get(name)?.version ?? 0) });
  }

  set(name: string, text: string): vscode.Uri {
    if (this.texts.get(name)?.text !== text) this.texts.set(name, { text, version: ++this.versions });
    const uri = this.uri(name);
    this.changed.fire(uri);
    return uri;
  }

  text(name: string): string | undefined {
    return this.texts.get(name)?.text;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path.replace(/^\//, '').replace(/\.md$/, ''))?.text ?? '';
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
        (tab.input instanceof vscode.TabInputCustom && tab.input.uri.scheme === uri.scheme && tab.input.uri.path === uri.path) ||
        // (not the extension's own page of that name, markdownView.ts)
        (tab.input instanceof vscode.TabInputWebview && tab.label.includes(name) && !tab.input.viewType.includes(READ_ONLY_VIEW_TYPE)),
    );
}

export class MarkdownPreviews implements Disposable {
  private readonly docs = new ReadOnlyDocuments();
  /** The names whose preview this opened (and that may still be open). */
  private readonly open = new Set<string>();

  /** The markdown the preview of `name` was opened on, while it may be open. */
  markdown(name: string): string | undefined {
    return this.open.has(name) ? this.docs.text(name) : undefined;
  }

  async show(name: string, markdown: string): Promise<void> {
    const uri = this.docs.set(name, markdown);
    // A preview of another version (another text) is closed: the new text opens in a preview of its own.
    const stale = previewTabs(name, uri).filter((tab) => tab.input instanceof vscode.TabInputCustom && tab.input.uri.query !== uri.query);
    if (stale.length > 0) {
      await vscode.window.tabGroups.close(stale, true);
      this.open.delete(name);
    }
    // Rendered (tables that reflow to the width beside the prompt), never taking the keyboard from the prompt: the
    // side preview took it once its page had loaded, after the prompt had it back, and Enter went nowhere.
    if (!this.open.has(name) || !previewTabs(name, uri).length) {
      try {
        // Beside an open editor; in the empty editor area, the whole of it.
        const beside = vscode.window.tabGroups.activeTabGroup.tabs.length > 0;
        await vscode.commands.executeCommand('vscode.openWith', uri, MARKDOWN_PREVIEW_EDITOR, {
          viewColumn: beside ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active,
          preserveFocus: true,
          preview: true,
        });
        this.open.add(name);
        return;
      } catch {
        // no markdown preview editor in this VS Code: the side preview, else the source
      }
      try {
        await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
        this.open.add(name);
        return;
      } catch {
        // no markdown preview in this VS Code
      }
      await vscode.window.showTextDocument(uri, { preview: true, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside });
    }
  }

  async close(name: string): Promise<void> {
    this.open.delete(name);
    const uri = this.docs.uri(name);
    const tabs = [
      ...previewTabs(name, uri),
      ...vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter(
          (tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === uri.scheme && tab.input.uri.path === uri.path,
        ),
    ];
    if (tabs.length > 0) await vscode.window.tabGroups.close(tabs, true);
  }

  dispose(): void {
    this.docs.dispose();
  }
}
