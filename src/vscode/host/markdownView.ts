// Read-only documents (the confirmation, a comparison of runs, the run environment) in webview panels of the
// extension's own, one per name, beside the prompt and never taking the keyboard from it: the markdown rendered by the
// markdown extension (`markdown.api.render`) in a page styled as its preview is (markdownPage.ts), which says when it
// has been drawn. Where the markdown extension cannot render, show() throws and the caller opens the markdown preview.

import * as crypto from 'node:crypto';
import * as vscode from 'vscode';
import { isDrawnMessage, markdownPage } from './markdownPage';
import type { ShownDocument } from './window';

/** The webview type of the panels (VS Code's tab of one names it in its own viewType). */
export const READ_ONLY_VIEW_TYPE = 'okstra.readOnlyDocument';
const MARKDOWN_EXTENSION = 'vscode.markdown-language-features';

/** The longest a shown document is waited for: a page that never says it was drawn (closed, hidden) is not waited on. */
const DRAWN_WAIT_MS = 15_000;

interface Panel {
  panel: vscode.WebviewPanel;
  /** The version of the text the page shows now, and its markdown. */
  version: number;
  markdown: string;
  /** Ends the wait for the page of that version. */
  drawn?: () => void;
}

export class MarkdownViews implements vscode.Disposable {
  private readonly panels = new Map<string, Panel>();
  private versions = 0;

  /** Shows `markdown` in the panel of `name` (made, or given the new text); resolves once the text is set. */
  async show(name: string, markdown: string): Promise<ShownDocument> {
    const extension = vscode.extensions.getExtension(MARKDOWN_EXTENSION);
    if (!extension) throw new Error('the markdown extension is not there');
    if (!extension.isActive) await extension.activate();
    const body = await vscode.commands.executeCommand<unknown>('markdown.api.render', markdown);
    if (typeof body !== 'string') throw new Error('markdown.api.render gave no page');
    const media = vscode.Uri.joinPath(extension.extensionUri, 'media');
    const entry = this.panels.get(name) ?? this.open(name, media);
    const version = ++this.versions;
    entry.drawn?.();
    entry.version = version;
    entry.markdown = markdown;
    const drawn = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, DRAWN_WAIT_MS);
      entry.drawn = () => {
        clearTimeout(timer);
        entry.drawn = undefined;
        resolve();
      };
    });
    const { webview } = entry.panel;
    const preview = vscode.workspace.getConfiguration('markdown.preview');
    webview.html = markdownPage({
      body,
      styles: ['markdown.css', 'highlight.css'].map((file) => webview.asWebviewUri(vscode.Uri.joinPath(media, file)).toString()),
      cspSource: webview.cspSource,
      nonce: crypto.randomBytes(16).toString('base64'),
      version,
      font: {
        family: preview.get<string>('fontFamily'),
        size: preview.get<number>('fontSize'),
        lineHeight: preview.get<number>('lineHeight'),
      },
      lang: vscode.env.language,
    });
    if (!entry.panel.visible) entry.panel.reveal(undefined, true);
    return { drawn };
  }

  /** The markdown the panel of `name` shows, when it is open. */
  markdown(name: string): string | undefined {
    return this.panels.get(name)?.markdown;
  }

  /** Closes the panel of `name`, when it is open. */
  close(name: string): void {
    this.panels.get(name)?.panel.dispose();
  }

  dispose(): void {
    for (const { panel } of [...this.panels.values()]) panel.dispose();
  }

  private open(name: string, media: vscode.Uri): Panel {
    // Beside an open editor; in the empty editor area, the whole of it.
    const beside = vscode.window.tabGroups.activeTabGroup.tabs.length > 0;
    const panel = vscode.window.createWebviewPanel(
      READ_ONLY_VIEW_TYPE,
      name,
      { viewColumn: beside ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active, preserveFocus: true },
      { enableScripts: true, enableFindWidget: true, localResourceRoots: [media] },
    );
    const entry: Panel = { panel, version: 0, markdown: '' };
    panel.webview.onDidReceiveMessage((message: unknown) => {
      if (isDrawnMessage(message) && message.drawn === entry.version) entry.drawn?.();
    });
    panel.onDidDispose(() => {
      entry.drawn?.();
      if (this.panels.get(name) === entry) this.panels.delete(name);
    });
    this.panels.set(name, entry);
    return entry;
  }
}
