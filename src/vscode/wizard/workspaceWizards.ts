// The wizards of the window's workspace folders, over the wizard host (src/host): it creates, opens, places and lists
// them, and adds what only the extension has — a wizard whose task is not known yet lives in workspace storage (docs/okstra-files.md ›
// Roots) until place() writes it next to its task, and the environment of the extension's settings (the host's, src/host/environment.ts,
// kept until a setting, PATH or a named CLI changes). The wizard the window holds is a WindowWizard (windowWizard.ts). No `vscode` import: unit
// tests run it in plain Node.

import { stepTitle } from '../../core/wizard/readable';
import type { EngineContext, EnvironmentPort } from '../../core/ports';
import { textsFor } from '../../core/text';
import { WizardError, type WizardState } from '../../core/types';
import { checkRunEnvironment, EnvironmentCache, WizardHost, type RunEnvironmentReport } from '../../host';
import type { FolderInfo, HostWindow, Log } from '../host/window';
import { WindowWizard, type WizardKeeper } from './windowWizard';
import { environmentSource, type WizardSettings } from '../settings/settings';
import { PendingWizards, type KeyValueStorage } from './pendingWizards';
import { openingMessages, summariseWizard, type UnfinishedWizard } from './unfinished';

export type { KeyValueStorage } from './pendingWizards';

interface NewWizardOptions {
  hostRuntime: string;
  entryMode: string;
  /** Answers offered as the defaults of their steps, by step id (the host's FreshOptions.defaults). */
  defaults?: Readonly<Record<string, string>>;
}

type Placement = { kind: 'placed'; statePath: string } | { kind: 'existing'; statePath: string; summary: UnfinishedWizard };

/** What the commands call of WorkspaceWizards: the shell gives them a stand-in that loads it on first use (features.ts). */
export type WorkspaceWizardCalls = Pick<
  WorkspaceWizards,
  'create' | 'open' | 'place' | 'latest' | 'listUnfinished' | 'discard' | 'warm' | 'checkRunEnvironment' | 'running'
>;

