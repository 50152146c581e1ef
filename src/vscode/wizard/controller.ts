// The wizard's commands: New Run, Resume, Edit Step, Edit from Here, Run, Run
// Again, Show Confirmation, Open State File, Abort. It drives the engine through
// a WizardSession prompt by prompt and keeps the tree, the status bar and the
// context keys in step. It holds no wizard logic of its own.

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { okstraCommandArgv, renderBundleArgv, type OkstraCommandSetting } from '../../core/run';
import type { LastRun, PromptDoc } from '../../core/types';
import { PromptRunner } from '../prompt/promptRunner';
import { runRefusal } from '../run/runGuard';
import type { RunResult } from '../run/runExecution';
import type { WizardTreeProvider } from '../tree/wizardTree';
import type { TreeRowModel } from '../tree/treeModel';
import type { Dialogs } from './dialogs';
import { STALE_STATE_MESSAGE, type StepOutcome, type WizardSession } from './session';
import type { FolderInfo, SessionFactory, UnfinishedWizard } from './sessionFactory';
import { WizardStatusBar } from './statusBar';

const t = vscode.l10n.t;

/**
 * Run's modules, loaded on first use: persistActions pulls in yaml and runExecution the workspace layer
 * (zod); evaluated at load time they would add tens of milliseconds to activation (P4).
 */
