// How the UI obtains wizard sessions (implemented by engineSession.ts).

import type { WizardState } from '../../core/types';
import type { RunEnvironmentReport } from '../../host/runEnvironment';
import type { FolderInfo } from '../host/window';
import type { WizardSession } from './session';

export type { FolderInfo };

export interface NewWizardOptions {
  hostRuntime: string;
  entryMode: string;
  /** Answers offered as the defaults of their steps, by step id (the host's FreshOptions.defaults). */
  defaults?: Readonly<Record<string, string>>;
}

/** An unfinished wizard on disk (or in workspace storage), for Resume. */
export interface UnfinishedWizard {
  /** Absolute state file path, or null for a wizard whose task is not chosen yet (workspace storage). */
  statePath: string | null;
  projectRootAbs: string;
  folderName: string;
  taskKey: string;
  step: string;
  n: number;
  total: number;
  /** For newest-first ordering. */
  modifiedMs: number;
  /** A version-1 state file (its answers continue in a companion). */
  legacy?: boolean;
}

export type Placement = { kind: 'placed'; statePath: string } | { kind: 'existing'; statePath: string; summary: UnfinishedWizard };

export interface SessionFactory {
  /** A fresh wizard for a folder; its state lives in workspace storage until the task is chosen. */
  create(folder: FolderInfo, options: NewWizardOptions): Promise<WizardSession>;
  /** The wizard of a state file, or the in-memory one of a folder (statePath null). */
  open(statePath: string | null, folder: FolderInfo): Promise<WizardSession>;
  /**
   * After task-pick / task-new of an in-memory wizard: write it next to the task folder. When that task
   * already has an unfinished wizard, report it (nothing written) unless `startOver`, which backs it up first.
   */
  place(session: WizardSession, startOver: boolean): Promise<Placement>;
  /**
   * The most recently written wizard of these folders that is not aborted (unfinished or complete), in a state file
   * or, its task not chosen yet, in workspace storage (statePath null); or null.
   */
  latest(folders: FolderInfo[]): Promise<{ statePath: string | null; folder: FolderInfo } | null>;
  /** Unfinished wizards of these folders, newest first. */
  listUnfinished(folders: FolderInfo[]): Promise<UnfinishedWizard[]>;
  /**
   * Check Run Environment (src/host/runEnvironment.ts) for a folder: okstra, the provider CLIs `state`'s roles need
   * (all of them without a wizard), the terminal backend, trust. Optional.
   */
  checkRunEnvironment?(folder: FolderInfo, state: WizardState | null, trusted: boolean): RunEnvironmentReport;
  /** The wizards of these folders whose last Run, their file says, is still running (to follow after a reload). */
  running?(folders: FolderInfo[]): Promise<Array<{ statePath: string; folder: FolderInfo }>>;
  /** Forgets a wizard that is not in a file yet (its copy in workspace storage); optional. */
  discard?(session: WizardSession): Promise<void>;
  /** Reads ahead what New Run's first prompt needs (nothing is written); optional. */
  warm?(folder: FolderInfo, options: NewWizardOptions): void;
}