export interface WorkspaceWizardsDeps {
  storage: KeyValueStorage;
  log: Log;
  builtinProfilesDir: string;
  settings(rootAbs: string): WizardSettings;
  /** The language for the engine's texts. */
  language(): string;
  t: HostWindow['t'];
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export class WorkspaceWizards implements WizardKeeper {
  readonly host: WizardHost;
  private readonly pendingStore: PendingWizards;
  /** The environment of each folder's settings, rebuilt when a setting, PATH or a named CLI changes. */
  private readonly environments = new EnvironmentCache();

  constructor(private readonly deps: WorkspaceWizardsDeps) {
    this.pendingStore = new PendingWizards(deps.storage, (text) => deps.log.warn(text));
    this.host = new WizardHost({
      builtinProfilesDir: deps.builtinProfilesDir,
      environment: (rootAbs) => this.environment(rootAbs),
      texts: () => textsFor(deps.language()),
      // One workspace per root: its caches make the task picker fast when warm (P3) and keep task details (P1).
      workspace: { keepTaskDetails: true },
    });
  }

  get t(): HostWindow['t'] {
    return this.deps.t;
  }

  log(message: string): void {
    this.deps.log.info(message);
  }

  /** The okstra.* settings for a folder (the language-model tools' new wizards and the program they name). */
  settings(rootAbs: string): WizardSettings {
    return this.deps.settings(rootAbs);
  }

  /** A context for one operation: the environment as it is now (a newly installed CLI is noticed). */
  contextFor(rootAbs: string): EngineContext {
    return this.host.context(rootAbs);
  }

  private environment(rootAbs: string): EnvironmentPort {
    return this.environments.port(environmentSource(this.deps.settings(rootAbs)));
  }

  /**
   * Reads what the first prompt of a New Run needs (the task catalogue, the default task's details, the profiles)
   * into the folder's workspace caches, and writes nothing: the first task list then shows as fast as a later one
   * (with 1,000 tasks it took about a second).
   */
  warm(folder: FolderInfo, options: NewWizardOptions): void {
    try {
      // An in-memory wizard (host.fresh writes nothing; create() saves its pending copy itself), dropped at once.
      this.host.fresh(folder.rootAbs, { hostRuntime: options.hostRuntime, entryMode: options.entryMode }).current();
    } catch {
      // Only a read-ahead: the real New Run reports what is wrong.
    }
  }

  async create(folder: FolderInfo, options: NewWizardOptions): Promise<WindowWizard> {
    const wizard = this.host.fresh(folder.rootAbs, {
      hostRuntime: options.hostRuntime,
      entryMode: options.entryMode,
      defaults: options.defaults,
    });
    const session = new WindowWizard(this, folder, wizard, []);
    await session.savePending();
    return session;
  }

  async open(statePath: string | null, folder: FolderInfo): Promise<WindowWizard> {
    if (statePath === null) {
      const pending = this.pending().find((p) => p.rootAbs === folder.rootAbs);
      if (!pending)
        throw new WizardError('file-error', this.deps.t('The unfinished wizard of {0} is no longer in workspace storage.', folder.name));
      return new WindowWizard(this, folder, this.host.fromPayload(folder.rootAbs, pending.payload), []);
    }
    const wizard = this.host.open(statePath, { fallbackRoot: folder.rootAbs });
    const root = wizard.projectRootAbs;
    const messages = openingMessages(this.deps.t, wizard, statePath);
    return new WindowWizard(this, { name: folder.name, rootAbs: root }, wizard, messages);
  }

  async place(session: WindowWizard, startOver: boolean): Promise<Placement> {
    const s = session;
    const placed = this.host.place(s.wizard, startOver);
    if (placed.kind === 'existing') {
      const summary = summariseWizard(this.host, placed.statePath, s.folderName, s.projectRootAbs);
      if (summary) return { kind: 'existing', statePath: placed.statePath, summary };
    }
    if (placed.kind === 'placed' && placed.backup) this.deps.log.info(`backed up ${placed.statePath} to ${placed.backup}`);
    await this.dropPending(s.projectRootAbs);
    return { kind: 'placed', statePath: placed.statePath };
  }

  async listUnfinished(folders: FolderInfo[]): Promise<UnfinishedWizard[]> {
    const out: UnfinishedWizard[] = [];
    for (const folder of folders) {
      for (const entry of this.host.listWizards(folder.rootAbs)) {
        const summary = entry.error
          ? {
              statePath: entry.path,
              projectRootAbs: folder.rootAbs,
              folderName: folder.name,
              taskKey: entry.key,
              step: entry.error,
              n: 0,
              total: 0,
              modifiedMs: entry.mtimeMs,
            }
          : summariseWizard(this.host, entry.path, folder.name, folder.rootAbs);
        if (summary) out.push({ ...summary, modifiedMs: entry.mtimeMs });
      }
      const pending = this.pending().find((p) => p.rootAbs === folder.rootAbs);
      if (pending) {
        try {
          const prompt = (await this.open(null, folder)).wizard.current().prompt;
          out.push({
            statePath: null,
            projectRootAbs: folder.rootAbs,
            folderName: folder.name,
            taskKey: '',
            step: prompt ? stepTitle(this.host.texts(), prompt.step) : '',
            n: (prompt?.progress.answered ?? 0) + 1,
            total: prompt?.progress.total ?? 0,
            modifiedMs: pending.savedAt,
          });
        } catch (err) {
          this.deps.log.warn(`the wizard in workspace storage for ${folder.rootAbs} cannot be read: ${errorText(err)}`);
        }
      }
    }
    out.sort((a, b) => b.modifiedMs - a.modifiedMs);
    return out;
  }

  /** `askVersion: false` starts no process (okstra resolved only), for the confirmation. */
  checkRunEnvironment(
    folder: FolderInfo,
    state: WizardState | null,
    trusted: boolean,
    options: { askVersion?: boolean } = {},
  ): RunEnvironmentReport {
    const settings = this.settings(folder.rootAbs);
    return checkRunEnvironment({
      projectRootAbs: folder.rootAbs,
      ctx: this.host.context(folder.rootAbs),
      state,
      env: process.env,
      okstraCommand: settings.command,
      providerPaths: settings.providerPaths,
      trusted,
      askVersion: options.askVersion,
    });
  }

  async running(folders: FolderInfo[]): Promise<Array<{ statePath: string; folder: FolderInfo }>> {
    const out: Array<{ statePath: string; folder: FolderInfo }> = [];
    for (const folder of folders) {
      for (const entry of this.host.listWizards(folder.rootAbs, { includeFinished: true })) {
        if (entry.error) continue;
        const probe = this.host.probe(entry.path, folder.rootAbs);
        if (probe.lastRun?.status === 'running') out.push({ statePath: entry.path, folder });
      }
    }
    return out;
  }

  async latest(folders: FolderInfo[]): Promise<{ statePath: string | null; folder: FolderInfo } | null> {
    const inFile = this.latestInFiles(folders);
    // A wizard whose task is not chosen yet (workspace storage) when it was saved after that file was last written,
    // newest first as Resume lists them (listUnfinished).
    let best: { statePath: string | null; folder: FolderInfo; modifiedMs: number } | null = inFile;
    for (const pending of this.pending()) {
      const folder = folders.find((f) => f.rootAbs === pending.rootAbs);
      if (folder && (!best || pending.savedAt > best.modifiedMs)) best = { statePath: null, folder, modifiedMs: pending.savedAt };
    }
    return best ? { statePath: best.statePath, folder: best.folder } : null;
  }

  /** The newest wizard in a state file (not aborted, unfinished or complete): the language-model tools read only files. */
  latestInFiles(folders: FolderInfo[]): { statePath: string; folder: FolderInfo; modifiedMs: number } | null {
    // The store's scan of .okstra/tasks (the one scan): the newest readable wizard that is not aborted.
    let best: { statePath: string; folder: FolderInfo; modifiedMs: number } | null = null;
    for (const folder of folders) {
      const entry = this.host.listWizards(folder.rootAbs, { includeFinished: true }).find((e) => !e.error && !e.aborted);
      if (entry && (!best || entry.mtimeMs > best.modifiedMs)) best = { statePath: entry.path, folder, modifiedMs: entry.mtimeMs };
    }
    return best;
  }

  private pending() {
    return this.pendingStore.all();
  }

  async savePending(session: WindowWizard): Promise<void> {
    await this.pendingStore.save(session.projectRootAbs, session.folderName, this.host.payloadOf(session.wizard));
  }

  async discard(session: WindowWizard): Promise<void> {
    await this.dropPending(session.projectRootAbs);
  }

  async dropPending(rootAbs: string): Promise<void> {
    await this.pendingStore.drop(rootAbs);
  }
}
