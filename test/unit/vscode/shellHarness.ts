// The VS Code shell in plain Node: the real command table (registered through the one registrar), prompt loop,
// confirmation and engine session on a copy of demo/, with the fake window (fakeWindow.ts) in place of VS Code and
// a recorded Run.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveProgram } from '../../../src/host/run';
import type { RunPort, RunRequest, RunResult } from '../../../src/vscode/run/runPort';
import { COMMAND_IDS, type CommandName } from '../../../src/vscode/commandIds';
import { openWizard } from '../../../src/vscode/commands/index';
import { registerCommands } from '../../../src/vscode/host/commandRegistrar';
import type { WizardContext } from '../../../src/vscode/wizard/context';
import type { ViewExtras } from '../../../src/vscode/tree/wizardTree';
import { hostDialogs } from '../../../src/vscode/host/dialogs';
import { WorkspaceWizards } from '../../../src/vscode/wizard/workspaceWizards';
import type { KeyValueStorage } from '../../../src/vscode/wizard/pendingWizards';
import type { WindowWizard } from '../../../src/vscode/wizard/windowWizard';
import { readSettings } from '../../../src/vscode/settings/settings';
import { TrustGate } from '../../../src/vscode/settings/trust';
import { FakeInputBox, FakeQuickPick, FakeWindow, until } from './fakeWindow';

const REPO = path.resolve(__dirname, '..', '..', '..');
export const DEMO = path.join(REPO, 'demo');
export const PROVIDERS = ['claude', 'codex', 'antigravity', 'grok', 'kimi'];

export interface Shell {
  win: FakeWindow;
  wizard: WizardContext;
  project: string;
  runs: RunRequest[];
  view: { session: WindowWizard | undefined; extras: ViewExtras; rows(): string[] };
  /** The next prompt on screen (another object than `previous`). */
  next(previous?: FakeQuickPick | FakeInputBox): Promise<FakeQuickPick | FakeInputBox>;
  /** Runs a command as the workbench does: by its id (COMMAND_IDS), through what the registrar registered. */
  command(name: CommandName, ...args: unknown[]): Promise<unknown>;
  stateFile(key: string): string;
  /** The extension's workspace storage (vscode.Memento's shape): kept across reload(). */
  storage: KeyValueStorage;
  /**
   * The window reloads: this shell's commands and wizard are disposed as VS Code disposes the extension's
   * subscriptions (an open prompt is hidden by it), and a new shell opens on the same project and workspace storage.
   */
  reload(): Shell;
  close(): void;
}

const quietLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, show: () => undefined };

/** The step id of each prompt the runner showed (titles are in words: the runner knows the id). */
const stepIds = new WeakMap<object, string>();

export function stepOf(input: object): string {
  return stepIds.get(input) ?? '';
}

interface ShellOptions {
  runResult?: RunResult;
  run?: Partial<RunPort>;
}

export function openShell(options: ShellOptions = {}): Shell {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-shell-'));
  const project = path.join(parent, 'acme-payments');
  fs.cpSync(DEMO, project, { recursive: true });
  return shellOn(parent, project, new Map<string, unknown>(), options);
}

function shellOn(parent: string, project: string, memory: Map<string, unknown>, options: ShellOptions): Shell {
  const win = new FakeWindow();
  win.folders = [{ name: 'acme-payments', rootAbs: project }];
  const bin = path.join(project, '.demo-bin');
  win.settings = { providers: Object.fromEntries(PROVIDERS.map((p) => [p, { path: path.join(bin, p) }])) };
  const trust = new TrustGate(win);
  const storage: KeyValueStorage = {
    get: <T>(k: string, fallback: T) => (memory.has(k) ? (memory.get(k) as T) : fallback),
    update: async (k, v) => void memory.set(k, v),
  };
  const factory = new WorkspaceWizards({
    storage,
    log: quietLog,
    builtinProfilesDir: path.join(REPO, 'profiles'),
    settings: (root) => readSettings(win, trust, root),
    language: () => 'en',
    t: win.t,
  });
  const runs: RunRequest[] = [];
  const run: RunPort = {
    missingProgram: () => null,
    // The demo's stand-in okstra, found the way Run finds a program (src/host/run.ts).
    resolveProgram: (program, cwd) => resolveProgram(program, cwd, { PATH: bin }),
    execute: async (request) => {
      runs.push(request);
      return options.runResult ?? { ok: true, exitCode: 0 };
    },
    applyPersistAction: (_root, a) => `${a.file}: ${a.key} = ${a.value}`,
    stop: () => false,
    follow: () => null,
    processAlive: () => null,
    ...options.run,
  };
  const view: Shell['view'] = {
    session: undefined,
    extras: {},
    rows: () => {
      const t = view.session?.tree();
      return t ? (t.ok ? t.rows.map((r) => r.id) : [`error: ${t.error}`]) : [];
    },
  };
  const { wizard, commands } = openWizard({
    host: win,
    log: quietLog,
    factory,
    view: { setSession: (s, extras) => Object.assign(view, { session: s, extras }) },
    dialogs: hostDialogs(win),
    trust,
    run,
  });
  const registrations = registerCommands(win, quietLog, COMMAND_IDS, commands);
  wizard.runner.onDidChangeInput((input) => {
    const step = wizard.runner.step;
    if (input && step) stepIds.set(input, step);
  });
  return {
    win,
    wizard,
    project,
    runs,
    view,
    next: (previous) =>
      until('the next prompt', () => {
        const i = win.input;
        return i && i !== previous && i.visible ? i : undefined;
      }),
    command: (name, ...args) => win.runCommand(COMMAND_IDS[name], ...args),
    stateFile: (key) => {
      const [g, id] = key.split('/');
      return path.join(project, '.okstra', 'tasks', g, `${id}.wizard.json`);
    },
    storage,
    reload: () => {
      for (const r of registrations) r.dispose();
      wizard.dispose();
      return shellOn(parent, project, memory, options);
    },
    close: () => {
      for (const r of registrations) r.dispose();
      wizard.dispose();
      fs.rmSync(parent, { recursive: true, force: true });
    },
  };
}

/** Answers with the defaults (Enter) until `stop` (a step id) is shown; returns the steps seen and that prompt. */
export async function answerUntil(
  shell: Shell,
  first: FakeQuickPick | FakeInputBox,
  stop: string,
  answers: Record<string, (i: FakeQuickPick | FakeInputBox) => Promise<void>> = {},
) {
  const seen: string[] = [];
  let input = first;
  for (let guard = 0; guard < 60; guard++) {
    const step = stepOf(input);
    seen.push(step);
    if (step === stop) return { seen, input };
    const custom = answers[step];
    if (custom) await custom(input);
    else await input.enter();
    input = await shell.next(input);
  }
  throw new Error(`never reached ${stop}: ${seen.join(' → ')}`);
}

/** New Run → the task `key` → its first prompt after task-pick. */
export async function startTask(shell: Shell, key: string): Promise<FakeQuickPick | FakeInputBox> {
  void shell.command('newRun');
  const first = (await shell.next()) as FakeQuickPick;
  if (stepOf(first) !== 'task-pick') throw new Error(`expected task-pick, got ${first.title}`);
  await first.choose(key);
  return shell.next(first);
}
