// What every command of the wizard shares: the window seam, the wizard that is open, the prompt runner and
// loop, the status bar, the one trust gate and the one settings reader. Command modules (src/vscode/commands)
// are small functions of this context; nothing here imports `vscode`, so unit tests build it with a fake
// window and the real WorkspaceWizards (test/unit/vscode/shellHarness.ts). The prompt loop (loop/promptLoop.ts) is
// given to it by openWizard (src/vscode/commands/index.ts): the commands give the loop their parts and act when it ends; both use this.

import { okstraCommandArgv } from '../../core/run';
import type { LastRun, PromptDoc } from '../../core/types';
import { CONTEXT_KEYS } from '../commandIds';
import { Emitter } from '../host/emitter';
import type { FolderInfo, HostWindow, Log } from '../host/window';
import { PromptRunner } from '../prompt/promptRunner';
import type { RunPort, RunResult } from '../run/runPort';
import type { Dialogs } from '../host/dialogs';
import { isStaleRefusal, type StepOutcome } from '../wizardResults';
import type { WindowWizard } from './windowWizard';
import type { WorkspaceWizardCalls } from './workspaceWizards';
import { readSettings, type WizardSettings } from '../settings/settings';
import { WizardStatusBar } from '../status/statusBar';
import type { WizardView } from '../tree/wizardTree';
import type { TrustGate } from '../settings/trust';

/** What the commands and the context use of the prompt loop (promptLoop.ts). */
export interface WizardLoop {
  readonly running: boolean;
  /** Shows the wizard's current prompt; an open prompt is closed first. Resolves when the loop has ended. */
  drive(): Promise<void>;
  /** Resolves when the loop that runs now has ended. */
  idle(): Promise<void>;
  /** An answer the person gave outside the prompt (the Tasks view's New Run on a row), bound to `promptId`. */
  answerOutside(session: WindowWizard, promptId: string, answer: string): Promise<StepOutcome>;
  /** Follows the files of `session` on disk (another writer). */
  watch(session: WindowWizard | undefined): void;
  /** A save was refused because the file changed on disk: offer Reload. */
  offerReload(): Promise<void>;
  /** The okstra settings changed: the open prompt is shown again when its choices changed with them. */
  followInputs(cause: 'config' | 'settings'): Promise<void>;
  dispose(): void;
}

export interface WizardDeps {
  host: HostWindow;
  log: Log;
  factory: WorkspaceWizardCalls;
  view: WizardView;
  dialogs: Dialogs;
  trust: TrustGate;
  run: RunPort;
}

export class WizardContext {
  readonly host: HostWindow;
  readonly log: Log;
  readonly factory: WorkspaceWizardCalls;
  readonly dialogs: Dialogs;
  readonly trust: TrustGate;
  readonly runPort: RunPort;
  readonly runner: PromptRunner;
  readonly statusBar: WizardStatusBar;
  readonly loop: WizardLoop;
  private sessionValue: WindowWizard | undefined;
  /** Escape closed the prompt: the wizard is paused (status bar). */
  paused = false;
  /** The answers file the wizard waits for (Answer now), project-relative; cleared when the wizard goes on. */
  waitingFor: string | undefined;
  lastRunResult: RunResult | undefined;
  /** Opening messages already said (once per window). */
  private readonly told = new Set<string>();
  readonly runFinished = new Emitter<LastRun>();
  /** Fires when a run started, changed (its process id) or ended: the views that show runs refresh. */
  readonly runsChanged = new Emitter<void>();
  /** The runs Stop Run was asked to end, by run id, with what ended them (`Stop Run`). */
  readonly stopping = new Map<string, string>();
  /** Fires whenever a Run attempt is over: ran, refused or declined (tests wait on it). */
  readonly runSettled = new Emitter<void>();
  /** Fires when a prompt's answer was accepted and saved. */
  readonly answered = new Emitter<void>();
  private readonly view: WizardView;
  /** The window closes (dispose): an open prompt hidden now is not the person's Escape. */
  private closing = false;

  constructor(deps: WizardDeps, loop: (ctx: WizardContext) => WizardLoop) {
    this.host = deps.host;
    this.log = deps.log;
    this.factory = deps.factory;
    this.dialogs = deps.dialogs;
    this.trust = deps.trust;
    this.runPort = deps.run;
    this.view = deps.view;
    this.runner = new PromptRunner(deps.host, deps.log);
    this.statusBar = new WizardStatusBar(deps.host);
    this.loop = loop(this);
    // alt+left is bound to Back only while one of our prompts is open.
    this.runner.onDidChangeInput((input) => this.host.setContext(CONTEXT_KEYS.promptOpen, input !== undefined));
  }

  get t(): HostWindow['t'] {
    return this.host.t;
  }

  get session(): WindowWizard | undefined {
    return this.sessionValue;
  }

  settings(rootAbs: string): WizardSettings {
    return readSettings(this.host, this.trust, rootAbs);
  }

  /** Makes `session` the open wizard: the tree, the status bar and the watcher follow it. */
  setSession(session: WindowWizard | undefined): void {
    this.sessionValue = session;
    this.waitingFor = undefined;
    this.loop.watch(session);
    this.refresh();
  }

