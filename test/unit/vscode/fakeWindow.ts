// A HostWindow for plain-Node tests (src/vscode/host/window.ts): QuickPicks and InputBoxes are objects the
// test drives (accept an item, type a value, press Back or Escape), messages are recorded and answered by
// pattern, editors and the clipboard are recorded, file watchers fire when the test says so, registered commands
// run when the test runs them (runCommand), tree views are their sources plus what the view was told.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { QuickInputLevel } from '../../../src/vscode/host/apiLevel';
import { Emitter } from '../../../src/vscode/host/emitter';
import type {
  ConfigurationReader,
  Disposable,
  FolderInfo,
  HostTreeView,
  HostWindow,
  Severity,
  ShownDocument,
  StatusItem,
  TreeSource,
} from '../../../src/vscode/host/window';

type Listener<T> = (value: T) => unknown;

type InputBoxOptions = Parameters<HostWindow['showInputBox']>[0];

/** An event whose fire() resolves when every (async) listener has finished. */
class FakeEvent<T> {
  private listeners: Array<Listener<T>> = [];
  readonly event = (listener: Listener<T>): Disposable => {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  };
  async fire(value: T): Promise<void> {
    await Promise.all([...this.listeners].map((l) => l(value)));
  }
  clear(): void {
    this.listeners = [];
  }
}

export const BACK: vscode.QuickInputButton = { iconPath: 'back' as never, tooltip: 'Back' };
export const BROWSE: vscode.QuickInputButton = { iconPath: 'folder' as never, tooltip: 'Choose a file…' };
const SEPARATOR = -1 as vscode.QuickPickItemKind;

abstract class FakeInput {
  title: string | undefined;
  placeholder: string | undefined;
  prompt: string | undefined;
  busy = false;
  enabled = true;
  ignoreFocusOut = false;
  buttons: readonly vscode.QuickInputButton[] = [];
  value = '';
  visible = false;
  disposed = false;
  shows = 0;
  protected readonly accept = new FakeEvent<void>();
  protected readonly hide_ = new FakeEvent<void>();
  protected readonly button = new FakeEvent<vscode.QuickInputButton>();
  protected readonly valueChange = new FakeEvent<string>();
  readonly onDidAccept = this.accept.event;
  readonly onDidHide = this.hide_.event;
  readonly onDidTriggerButton = this.button.event;
  readonly onDidChangeValue = this.valueChange.event;
  constructor(protected readonly owner: FakeWindow) {}
  show(): void {
    this.visible = true;
    this.shows++;
  }
  hide(): void {
    if (!this.visible) return;
    this.visible = false;
    void this.hide_.fire();
  }
  /** As VS Code's (its extension host's QuickInput.dispose): a visible input is hidden, onDidHide fires. */
  dispose(): void {
    const wasVisible = this.visible;
    this.disposed = true;
    this.visible = false;
    this.owner.closed(this as unknown as FakeQuickPick | FakeInputBox);
    if (wasVisible) void this.hide_.fire();
  }
  /** Escape. */
  escape(): Promise<void> {
    this.visible = false;
    return this.hide_.fire();
  }
  pressBack(): Promise<void> {
    return this.button.fire(BACK);
  }
  pressButton(b: vscode.QuickInputButton): Promise<void> {
    return this.button.fire(b);
  }
}

export type Item = vscode.QuickPickItem & { model?: { kind: string; value?: string }; action?: unknown; error?: true };

export class FakeQuickPick extends FakeInput {
  readonly kind = 'pick';
  items: readonly Item[] = [];
  activeItems: readonly Item[] = [];
  selectedItems: readonly Item[] = [];
  canSelectMany = false;
  matchOnDescription = false;
  readonly onDidChangeActive = new FakeEvent<readonly Item[]>().event;
  readonly onDidChangeSelection = new FakeEvent<readonly Item[]>().event;

