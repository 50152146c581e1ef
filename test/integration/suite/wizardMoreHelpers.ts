// Helpers of the wizard integration suites (wizard.test.ts, wizardMore*, reliability): reaching the extension's
// test hooks, waiting for the runner's prompts until the workbench shows them (a QuickPick is driven by commands
// that act on what the workbench shows, so a test waits for that, never for a fixed time: workbenchCaughtUp), choosing
// items by the engine's option value, dialogs answered by the test, and the setup the suites share
// (openWizardHost).
// Not a *.test.ts file: scripts/build.mjs bundles it into each suite that imports it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OkstraExtensionApi } from '../../../src/vscode/extension';
import type { FeaturesApi } from '../../../src/vscode/features';
import type { Dialogs } from '../../../src/vscode/host/dialogs';

export const EXTENSION_ID = 'okstra.okstra-wizard';

export type Input = vscode.QuickPick<vscode.QuickPickItem> | vscode.InputBox;
export type Pick = vscode.QuickPick<vscode.QuickPickItem>;

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it gives a value; fails after `timeoutMs` naming `what`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | false | null, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await pause(50);
  }
}

/** `promise`, or a failure naming `what` after `timeoutMs`. */
export async function within<T>(what: string, promise: Promise<T>, timeoutMs = 20_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** One turn of the event loop: QuickPick changes the extension made in this turn are sent to the workbench. */
const nextTurn = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/**
 * Waits until the workbench has applied every QuickPick or InputBox change the extension host made so far: the host
 * sends a shown QuickPick's later changes in the next turn of its event loop, and its messages to the workbench are
 * handled in order, so a round trip to the workbench (getCommands) returns after them, and after whatever the
 * workbench reported back meanwhile (the active item it focused, a selection).
 */
export async function workbenchCaughtUp(): Promise<void> {
  await nextTurn();
  await vscode.commands.getCommands(true);
}

/** Waits until the workbench shows `input` as the extension last changed it. */
export const shown = (_input: Input): Promise<void> => workbenchCaughtUp();

export async function activeExtension(): Promise<vscode.Extension<OkstraExtensionApi>> {
  const ext = vscode.extensions.getExtension<OkstraExtensionApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  await ext.activate();
  return ext;
}

export function features(): FeaturesApi {
  const ext = vscode.extensions.getExtension<OkstraExtensionApi>(EXTENSION_ID);
  assert.ok(ext?.isActive, 'the extension is active');
  return ext.exports.features;
}

export function isQuickPick(i: Input | undefined): i is Pick {
  return i !== undefined && 'items' in i;
}

/** The step id of the prompt the runner shows (the title names the step in words). */
export function stepOf(input: Input): string {
  const runner = features().wizard.runner;
  return runner.input === input ? (runner.step ?? '') : '';
}

/** The next prompt the runner shows (a different object than `previous`), once the workbench shows it. */
export async function nextInput(previous?: Input): Promise<Input> {
  const input = await waitFor('the next wizard prompt', () => {
    const i = features().wizard.runner.input as Input | undefined;
    return i && i !== previous ? i : undefined;
  });
  await shown(input);
  return input;
}

/**
 * The QuickPick a command opens with HostWindow.showQuickPick (Edit Step…, Resume Wizard, the folder choice), once
 * the workbench shows it. Call `expectPicker()` before the command, await the result after.
 */
export function expectPicker(): Promise<Pick> {
  const opened = new Promise<Pick>((resolve) => {
    const sub = features().onDidShowPicker((qp) => {
      sub.dispose();
      resolve(workbenchCaughtUp().then(() => qp));
    });
  });
  return within('a picker to open', opened);
}

export async function accept(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
}

/** The engine's option value behind a runner item (the runner keeps its ItemModel on the item). */
export function valueOf(item: vscode.QuickPickItem): string | undefined {
  return (item as vscode.QuickPickItem & { model?: { value?: string } }).model?.value;
}

/** Makes the matching item active, as the workbench shows it; returns the item. */
export async function setActive(qp: Pick, match: (i: vscode.QuickPickItem) => boolean): Promise<vscode.QuickPickItem> {
  const item = qp.items.find(match);
  assert.ok(item, `no item matches in ${qp.items.map((i) => `${i.label} [${valueOf(i) ?? ''}]`).join(' | ')}`);
  qp.activeItems = [item];
  await workbenchCaughtUp();
  assert.equal(qp.activeItems[0], item, `the workbench focused ${qp.activeItems[0]?.label} instead of ${item.label}`);
  return item;
}

/** Makes the option with this engine value active and accepts it. */
export async function choose(qp: Pick, value: string): Promise<vscode.QuickPickItem> {
  const item = await setActive(qp, (i) => valueOf(i) === value);
  await accept();
  return item;
}

export async function typeAndAccept(box: vscode.InputBox, value: string): Promise<void> {
  box.value = value;
  await workbenchCaughtUp();
  await accept();
}

/** The codicon of an item's iconPath (the runner never puts `$(…)` in a label). */
export function iconOf(item: vscode.QuickPickItem | undefined): string | undefined {
  const icon = item?.iconPath;
  return icon instanceof vscode.ThemeIcon ? icon.id : undefined;
}

/** The refusal the runner shows in a QuickPick: the item with the error icon on top (a separator in a multi-pick). */
export function errorItemText(qp: Pick): string | undefined {
  const first = qp.items[0];
  if (!first) return undefined;
  return iconOf(first) === 'error' || (qp.canSelectMany && first.kind === vscode.QuickPickItemKind.Separator) ? first.label : undefined;
}

export function validationText(box: vscode.InputBox): string | undefined {
  const m = box.validationMessage;
  return typeof m === 'object' && m !== null ? m.message : m;
}

export interface Recorded {
  kind: string;
  message: string;
  detail?: string;
  buttons: string[];
}

type Answer = string | (() => Promise<string | undefined>);

/** Dialogs answered by the test: by message pattern (a button, or a function for a deferred answer); others cancelled. */
export class FakeDialogs implements Dialogs {
  readonly calls: Recorded[] = [];
  answers: Array<[RegExp, Answer]> = [];
  private record(kind: string, message: string, detail: string | undefined, buttons: string[]): Promise<string | undefined> {
    this.calls.push({ kind, message, detail, buttons });
    const hit = this.answers.find(([re]) => re.test(message));
    if (!hit) return Promise.resolve(undefined);
    const [, answer] = hit;
    if (typeof answer === 'function') return answer();
    return Promise.resolve(buttons.includes(answer) ? answer : undefined);
  }
  ask(message: string, detail: string | undefined, buttons: string[]) {
    return this.record('ask', message, detail, buttons);
  }
  info(message: string, buttons: string[] = []) {
    return this.record('info', message, undefined, buttons);
  }
  warn(message: string, buttons: string[] = []) {
    return this.record('warn', message, undefined, buttons);
  }
  error(message: string, buttons: string[] = []) {
    return this.record('error', message, undefined, buttons);
  }
}

/** A promise the test settles later (a dialog left open while the test looks at the UI). */
export function deferred<T>(): { promise: Promise<T>; resolve(v: T): void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export const PROVIDERS = ['claude', 'codex', 'antigravity'] as const;

/** Provider CLIs that "exist" (OKSTRA_<P>_CLI → a script that exits 0), so that their models are selectable. */
export function fakeProviderClis(): { dir: string; set(): void; unset(): void; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-cli-more-'));
  for (const p of PROVIDERS) {
    const f = path.join(dir, p);
    fs.writeFileSync(f, '#!/bin/sh\nexit 0\n');
    fs.chmodSync(f, 0o755);
  }
  const set = (): void => {
    for (const p of PROVIDERS) process.env[`OKSTRA_${p.toUpperCase()}_CLI`] = path.join(dir, p);
  };
  const unset = (): void => {
    for (const p of PROVIDERS) delete process.env[`OKSTRA_${p.toUpperCase()}_CLI`];
  };
  set();
  return { dir, set, unset, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Answers prompts with their defaults (or `answers[step]`) until the wizard is confirmed; returns the steps seen.
 * The confirm step's Run starts okstra at once (the confirm step is the confirmation): this waits until that
 * Run attempt is over (ran, refused or declined).
 */
export async function answerUntilConfirmed(first: Input, answers: Record<string, (i: Input) => Promise<void>> = {}): Promise<string[]> {
  const seen: string[] = [];
  let input: Input | undefined = first;
  for (let guard = 0; guard < 40; guard++) {
    if (!input) input = await nextInput();
    const step = stepOf(input);
    seen.push(step);
    const custom = answers[step];
    let settled: Promise<void> | undefined;
    if (step === 'confirm') {
      settled = new Promise<void>((resolve) => {
        const sub = features().wizard.runSettled.event(() => {
          sub.dispose();
          resolve();
        });
      });
    }
    if (custom) await custom(input);
    else if (isQuickPick(input)) await accept();
    else await typeAndAccept(input, input.value);
    if (step === 'confirm') {
      await waitFor('the wizard to be confirmed', () => features().wizard.session?.wizard.state.confirmed === true);
      await within('the Run attempt of the confirm step to be over', settled!, 60_000);
      return seen;
    }
    const previous: Input = input;
    input = await nextInput(previous);
  }
  throw new Error(`the wizard did not finish: ${seen.join(' → ')}`);
}

/** Closes the open prompt (Escape = pause) and waits until the runner has let go of it. */
export async function closePrompt(): Promise<void> {
  if (!features().wizard.runner.input) return;
  await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  await waitFor('the prompt to close', () => features().wizard.runner.input === undefined);
}

/** The state file of a task in the workspace folder `root`, where the extension places it. */
export function stateFileOf(root: string, key: string): string {
  const [group, id] = key.split('/');
  return path.join(root, '.okstra/tasks', group, `${id}.wizard.json`);
}

/** New Run → "+ new task" → `key`; returns the task-type prompt (the state file exists from here on). */
export async function newTask(key: string): Promise<Input> {
  void vscode.commands.executeCommand('okstra.newRun');
  let input = await nextInput();
  assert.equal(stepOf(input), 'task-pick');
  assert.ok(isQuickPick(input));
  await choose(input, 'new');
  input = await nextInput(input);
  assert.equal(stepOf(input), 'task-new');
  assert.ok(!isQuickPick(input));
  await typeAndAccept(input, key);
  input = await nextInput(input);
  assert.equal(stepOf(input), 'task-type', input.title);
  assert.equal(features().wizard.session?.wizard.taskKey, key);
  return input;
}

/** What the wizard suites set up in the extension host (openWizardHost), and how to undo it. */
export interface WizardHost {
  /** The (first) workspace folder. */
  root: string;
  extensionPath: string;
  /** Installed as the extension's dialogs. */
  dialogs: FakeDialogs;
  clis: ReturnType<typeof fakeProviderClis>;
  /** The workspace's .okstra/config.yaml and its bytes before the suite. */
  configFile: string;
  configBefore: Buffer;
  /** Closes an open prompt, removes the seams, the provider CLIs and okstra.command, restores config.yaml
   *  byte for byte and removes the stand-in's argv file. */
  close(): Promise<void>;
}

/** The extension active, test-answered dialogs, provider CLIs that exist, and the stand-in okstra as okstra.command. */
export async function openWizardHost(): Promise<WizardHost> {
  const ext = await activeExtension();
  const root = vscode.workspace.workspaceFolders![0].uri.fsPath;
  const dialogs = new FakeDialogs();
  features().setDialogs(dialogs);
  const clis = fakeProviderClis();
  // The stand-in okstra, through the [program, ...args] form of okstra.command.
  const standIn = path.resolve(ext.extensionPath, 'test/fixtures/stand-in-okstra/okstra.js');
  await vscode.workspace.getConfiguration('okstra').update('command', [process.execPath, standIn], vscode.ConfigurationTarget.Workspace);
  // okstra.run and okstra.runAgain start at once here; the suites that test the confirmation before Run turn it on.
  await vscode.workspace.getConfiguration('okstra').update('confirmBeforeRun', false, vscode.ConfigurationTarget.Workspace);
  const configFile = path.join(root, '.okstra/config.yaml');
  const configBefore = fs.readFileSync(configFile);
  return {
    root,
    extensionPath: ext.extensionPath,
    dialogs,
    clis,
    configFile,
    configBefore,
    async close() {
      await closePrompt().catch(() => undefined);
      features().setDialogs(undefined);
      features().setTrustOverride(undefined);
      features().setLanguageOverride(undefined);
      clis.unset();
      clis.remove();
      await vscode.workspace.getConfiguration('okstra').update('command', undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.workspace.getConfiguration('okstra').update('confirmBeforeRun', undefined, vscode.ConfigurationTarget.Workspace);
      fs.writeFileSync(configFile, configBefore);
      fs.rmSync(path.join(root, 'standin-argv.json'), { force: true });
    },
  };
}
