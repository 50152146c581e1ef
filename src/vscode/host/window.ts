// The one seam between the extension's logic and VS Code's window, workspace and commands APIs. Everything the
// wizard's commands, prompt loop and confirmation and the Tasks view do to the workbench goes through a
// HostWindow: the real one (vscodeWindow.ts) forwards to `vscode`, unit tests pass a fake
// (test/unit/vscode/fakeWindow.ts) and drive the same code in plain Node. Only types are imported from 'vscode'
// here, so this module loads without it.

import type * as vscode from 'vscode';
import type { QuickInputLevel } from './apiLevel';

export interface Disposable {
  dispose(): void;
}

/** An event as vscode.Event: subscribe with a listener, dispose to unsubscribe (host/emitter.ts makes them). */
export type Event<T> = (listener: (value: T) => void) => Disposable;

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
/** A command with its arguments (vscode.Command), for a status-bar item that acts on one thing. */
interface CommandCall {
  title: string;
  command: string;
  arguments?: unknown[];
}

export interface StatusItem extends Disposable {
  text: string;
  tooltip: string | undefined;
  command: string | CommandCall | undefined;
  show(): void;
  hide(): void;
}

export interface ConfigurationReader {
  get<T>(key: string): T | undefined;
}

/** A row of a tree view as VS Code shows it (vscode.TreeItem's fields, as plain data). */
export interface TreeItemModel {
  label: string;
  /** Unique among the view's rows; the view keeps a row's expansion by it. */
  id: string;
  description?: string;
  /** Markdown. */
  tooltip?: string;
  /** A codicon id, with an optional theme colour id. */
  icon: string;
  iconColor?: string;
  collapsible: 'none' | 'collapsed' | 'expanded';
  contextValue: string;
  /** What a click on the row runs. */
  command?: { command: string; title: string; arguments: unknown[] };
}

/** What a tree view shows: vscode.TreeDataProvider's calls, with plain items. */
export interface TreeSource<T> {
  getChildren(row?: T): Promise<T[]>;
  getTreeItem(row: T): TreeItemModel;
  /** The row above `row` (undefined: a top row); the view needs it to reveal a row. */
  getParent(row: T): T | undefined;
  /** Fires with the row whose children changed, or undefined for the whole tree. */
  readonly onDidChangeTreeData: Event<T | undefined>;
}

/** A tree view the extension created (vscode.TreeView's part it uses). */
export interface HostTreeView<T> extends Disposable {
  readonly visible: boolean;
  /** The text beside the view's title. */
  description: string | undefined;
  /** A message above the rows (the welcome shows when there is no row and no message). */
  message: string | undefined;
  reveal(row: T, options: { expand: boolean }): Promise<void>;
  readonly onDidExpandElement: Event<T>;
  readonly onDidCollapseElement: Event<T>;
  /** The view was shown or hidden (its sidebar or panel opened, closed or switched). */
  readonly onDidChangeVisibility: Event<boolean>;
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
    /** What this VS Code's QuickPicks and InputBoxes may use beyond 1.100's API (host/apiLevel.ts). */
    level: QuickInputLevel;
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
  /**
   * Shows read-only text (markdown) beside the active editor, replacing what this `name` showed before, without taking
   * the keyboard; resolves once it is open, with `drawn`: resolved once its page is on screen (or cannot be told).
   */
  showReadOnlyDocument(name: string, markdown: string): Promise<ShownDocument>;
  /** Loads what showReadOnlyDocument needs (the markdown preview), so that the first one opens fast. */
  prepareReadOnlyDocument(): Promise<void>;
  /** Closes what showReadOnlyDocument(name) opened, when it is still open. */
  closeReadOnlyDocument(name: string): Promise<void>;
  /** Shows a file or folder in the Explorer view. */
  revealInExplorer(pathAbs: string): Promise<void>;
  /** The open-file dialog, starting in (and meant for files under) `defaultDirAbs`. */
  showOpenDialog(options: { title: string; defaultDirAbs: string }): Promise<string | undefined>;
  writeClipboard(text: string): Promise<void>;

  setContext(key: string, value: unknown): void;
  executeCommand(id: string, ...args: unknown[]): Promise<unknown>;
  /** Registers a command (host/commandRegistrar.ts is the one caller); disposing it unregisters it. */
  registerCommand(id: string, run: (...args: unknown[]) => unknown): Disposable;
  /** An InputBox that resolves the text entered (undefined: cancelled); `validateInput` says what is wrong as the person types. */
  showInputBox(options: {
    title: string;
    prompt: string;
    value: string;
    placeHolder?: string;
    validateInput?: (value: string) => string | undefined;
  }): Promise<string | undefined>;
  /** A tree view contributed as `viewId` (package.json), showing `source`; `canSelectMany`: several rows can be selected. */
  createTreeView<T>(viewId: string, source: TreeSource<T>, options: { showCollapseAll: boolean; canSelectMany?: boolean }): HostTreeView<T>;

  /** Reports changes of one file (created, changed, deleted), also where the workbench watcher is silent. */
  watchFile(fileAbs: string, onChange: () => void): Disposable;
  /** Reports each file or folder created, changed or deleted under `folderAbs` that matches `glob` (the workbench watcher). */
  watchFolder(folderAbs: string, glob: string, onChange: (absPath: string) => void): Disposable;
  workspaceFolders(): FolderInfo[];
  /** Fires when workspace folders are added or removed. */
  readonly onDidChangeWorkspaceFolders: Event<void>;
  folderOf(fileAbs: string): FolderInfo | undefined;
  /** Workspace trust as VS Code reports it (the trust gate adds the test override). */
  isTrusted(): boolean;
  /** The `okstra` section of the settings for a folder; read only by settings.ts. */
  configuration(rootAbs: string): ConfigurationReader;
  /** The user's own value of the setting `okstra.<key>` (ConfigurationTarget.Global), undefined when unset. */
  userSetting(key: string): unknown;
  /** Writes the user's own value of the setting `okstra.<key>` (ConfigurationTarget.Global). */
  updateUserSetting(key: string, value: unknown): Promise<void>;
}

/** A read-only document that was shown: `drawn` resolves once its page is on screen, or when that cannot be told. */
export interface ShownDocument {
  drawn: Promise<void>;
}
