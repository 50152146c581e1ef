// The one seam between the wizard and VS Code's window, workspace and commands APIs. Everything the wizard's
// commands, prompt loop and confirmation do to the workbench goes through a HostWindow: the real one
// (vscodeWindow.ts) forwards to `vscode`, unit tests pass a fake (test/unit/vscode/fakeWindow.ts) and drive
// the same code in plain Node. Only types are imported from 'vscode' here, so this module loads without it.

import type * as vscode from 'vscode';

export interface Disposable {
  dispose(): void;
}

/** A project folder of the workspace (a `file:` workspace folder). */
export interface FolderInfo {
  name: string;
  rootAbs: string;
}

/** What the wizard writes to its output channel (vscode.LogOutputChannel has all of it). */
export interface Log {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  show(preserveFocus?: boolean): void;
}

export type Severity = 'info' | 'warning' | 'error';

/** The status-bar item's writable part. */
export interface StatusItem extends Disposable {
  text: string;
  tooltip: string | undefined;
  command: string | undefined;
  show(): void;
  hide(): void;
}

export interface ConfigurationReader {
  get<T>(key: string): T | undefined;
}

export interface HostWindow {
  /** vscode.l10n.t: `{0}` placeholders, the UI's language. */
  t(message: string, ...args: Array<string | number | boolean>): string;
  /** The display language (`vscode.env.language`). */
  language(): string;
  /** The default terminal shell (`vscode.env.shell`). */
  shell(): string;

  createQuickPick<T extends vscode.QuickPickItem>(): vscode.QuickPick<T>;
  createInputBox(): vscode.InputBox;
  /** The runtime values a QuickPick / InputBox needs (enum members and the built-in buttons). */
  readonly quickInput: {
    back: vscode.QuickInputButton;
    /** A button that opens a file dialog (for path prompts). */
    browse: vscode.QuickInputButton;
    separator: vscode.QuickPickItemKind;
    errorSeverity: vscode.InputBoxValidationSeverity;
  };
  /** A codicon for a QuickPickItem's `iconPath` (`new vscode.ThemeIcon(id)`). */
  themeIcon(id: string): vscode.ThemeIcon;
  showQuickPick<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: { title: string; placeHolder: string; ignoreFocusOut?: boolean },
  ): Promise<T | undefined>;
  /** A notification, or a modal dialog with `modal`; resolves the chosen button. */
  showMessage(
    severity: Severity,
    message: string,
    options: { modal?: boolean; detail?: string },
    buttons: readonly string[],
  ): Promise<string | undefined>;
  /** A short text in the status bar (Copy says it copied). */
  flash(text: string): void;
  createStatusBarItem(): StatusItem;

  /** Opens a file in an editor. */
  showTextDocument(fileAbs: string, options: { preview: boolean; preserveFocus: boolean; beside?: boolean }): Promise<void>;
  /** Shows read-only text (markdown) beside the active editor, replacing what this `name` showed before. */
  showReadOnlyDocument(name: string, markdown: string): Promise<void>;
  /** Loads what showReadOnlyDocument needs (the markdown preview), so that the first one opens fast. */
  prepareReadOnlyDocument(): Promise<void>;
  /** Closes what showReadOnlyDocument(name) opened, when it is still open. */
  closeReadOnlyDocument(name: string): Promise<void>;
  /** The open-file dialog, starting in (and meant for files under) `defaultDirAbs`. */
  showOpenDialog(options: { title: string; defaultDirAbs: string }): Promise<string | undefined>;
  writeClipboard(text: string): Promise<void>;

  setContext(key: string, value: unknown): void;
  executeCommand(id: string, ...args: unknown[]): Promise<unknown>;

  /** Reports changes of one file (created, changed, deleted), also where the workbench watcher is silent. */
  watchFile(fileAbs: string, onChange: () => void): Disposable;
  workspaceFolders(): FolderInfo[];
  folderOf(fileAbs: string): FolderInfo | undefined;
  /** Workspace trust as VS Code reports it (the trust gate adds the test override). */
  isTrusted(): boolean;
  /** The `okstra` section of the settings for a folder; read only by settings.ts. */
  configuration(rootAbs: string): ConfigurationReader;
}