function runModules(): typeof import('../run/persistActions') & typeof import('../run/runExecution') {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return {
    ...(require('../run/persistActions') as typeof import('../run/persistActions')),
    ...(require('../run/runExecution') as typeof import('../run/runExecution')),
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/** Notices about the machine, not the selection: Run asks before starting (issue 5). */
const ENVIRONMENTAL_NOTICE = /cannot start here|\(configured in /;

export interface ControllerDeps {
  context: vscode.ExtensionContext;
  log: vscode.LogOutputChannel;
  factory: SessionFactory;
  tree: WizardTreeProvider;
  dialogs: Dialogs;
  /** Workspace trust (a seam so the refusal is testable where trust cannot be revoked). */
  isTrusted(): boolean;
}

export class WizardController implements vscode.Disposable {
  readonly runner: PromptRunner;
  private readonly statusBar: WizardStatusBar;
  private sessionValue: WizardSession | undefined;
  /** The prompt loop while it runs (one at a time). */
  private loop: Promise<void> | undefined;
  private paused = false;
  private watcher: vscode.Disposable | undefined;
  private lastRunResult: RunResult | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly runFinished = new vscode.EventEmitter<LastRun>();
  /** Fires when a Run has ended and its exit code is recorded (tests wait on it). */
  readonly onDidFinishRun = this.runFinished.event;

  constructor(private readonly deps: ControllerDeps) {
    this.runner = new PromptRunner(deps.log);
    this.statusBar = new WizardStatusBar();
    this.disposables.push(this.runner, this.statusBar, this.runFinished);
    // alt+left is bound to Back only while one of our prompts is open.
    this.disposables.push(
      this.runner.onDidChangeInput((input) => void vscode.commands.executeCommand('setContext', 'okstra.promptOpen', input !== undefined)),
    );
  }

  get session(): WizardSession | undefined {
    return this.sessionValue;
  }

  dispose(): void {
    this.watcher?.dispose();
    for (const d of this.disposables) d.dispose();
  }

  // ------------------------------------------------------------------ commands

  /** `taskArg`: a task key (or `new`) that answers task-pick at once (the Tasks view's New Run / Create a Task). */
  async newRun(folderArg?: vscode.Uri, taskArg?: string): Promise<void> {
    const folder = await this.chooseFolder(folderArg);
    if (!folder) return;
    const config = vscode.workspace.getConfiguration('okstra', vscode.Uri.file(folder.rootAbs));
    const options = { hostRuntime: config.get<string>('hostRuntime', 'claude-code'), entryMode: config.get<string>('hostEntryMode', 'spawn-process') };
    this.deps.log.info(`New Run in ${folder.rootAbs} (host ${options.hostRuntime}, entry mode ${options.entryMode})`);
    const session = await this.guard(() => this.deps.factory.create(folder, options));
    if (!session) return;
    this.setSession(session);
    if (typeof taskArg === 'string') {
      const picked = await this.guard(() => this.submit(session, taskArg));
      if (picked && !picked.ok) await this.deps.dialogs.error(picked.error);
    }
    await this.drive();
  }

  async resume(statePathArg?: string): Promise<void> {
    if (typeof statePathArg === 'string') {
      await this.openAndDrive(statePathArg);
      return;
    }
    if (this.sessionValue && this.isUnfinished(this.sessionValue)) {
      await this.drive();
      return;
    }
    const folders = this.folders();
    const list = await this.guard(() => this.deps.factory.listUnfinished(folders));
    if (!list) return;
    if (list.length === 0) {
      const action = await this.deps.dialogs.info(t('There is no unfinished okstra wizard in this workspace.'), [t('New Run…')]);
      if (action) await this.newRun();
      return;
    }
    let chosen: UnfinishedWizard | undefined = list[0];
    if (list.length > 1) {
      const picked = await vscode.window.showQuickPick(
        list.map((w) => ({ label: resumeLabel(w), description: folders.length > 1 ? w.folderName : undefined, wizard: w })),
        { title: t('Resume Wizard'), placeHolder: t('Unfinished wizards, newest first') },
      );
      chosen = picked?.wizard;
    }
    if (!chosen) return;
    await this.openAndDrive(chosen.statePath, { name: chosen.folderName, rootAbs: chosen.projectRootAbs });
  }

  async editStep(): Promise<void> {
    const session = await this.requireSession();
    if (!session) return;
    const tree = session.tree();
    if (!tree.ok) {
      await this.deps.dialogs.error(tree.error);
      return;
    }
    const editable = tree.rows.filter((r) => r.editable && r.answered);
    if (editable.length === 0) {
      await this.deps.dialogs.info(t('No answered step can be edited.'));
      return;
    }
    const picked = await vscode.window.showQuickPick(
      editable.map((r) => ({ label: r.label, description: r.id, id: r.id })),
      { title: t('Edit Step…'), placeHolder: t('The step to answer again; later answers that depend on it are asked again') },
    );
    if (picked) await this.editFrom(picked.id);
  }

  /** The tree's inline action (a row) or a step id. */
  async editFromHere(target: TreeRowModel | string | undefined): Promise<void> {
    const id = typeof target === 'string' ? target : target?.stepId;
    if (!id) return;
    await this.editFrom(id);
  }

  async run(): Promise<void> {
    const session = await this.requireSession();
    if (!session) return;
    const refusal = runRefusal({ isTrusted: this.deps.isTrusted() }, (m) => t(m));
    if (refusal) {
      this.deps.log.warn(`Run refused: ${refusal}`);
      await this.deps.dialogs.error(refusal);
      return;
    }
    // Another window or the CLI may have changed the wizard: run what is on disk.
    const reloaded = await this.guard(async () => {
      await session.reload();
      return true;
    });
    if (!reloaded) return;
    this.refresh();
    const { applyPersistAction, missingProgram, runAsTask, runInShell } = runModules();
    const outcome = session.outcome();
    if (!outcome.ok) {
      this.deps.log.warn(`Run refused: ${outcome.error}`);
      await this.deps.dialogs.error(outcome.error);
      return;
    }
    const notices = session.current().notices;
    for (const n of notices) this.deps.log.info(`notice before Run: ${n.text}`);
    const environmental = notices.filter((n) => ENVIRONMENTAL_NOTICE.test(n.text));
    if (environmental.length > 0) {
      const go = t('Run Anyway');
      const answer = await this.deps.dialogs.ask(t('Some models may not start on this machine.'), environmental.map((n) => n.text).join('\n'), [go]);
      if (answer !== go) return;
    }
    for (const action of outcome.persistActions) {
      try {
        this.deps.log.info(`persist action applied: ${applyPersistAction(session.projectRootAbs, action)}`);
      } catch (err) {
        await this.deps.dialogs.error(t('Could not apply {0}: {1}', `${action.file} ${action.key}`, errorText(err)));
        return;
      }
    }
    const command = this.okstraCommand(session);
    const argv = renderBundleArgv(command, outcome.renderArgv);
    const runIn = vscode.workspace.getConfiguration('okstra', vscode.Uri.file(session.projectRootAbs)).get<string>('runIn', 'task');
    // A task whose program does not exist never ends: refuse it before anything is recorded.
    const missing = runIn === 'shell' ? null : missingProgram(argv[0], session.projectRootAbs);
    if (missing) {
      this.deps.log.warn(`Run refused: ${missing}`);
      await this.deps.dialogs.error(missing);
      return;
    }
    const startedAt = new Date().toISOString();
    const record = async (exitCode: number | null): Promise<void> => {
      await this.guard(() => session.recordLastRun({ startedAt, argv, exitCode }));
      this.refresh();
    };
    await record(null);
    const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(session.projectRootAbs));
    const request = { argv, commandLength: command.length, cwd: session.projectRootAbs, folder, label: `render-bundle ${session.taskKey}` };
    this.statusBar.running(session.taskKey);
    const result = runIn === 'shell' ? await runInShell(request, this.deps.log) : await runAsTask(request, this.deps.log);
    this.lastRunResult = result;
    if (!result.ok) {
      this.deps.log.error(`Run failed to start: ${result.error}`);
      this.refresh();
      await this.deps.dialogs.error(result.error);
      return;
    }
    await record(result.exitCode);
    this.runFinished.fire({ startedAt, argv, exitCode: result.exitCode });
    void this.notifyRunEnded(result.exitCode, runIn === 'shell');
  }

  async showConfirmation(): Promise<void> {
    const session = await this.requireSession();
    if (!session) return;
    const outcome = session.outcome();
    if (!outcome.ok) {
      await this.deps.dialogs.error(outcome.error);
      return;
    }
    const command = this.okstraCommand(session);
    const argv = renderBundleArgv(command, outcome.renderArgv);
    const display = runModules().commandLineForDisplay(argv, command.length);
    const runLabel = t('Run');
    const copyLabel = t('Copy Command Line');
    // The dialog renders HTML: keep confirmationText's alignment with non-breaking spaces.
    const aligned = outcome.confirmationText.replace(/ {2,}/g, (run) => '\u00a0'.repeat(run.length)).replace(/^ /gm, '\u00a0');
    const detail = `${aligned}\n\n${t('Command line ({0}):', display.shell)}\n${display.line}${display.error ? `\n\n${display.error}` : ''}`;
    const buttons = this.deps.isTrusted() ? [runLabel, copyLabel] : [copyLabel];
    const answer = await this.deps.dialogs.ask(t('okstra render-bundle — {0}', session.taskKey), detail, buttons, 'info');
    if (answer === copyLabel) {
      await vscode.env.clipboard.writeText(display.line);
      this.deps.log.info('command line copied');
    } else if (answer === runLabel) {
      await this.run();
    }
  }

  async openStateFile(): Promise<void> {
    const session = await this.requireSession();
    if (!session) return;
    if (!session.statePath) {
      await this.deps.dialogs.info(t('The wizard is saved next to its task once the task is chosen.'));
      return;
    }
    await vscode.window.showTextDocument(vscode.Uri.file(session.statePath), { preview: true });
  }

  async abort(): Promise<void> {
    const session = await this.requireSession();
    if (!session) return;
    const yes = t('Abort Wizard');
    const answer = await this.deps.dialogs.ask(
      t('Abort the wizard for {0}?', session.taskKey || session.folderName),
      t('The answers are kept in the state file, but the wizard cannot be resumed or run.'),
      [yes],
    );
    if (answer !== yes) return;
    const done = await this.guard(async () => {
      await session.abort();
      return true;
    });
    if (!done) return;
    this.deps.log.info(`wizard ${session.taskKey || session.folderName} aborted`);
    this.runner.input?.hide();
    this.refresh();
  }

  showOutput(): void {
    if (this.lastRunResult?.ok) void vscode.commands.executeCommand('workbench.action.terminal.focus');
    else this.deps.log.show(true);
  }

  /** Reloads the wizard after the file changed on disk (watcher, or Reload after a stale write). */
  async reloadFromDisk(): Promise<void> {
    const session = this.sessionValue;
    if (!session?.statePath) return;
    await this.guard(() => session.reload());
    this.refresh();
  }

  // ------------------------------------------------------------------ the prompt loop

  /** Shows the wizard's current prompt; an open prompt (of this or another wizard) is closed first. */
  private async drive(): Promise<void> {
    while (this.loop) {
      this.runner.input?.hide();
      await this.loop;
    }
    this.loop = this.driveLoop().finally(() => {
      this.loop = undefined;
    });
    return this.loop;
  }

  private async driveLoop(): Promise<void> {
    this.paused = false;
    try {
      for (;;) {
        const session = this.sessionValue;
        if (!session) return;
        const current = session.current();
        this.refresh(current.prompt);
        if (!current.prompt) {
          const message = current.error ?? t('The wizard has no prompt to show.');
          this.deps.log.warn(`no prompt: ${message}`);
          const edit = t('Edit Step…');
          const answer = await this.deps.dialogs.error(message, [edit]);
          if (answer === edit) setTimeout(() => void this.editStep(), 0);
          return;
        }
        if (current.prompt.kind === 'done') {
          await this.onDone(session);
          return;
        }
        const canGoBack = session.canGoBack();
        const result = await this.runner.run({
          prompt: current.prompt,
          folderName: session.folderName,
          taskKey: session.taskKey,
          canGoBack,
          submit: (answer) => this.submit(session, answer),
        });
        // The prompt has closed: the editor opens before the next prompt, which then takes the focus.
        if (result.kind === 'answered') await this.openForEditing(session, result.outcome.open);
        if (result.kind === 'paused') {
          this.paused = true;
          this.deps.log.info(`wizard paused at ${current.prompt.step}`);
          this.refresh();
          return;
        }
        if (result.kind === 'back') {
          const back = await this.guard(() => session.back());
          if (back && !back.ok) await this.deps.dialogs.error(back.error);
          else if (back?.ok) this.deps.log.info(`back: ${back.echo}`);
        }
      }
    } finally {
      this.refresh();
    }
  }

  private async submit(session: WizardSession, answer: string): Promise<StepOutcome> {
    const outcome = await session.submit(answer);
    if (!outcome.ok) {
      if (outcome.error.includes(STALE_STATE_MESSAGE)) void this.offerReload();
      return outcome;
    }
    this.deps.log.info(outcome.echo);
    for (const n of outcome.notices) this.deps.log.info(`notice: ${n.text}`);
    if (session.statePath === null && session.taskKey !== '') await this.place(session);
    else if (session.statePath) this.watch(session.statePath);
    // outcome.next is the session's new current prompt, unless place() switched to the task's existing wizard.
    this.refresh(this.sessionValue === session ? outcome.next : undefined);
    return outcome;
  }

  /** Opens what the answer created for the user to edit (a new task's brief.md, an answers file) under the next prompt. */
  private async openForEditing(session: WizardSession, files: string[]): Promise<void> {
    for (const rel of files) {
      const uri = vscode.Uri.file(path.join(session.projectRootAbs, rel));
      try {
        // Not a preview (it is meant to be edited); the focus stays with the wizard's next prompt.
        await vscode.window.showTextDocument(uri, { preview: false, preserveFocus: true, viewColumn: vscode.ViewColumn.Active });
        this.deps.log.info(`opened ${rel} for editing`);
      } catch (err) {
        // The wizard goes on without the editor: the path is in the echo and the tree.
        this.deps.log.warn(`could not open ${rel}: ${errorText(err)}`);
      }
    }
  }

  /** The task is known: the wizard moves from workspace storage to its file next to the task folder. */
  private async place(session: WizardSession): Promise<void> {
    const placement = await this.deps.factory.place(session, false);
    if (placement.kind === 'placed') {
      this.deps.log.info(`wizard saved to ${placement.statePath}`);
      this.watch(placement.statePath);
      return;
    }
    const resume = t('Resume');
    const startOver = t('Start Over');
    const w = placement.summary;
    const answer = await this.deps.dialogs.ask(
      t('{0} already has an unfinished wizard.', session.taskKey),
      t('It stopped at {0} ({1} of {2}). Resume it, or start over (the old file is kept as a backup)?', w.step, w.n, w.total),
      [resume, startOver],
    );
    if (answer === startOver) {
      const placed = await this.deps.factory.place(session, true);
      this.deps.log.info(`started over: ${placed.statePath} (the previous wizard was backed up)`);
      this.watch(placed.statePath);
      return;
    }
    // Resume (or cancelled): continue the wizard that already exists; the new one is dropped.
    const existing = await this.deps.factory.open(placement.statePath, { name: session.folderName, rootAbs: session.projectRootAbs });
    this.deps.log.info(`resuming ${placement.statePath}`);
    this.setSession(existing);
  }

  private async onDone(session: WizardSession): Promise<void> {
    this.refresh();
    if (session.state.aborted) {
      this.deps.log.info('the wizard was aborted');
      return;
    }
    this.deps.log.info('every prompt is answered');
    await this.showConfirmation();
  }

  private async editFrom(id: string): Promise<void> {
    const session = await this.requireSession();
    if (!session) return;
    const cleared = session.clearedByRewind(id);
    if (cleared.length > 0) {
      const yes = t('Clear and Edit');
      const answer = await this.deps.dialogs.ask(
        cleared.length === 1 ? t('Clear 1 later answer?') : t('Clear {0} later answers?', cleared.length),
        cleared.join('\n'),
        [yes],
      );
      if (answer !== yes) return;
    }
    const result = await this.guard(() => session.rewind(id));
    if (!result) return;
    if (!result.ok) {
      await this.deps.dialogs.error(result.error);
      return;
    }
    this.deps.log.info(result.echo);
    this.refresh();
    await this.drive();
  }

  // ------------------------------------------------------------------ helpers

  private setSession(session: WizardSession | undefined): void {
    this.sessionValue = session;
    this.watcher?.dispose();
    this.watcher = undefined;
    if (session?.statePath) this.watch(session.statePath);
    this.refresh();
  }

  private watch(statePath: string): void {
    if (this.watcherPath === statePath && this.watcher) return;
    this.watcher?.dispose();
    this.watcherPath = statePath;
    const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(statePath)), path.basename(statePath)));
    const onChange = (): void => {
      const session = this.sessionValue;
      if (!session || session.statePath !== statePath) return;
      // Our own saves fire the watcher too: reload only what another writer changed.
      if (!session.changedOnDisk()) {
        this.deps.log.debug(`${statePath}: change event for our own save`);
        return;
      }
      this.deps.log.info(`${statePath} changed on disk (the CLI or another window): reloading`);
      void (async () => {
        try {
          await session.reload();
        } catch (err) {
          this.deps.log.warn(`reload after a change on disk failed: ${errorText(err)}`);
        }
        this.refresh();
      })();
    };
    w.onDidChange(onChange);
    w.onDidCreate(onChange);
    // A stat poll as well: the workbench watcher was seen not to report changes in some remote setups
    // (code-server test runs); one file polled once a second costs nothing, and the sha check dedups.
    const poll = (curr: fs.Stats, prev: fs.Stats): void => {
      if (curr.mtimeMs !== prev.mtimeMs || curr.size !== prev.size) onChange();
    };
    fs.watchFile(statePath, { interval: 1000 }, poll);
    this.deps.log.info(`watching ${statePath}`);
    this.watcher = vscode.Disposable.from(w, { dispose: () => fs.unwatchFile(statePath, poll) });
  }
  private watcherPath: string | undefined;

  /**
   * Brings the tree, the status bar and the context keys in step with the session (and workspace trust).
   * `prompt`: the session's current prompt when the caller has just computed it (the status bar need not again).
   */
  refresh(prompt?: PromptDoc | null): void {
    const session = this.sessionValue;
    this.deps.tree.setSession(session);
    const complete = session !== undefined && session.state.confirmed === true && !session.state.aborted;
    void vscode.commands.executeCommand('setContext', 'okstra.hasWizard', session !== undefined);
    void vscode.commands.executeCommand('setContext', 'okstra.canRun', complete && this.deps.isTrusted());
    this.statusBar.update(session, { paused: this.paused, trusted: this.deps.isTrusted(), complete, prompt });
  }

  private async offerReload(): Promise<void> {
    const reload = t('Reload');
    const answer = await this.deps.dialogs.warn(t('The wizard was changed in another window or by the CLI.'), [reload]);
    if (answer !== reload) return;
    this.runner.input?.hide();
    await this.reloadFromDisk();
    setTimeout(() => void this.drive(), 0);
  }

  private async openAndDrive(statePath: string | null, folder?: FolderInfo): Promise<void> {
    const f = folder ?? this.folderOf(statePath) ?? this.folders()[0];
    if (!f) return;
    const session = await this.guard(() => this.deps.factory.open(statePath, f));
    if (!session) return;
    this.setSession(session);
    if (session.state.aborted) {
      await this.deps.dialogs.info(t('This wizard was aborted.'));
      return;
    }
    await this.drive();
  }

  /** Shows the most recently written wizard (unfinished or complete) in the tree, without opening a prompt. */
  async loadLatest(): Promise<WizardSession | undefined> {
    if (this.sessionValue || this.loop) return this.sessionValue;
    let latest: Awaited<ReturnType<SessionFactory['latest']>> = null;
    try {
      latest = await this.deps.factory.latest(this.folders());
    } catch (err) {
      this.deps.log.warn(`looking for the latest wizard failed: ${errorText(err)}`);
    }
    if (!latest || this.sessionValue) return this.sessionValue;
    try {
      const session = await this.deps.factory.open(latest.statePath, latest.folder);
      if (!this.sessionValue) {
        this.deps.log.info(`showing the latest wizard: ${latest.statePath}`);
        this.setSession(session);
      }
    } catch (err) {
      this.deps.log.warn(`${latest.statePath}: ${errorText(err)}`);
    }
    return this.sessionValue;
  }

  private async requireSession(): Promise<WizardSession | undefined> {
    const session = this.sessionValue ?? (await this.loadLatest());
    if (session) return session;
    await this.deps.dialogs.info(t('No okstra wizard is open. Start one with okstra: New Run….'));
    return undefined;
  }

  private isUnfinished(session: WizardSession): boolean {
    return !session.state.aborted && session.state.confirmed !== true;
  }

  private okstraCommand(session: WizardSession): string[] {
    const setting = this.deps.isTrusted()
      ? vscode.workspace.getConfiguration('okstra', vscode.Uri.file(session.projectRootAbs)).get<OkstraCommandSetting>('command')
      : undefined;
    return okstraCommandArgv(setting, { okstraCommand: session.configOkstraCommand() ?? undefined });
  }

  private folders(): FolderInfo[] {
    return (vscode.workspace.workspaceFolders ?? [])
      .filter((f) => f.uri.scheme === 'file')
      .map((f) => ({ name: f.name, rootAbs: f.uri.fsPath }));
  }

  private folderOf(statePath: string | null): FolderInfo | undefined {
    if (!statePath) return undefined;
    const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(statePath));
    return folder ? { name: folder.name, rootAbs: folder.uri.fsPath } : undefined;
  }

  private async chooseFolder(arg?: vscode.Uri): Promise<FolderInfo | undefined> {
    const folders = this.folders();
    if (arg instanceof vscode.Uri) {
      const f = vscode.workspace.getWorkspaceFolder(arg);
      if (f) return { name: f.name, rootAbs: f.uri.fsPath };
    }
    if (folders.length === 0) {
      await this.deps.dialogs.info(t('Open the folder of a project to configure an okstra run.'));
      return undefined;
    }
    if (folders.length === 1) return folders[0];
    const withOkstra = folders.filter((f) => isDirectory(path.join(f.rootAbs, '.okstra')));
    if (withOkstra.length === 1) return withOkstra[0];
    const picked = await vscode.window.showQuickPick(
      folders.map((f) => ({ label: f.name, description: withOkstra.includes(f) ? '.okstra' : undefined, detail: f.rootAbs, folder: f })),
      { title: t('New Run…'), placeHolder: t('The project folder to run okstra on'), ignoreFocusOut: true },
    );
    return picked?.folder;
  }

  private async notifyRunEnded(exitCode: number | null, inShell: boolean): Promise<void> {
    const show = t('Show Output');
    const again = t('Run Again');
    const buttons = this.deps.isTrusted() ? [show, again] : [show];
    const message =
      exitCode === 0
        ? t('okstra render-bundle finished (exit code 0).')
        : exitCode === null
          ? inShell
            ? t('okstra render-bundle was started; its exit code is not known (no shell integration).')
            : t('okstra render-bundle ended without an exit code; the terminal shows why (is the okstra command installed?).')
          : t('okstra render-bundle failed with exit code {0}.', exitCode);
    const answer = exitCode === 0 || exitCode === null ? await this.deps.dialogs.info(message, buttons) : await this.deps.dialogs.error(message, buttons);
    if (answer === show) this.showOutput();
    if (answer === again) await this.run();
  }

  /** Runs an operation; a thrown error becomes a message (never a raw exception), Reload offered when stale. */
  private async guard<T>(op: () => Promise<T> | T): Promise<T | undefined> {
    try {
      return await op();
    } catch (err) {
      const message = errorText(err);
      this.deps.log.error(message);
      if (message.includes(STALE_STATE_MESSAGE)) void this.offerReload();
      else await this.deps.dialogs.error(message);
      return undefined;
    }
  }
}

export function resumeLabel(w: Pick<UnfinishedWizard, 'taskKey' | 'step' | 'n' | 'total'>): string {
  return `${w.taskKey || t('(no task yet)')} — ${w.step} (${t('{0} of {1}', w.n, w.total)})`;
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