  /**
   * A new wizard closed before its first answer (Escape at the task list) is dropped, not kept in workspace storage
   * as a "(no task yet)" wizard to resume; true when it was. Not when the window closes with that prompt open.
   */
  async dropIfUnanswered(session: WindowWizard): Promise<boolean> {
    // The window closes (a reload): its open prompt is disposed, which hides it, and the wizard stays to resume.
    if (this.closing) return false;
    if (session.wizard.statePath !== null || session.wizard.state.answered.length > 0 || !this.factory.discard) return false;
    await this.guard(() => this.factory.discard!(session));
    this.log.info('the new wizard was closed before its first answer: dropped');
    if (this.sessionValue === session) this.setSession(undefined);
    return true;
  }

  /**
   * v1 → v2 conversion, project moved: said once per file in this window, when the person opens
   * the wizard (not when the view shows the latest one by itself).
   */
  sayOpeningMessages(session: WindowWizard): void {
    const fresh = session.openingMessages().filter((m) => !this.told.has(m));
    for (const m of fresh) this.told.add(m);
    if (fresh.length === 0) return;
    // A notification is one short line (longer ones are cut off): what the notes are about, and the notes
    // themselves, with their paths, in a dialog that shows them whole.
    const t = this.t;
    const details = t('Details');
    const name = session.wizard.taskKey || session.folderName;
    void this.dialogs.info(t('The wizard of {0} was opened from an older or moved state file.', name), [details]).then(async (a) => {
      if (a === details) await this.dialogs.ask(t('The wizard of {0}', name), fresh.join('\n\n'), [], 'info');
    });
  }

  /**
   * Brings the tree, the status bar and the context keys in step with the session (and workspace trust).
   * `prompt`: the session's current prompt when the caller has just computed it (the status bar need not again).
   */
  refresh(prompt?: PromptDoc | null): void {
    const session = this.sessionValue;
    const complete = session !== undefined && session.wizard.state.confirmed === true && !session.wizard.state.aborted;
    const trusted = this.trust.isTrusted();
    // The context keys before the rows: the view's welcome is hidden by okstra.hasWizard (package.json viewsWelcome).
    this.host.setContext(CONTEXT_KEYS.hasWizard, session !== undefined);
    this.host.setContext(CONTEXT_KEYS.canRun, complete && trusted);
    this.host.setContext(CONTEXT_KEYS.runRunning, session?.wizard.state.last_run?.status === 'running');
    const folderName = session && this.folders().length > 1 ? session.folderName : undefined;
    this.view.setSession(session, { waitingFor: this.waitingFor, folderName });
    this.statusBar.update(session, { paused: this.paused, trusted, complete, prompt, waitingFor: this.waitingFor, folderName });
  }

  async requireSession(): Promise<WindowWizard | undefined> {
    const session = this.sessionValue ?? (await this.loadLatest());
    if (session) return session;
    await this.dialogs.info(this.t('No okstra wizard is open. Start one with okstra: New Run….'));
    return undefined;
  }

  /** Shows the most recently written wizard (unfinished or complete) in the tree, without opening a prompt. */
  async loadLatest(): Promise<WindowWizard | undefined> {
    if (this.sessionValue || this.loop.running) return this.sessionValue;
    let latest: Awaited<ReturnType<WorkspaceWizardCalls['latest']>> = null;
    try {
      latest = await this.factory.latest(this.folders());
    } catch (err) {
      this.log.warn(`looking for the latest wizard failed: ${errorText(err)}`);
    }
    if (!latest || this.sessionValue) return this.sessionValue;
    try {
      const session = await this.factory.open(latest.statePath, latest.folder);
      if (!this.sessionValue) {
        this.log.info(`showing the latest wizard: ${latest.statePath ?? `the one of ${latest.folder.name} in workspace storage`}`);
        this.setSession(session);
      }
    } catch (err) {
      this.log.warn(`${latest.statePath ?? latest.folder.name}: ${errorText(err)}`);
    }
    return this.sessionValue;
  }

  folders(): FolderInfo[] {
    return this.host.workspaceFolders();
  }

  folderOf(statePath: string | null): FolderInfo | undefined {
    return statePath ? this.host.folderOf(statePath) : undefined;
  }

  /** The okstra command: the setting (trusted workspaces only), else config.yaml's okstraCommand, else `okstra`. */
  okstraCommand(session: WindowWizard): string[] {
    return okstraCommandArgv(this.settings(session.projectRootAbs).command, { okstraCommand: session.configOkstraCommand() ?? undefined });
  }

  /** The life of a run (src/host/runLife.ts), loaded on first use: the shell holds none of the host (P4). */
  runLife(): typeof import('../../host/runLife') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('../../host/runLife') as typeof import('../../host/runLife');
  }

  /** Runs an operation; a thrown error becomes a message (never a raw exception), Reload offered when stale. */
  async guard<T>(op: () => Promise<T> | T): Promise<T | undefined> {
    try {
      return await op();
    } catch (err) {
      const message = errorText(err);
      this.log.error(message);
      if (isStaleRefusal({ code: codeOf(err) })) void this.loop.offerReload();
      else await this.dialogs.error(message);
      return undefined;
    }
  }

  dispose(): void {
    this.closing = true;
    this.loop.dispose();
    this.runner.dispose();
    this.statusBar.dispose();
    this.runFinished.dispose();
    this.runsChanged.dispose();
    this.runSettled.dispose();
    this.answered.dispose();
  }
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
