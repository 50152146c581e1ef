// Whether a workspace folder has a wizard to show: a task's state file (the host's quick look,
// src/host/stateFileScan.ts) or a wizard whose task is not chosen yet in workspace storage (pendingWizards.ts). A few
// directory reads and one storage read, no engine, so that the shell can decide after activation whether a wizard is
// there to show (the status-bar item of a paused wizard after a reload) without loading dist/engine.js for nothing (P4).

import { hasStateFile } from '../../host/stateFileScan';
import type { FolderInfo } from '../host/window';
import type { WizardContext } from './context';
import { PendingWizards, type KeyValueStorage } from './pendingWizards';

/** True when one of `folders` has a wizard in workspace storage (New Run's, its task not chosen yet). */
function hasPendingWizard(folders: readonly FolderInfo[], storage: KeyValueStorage): boolean {
  return new PendingWizards(storage).all().some((p) => folders.some((f) => f.rootAbs === p.rootAbs));
}

/**
 * After activation: the latest wizard (context.ts loadLatest) is loaded for the status bar when a wizard is there,
 * in a state file or in workspace storage (`storage`), and no prompt is open.
 */
export async function loadLatestAfterActivation(wizard: WizardContext, storage: KeyValueStorage): Promise<void> {
  const folders = wizard.folders();
  const found = hasPendingWizard(folders, storage) || (await hasStateFile(folders.map((f) => f.rootAbs)));
  if (found && !wizard.runner.input) await wizard.loadLatest();
}