  /** Values of the answer items (the engine's option values), in order. */
  values(): string[] {
    return this.items.flatMap((i) => (i.model?.value !== undefined && i.model.kind !== 'separator' ? [i.model.value] : []));
  }
  item(match: string | ((i: Item) => boolean)): Item {
    const found = this.items.find((i) => (typeof match === 'string' ? i.model?.value === match : match(i)));
    if (!found) throw new Error(`no item ${String(match)} in ${this.items.map((i) => `${i.label} [${i.model?.value ?? ''}]`).join(' | ')}`);
    return found;
  }
  /** Makes an item active (by engine value or predicate) and presses Enter. */
  choose(match: string | ((i: Item) => boolean)): Promise<void> {
    this.activeItems = [this.item(match)];
    return this.accept.fire();
  }
  /** Enter on the active item (the default). */
  enter(): Promise<void> {
    return this.accept.fire();
  }
  /** Types into the filter box (onDidChangeValue), without Enter. */
  typeFilter(value: string): Promise<void> {
    this.value = value;
    return this.valueChange.fire(value);
  }
  /** Ticks these values of a multi-pick and presses Enter. */
  tick(values: string[]): Promise<void> {
    this.selectedItems = this.items.filter((i) => i.model?.value !== undefined && values.includes(i.model.value));
    return this.accept.fire();
  }
  /** The refusal shown in place, if any. */
  errorText(): string | undefined {
    const first = this.items[0];
    return first?.error ? first.label : undefined;
  }
}

export class FakeInputBox extends FakeInput {
  readonly kind = 'text';
  validationMessage: string | vscode.InputBoxValidationMessage | undefined;
  type(value: string): Promise<void> {
    this.value = value;
    void this.valueChange.fire(value);
    return this.accept.fire();
  }
  enter(): Promise<void> {
    return this.accept.fire();
  }
  errorText(): string | undefined {
    const m = this.validationMessage;
    return typeof m === 'object' ? m.message : m;
  }
}

export interface ShownMessage {
  severity: Severity;
  message: string;
  modal: boolean;
  detail?: string;
  buttons: readonly string[];
}

type Answer = string | undefined | ((m: ShownMessage) => Promise<string | undefined> | string | undefined);

/** A tree view: the source it shows, and what the extension set on it. */
export class FakeTreeView<T> implements HostTreeView<T> {
  visible = true;
  description: string | undefined;
  message: string | undefined;
  disposed = false;
  readonly revealed: Array<{ row: T; expand: boolean }> = [];
  private readonly expanded = new Emitter<T>();
  private readonly collapsed = new Emitter<T>();
  readonly onDidExpandElement = this.expanded.event;
  readonly onDidCollapseElement = this.collapsed.event;
  private readonly visibility = new Emitter<boolean>();
  readonly onDidChangeVisibility = this.visibility.event;

  constructor(
    readonly id: string,
    readonly source: TreeSource<T>,
  ) {}

  async reveal(row: T, options: { expand: boolean }): Promise<void> {
    this.revealed.push({ row, expand: options.expand });
    if (options.expand) this.expand(row);
  }
  /** The person expanded `row`. */
  expand(row: T): void {
    this.expanded.fire(row);
  }
  collapse(row: T): void {
    this.collapsed.fire(row);
  }
  /** The view was shown (true) or hidden (false). */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.visibility.fire(visible);
  }
  dispose(): void {
    this.disposed = true;
  }
}

export function format(message: string, args: ReadonlyArray<string | number | boolean>): string {
  return message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));
}

export class FakeWindow implements HostWindow {
  readonly messages: ShownMessage[] = [];
  /** [pattern, button or function]: the first match answers; unmatched messages resolve undefined. */
  answers: Array<[RegExp, Answer]> = [];
  readonly opened: Array<{ file: string; preview: boolean; preserveFocus: boolean }> = [];
  readonly documents = new Map<string, string>();
  readonly flashes: string[] = [];
  readonly commands: Array<{ id: string; args: unknown[] }> = [];
  readonly contextKeys = new Map<string, unknown>();
  clipboard = '';
  /** What the open dialog returns. */
  openDialogResult: string | undefined;
  folders: FolderInfo[] = [];
  trusted = true;
  settings: Record<string, unknown> = {};
  /** The open prompts, oldest first (normally one). */
  readonly inputs: Array<FakeQuickPick | FakeInputBox> = [];
  readonly shownInputs: Array<FakeQuickPick | FakeInputBox> = [];
  private readonly watchers = new Map<string, Set<() => void>>();
  private readonly folderWatchers = new Set<{ folderAbs: string; glob: string; onChange: (p: string) => void }>();
  /** Registered commands, by id (runCommand runs one). */
  readonly registered = new Map<string, (...args: unknown[]) => unknown>();
  readonly trees = new Map<string, FakeTreeView<unknown>>();
  /** What showInputBox resolves (undefined: cancelled). */
  inputBoxAnswer: ((options: InputBoxOptions) => string | undefined) | undefined;
  readonly inputBoxes: InputBoxOptions[] = [];
  /** What validateInput said of the answers inputBoxAnswer gave (each such InputBox then resolves as cancelled). */
  readonly inputBoxRefusals: string[] = [];
  /** The user's own settings (ConfigurationTarget.Global), as userSetting / updateUserSetting see them. */
  readonly userSettings: Record<string, unknown> = {};
  private readonly foldersChanged = new Emitter<void>();
  readonly onDidChangeWorkspaceFolders = this.foldersChanged.event;
  quickPickAnswer: ((items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined) | undefined;
  readonly quickPicks: Array<{ title: string; items: readonly vscode.QuickPickItem[] }> = [];
  /** The one status-bar item; `visible`: shown (show()) and not hidden or disposed since. */
  readonly statusItem: StatusItem & { visible: boolean } = {
    text: '',
    tooltip: undefined,
    command: undefined,
    visible: false,
    show: () => void (this.statusItem.visible = true),
    hide: () => void (this.statusItem.visible = false),
    dispose: () => void (this.statusItem.visible = false),
  };

  /** VS Code 1.100's QuickInput API unless a test gives the newer one (`level`). */
  readonly quickInput = {
    back: BACK,
    browse: BROWSE,
    separator: SEPARATOR,
    errorSeverity: 3 as vscode.InputBoxValidationSeverity,
    level: { pickPrompt: false, inputButtonLocation: undefined } as QuickInputLevel,
  };

  t = (message: string, ...args: Array<string | number | boolean>): string => format(message, args);
  language = (): string => 'en';
  themeIcon = (id: string): vscode.ThemeIcon => ({ id }) as vscode.ThemeIcon;
  shell = (): string => '/bin/bash';

  createQuickPick<T extends vscode.QuickPickItem>(): vscode.QuickPick<T> {
    const qp = new FakeQuickPick(this);
    this.track(qp);
    return qp as unknown as vscode.QuickPick<T>;
  }
  createInputBox(): vscode.InputBox {
    const box = new FakeInputBox(this);
    this.track(box);
    return box as unknown as vscode.InputBox;
  }
  private track(input: FakeQuickPick | FakeInputBox): void {
    const show = input.show.bind(input);
    input.show = () => {
      // As in the workbench: one prompt is on screen; showing one over another hides that one (its onDidHide fires).
      for (const other of this.inputs) if (other !== input && other.visible) other.hide();
      show();
      if (!this.inputs.includes(input)) {
        this.inputs.push(input);
        this.shownInputs.push(input);
      }
    };
  }
  /**
   * How often a prompt closed with no other prompt on screen: the workbench then gives the keyboard back to where it
   * was before the prompt (a view, the editor), and a key typed before the next prompt shows goes there.
   */
  promptGaps = 0;
  closed(input: FakeQuickPick | FakeInputBox): void {
    const i = this.inputs.indexOf(input);
    if (i >= 0) this.inputs.splice(i, 1);
    if (!this.inputs.some((other) => other.visible)) this.promptGaps++;
  }
  /** The prompt on screen now. */
  get input(): FakeQuickPick | FakeInputBox | undefined {
    return this.inputs[this.inputs.length - 1];
  }

  async showQuickPick<T extends vscode.QuickPickItem>(items: readonly T[], options: { title: string }): Promise<T | undefined> {
    this.quickPicks.push({ title: options.title, items });
    return this.quickPickAnswer?.(items) as T | undefined;
  }
  async showMessage(
    severity: Severity,
    message: string,
    options: { modal?: boolean; detail?: string },
    buttons: readonly string[],
  ): Promise<string | undefined> {
    const shown: ShownMessage = { severity, message, modal: options.modal === true, detail: options.detail, buttons };
    this.messages.push(shown);
    const hit = this.answers.find(([re]) => re.test(message));
    if (!hit) return undefined;
    const answer = typeof hit[1] === 'function' ? await hit[1](shown) : hit[1];
    return answer !== undefined && buttons.includes(answer) ? answer : undefined;
  }
  flash(text: string): void {
    this.flashes.push(text);
  }
  createStatusBarItem(): StatusItem {
    return this.statusItem;
  }
  async showTextDocument(file: string, options: { preview: boolean; preserveFocus: boolean }): Promise<void> {
    this.opened.push({ file, ...options });
  }
  /** When the page of a shown document is drawn: at once, unless a test holds it. */
  drawnPage: Promise<void> = Promise.resolve();
  async showReadOnlyDocument(name: string, markdown: string): Promise<ShownDocument> {
    this.documents.set(name, markdown);
    return { drawn: this.drawnPage };
  }
  async prepareReadOnlyDocument(): Promise<void> {
    // nothing to load
  }
  async closeReadOnlyDocument(name: string): Promise<void> {
    this.documents.delete(name);
  }
  readonly revealed: string[] = [];
  async revealInExplorer(pathAbs: string): Promise<void> {
    this.revealed.push(pathAbs);
  }
  async showOpenDialog(): Promise<string | undefined> {
    return this.openDialogResult;
  }
  async writeClipboard(text: string): Promise<void> {
    this.clipboard = text;
  }
  setContext(key: string, value: unknown): void {
    this.contextKeys.set(key, value);
  }
  /** Recorded only: what the command would do in the workbench is the test's to check. */
  async executeCommand(id: string, ...args: unknown[]): Promise<unknown> {
    this.commands.push({ id, args });
    return undefined;
  }
  registerCommand(id: string, run: (...args: unknown[]) => unknown): Disposable {
    if (this.registered.has(id)) throw new Error(`command '${id}' already exists`);
    this.registered.set(id, run);
    return { dispose: () => this.registered.delete(id) };
  }
  /** What the workbench does when the person runs a registered command. */
  async runCommand(id: string, ...args: unknown[]): Promise<unknown> {
    const run = this.registered.get(id);
    if (!run) throw new Error(`command '${id}' not found`);
    return run(...args);
  }
  async showInputBox(options: InputBoxOptions): Promise<string | undefined> {
    this.inputBoxes.push(options);
    const answer = this.inputBoxAnswer?.(options);
    // VS Code's InputBox does not accept a value its validateInput refuses: the person must change it or cancel.
    if (answer !== undefined && options.validateInput?.(answer) !== undefined) {
      this.inputBoxRefusals.push(options.validateInput(answer)!);
      return undefined;
    }
    return answer;
  }
  createTreeView<T>(viewId: string, source: TreeSource<T>): HostTreeView<T> {
    const view = new FakeTreeView<T>(viewId, source);
    this.trees.set(viewId, view as FakeTreeView<unknown>);
    return view;
  }
  /** The tree view created as `viewId`. */
  tree<T>(viewId: string): FakeTreeView<T> {
    const view = this.trees.get(viewId);
    if (!view) throw new Error(`no tree view '${viewId}'`);
    return view as FakeTreeView<T>;
  }
  watchFile(file: string, onChange: () => void): Disposable {
    let set = this.watchers.get(file);
    if (!set) this.watchers.set(file, (set = new Set()));
    set.add(onChange);
    return { dispose: () => set.delete(onChange) };
  }
  /** What the workbench watcher would report after another writer changed `file`. */
  fileChanged(file: string): void {
    for (const f of this.watchers.get(file) ?? []) f();
  }
  watchFolder(folderAbs: string, glob: string, onChange: (absPath: string) => void): Disposable {
    const w = { folderAbs, glob, onChange };
    this.folderWatchers.add(w);
    return { dispose: () => this.folderWatchers.delete(w) };
  }
  /** What the workbench watcher reports for a change at `absPath` (to the folder watchers it lies under; globs are not matched). */
  pathChanged(absPath: string): void {
    for (const w of [...this.folderWatchers]) if (absPath.startsWith(w.folderAbs + path.sep)) w.onChange(absPath);
  }
  folderWatches(): Array<{ folderAbs: string; glob: string }> {
    return [...this.folderWatchers].map(({ folderAbs, glob }) => ({ folderAbs, glob }));
  }
  /** Replaces the workspace folders, as adding or removing one in the workbench does. */
  setFolders(folders: FolderInfo[]): void {
    this.folders = folders;
    this.foldersChanged.fire();
  }
  watched(): string[] {
    return [...this.watchers.entries()].filter(([, s]) => s.size > 0).map(([f]) => f);
  }
  workspaceFolders(): FolderInfo[] {
    return this.folders;
  }
  folderOf(file: string): FolderInfo | undefined {
    return this.folders.find((f) => file === f.rootAbs || file.startsWith(f.rootAbs + '/'));
  }
  isTrusted(): boolean {
    return this.trusted;
  }
  configuration(): ConfigurationReader {
    return { get: <T>(key: string) => this.settings[key] as T | undefined };
  }
  userSetting(key: string): unknown {
    return this.userSettings[key];
  }
  async updateUserSetting(key: string, value: unknown): Promise<void> {
    this.userSettings[key] = value;
    this.settings[key] = value;
  }
}

/** Resolves once `probe` answers (polled on every turn of the event loop); fails after `ms`. */
export async function until<T>(what: string, probe: () => T | undefined | null | false, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}
