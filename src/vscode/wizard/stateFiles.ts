// Whether a workspace folder has a wizard to show: a task's state file (`.okstra/tasks/<group>/<id>.wizard.json`,
// src/core/wizard/paths.ts) or a wizard whose task is not chosen yet in workspace storage (pendingWizards.ts). A few
// directory reads and one storage read, no engine, so that the shell can decide after activation whether a wizard is
// there to show (the status-bar item of a paused wizard after a reload) without loading dist/engine.js for nothing (P4).

import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { FolderInfo } from '../host/window';
import type { WizardContext } from './context';
import { PendingWizards, type KeyValueStorage } from './pendingWizards';

/** src/core/wizard/paths.ts STATE_FILE_SUFFIX (the engine's module stays out of the shell; a unit test keeps them equal). */
export const STATE_FILE_ENDING = '.wizard.json';

async function entries(dirAbs: string): Promise<Array<{ name: string; isDirectory(): boolean }>> {
  try {
    return await fs.readdir(dirAbs, { withFileTypes: true });
  } catch {
    return []; // no tasks folder (or not readable): no wizard there
  }
}

/** True when one of `folders` has at least one state file under `.okstra/tasks/<group>/`. */
export async function hasStateFile(folders: readonly FolderInfo[]): Promise<boolean> {
  for (const folder of folders) {
    const tasksDir = path.join(folder.rootAbs, '.okstra', 'tasks');
    for (const group of await entries(tasksDir)) {
      if (!group.isDirectory()) continue;
      const files = await entries(path.join(tasksDir, group.name));
      if (files.some((f) => !f.isDirectory() && f.name.endsWith(STATE_FILE_ENDING))) return true;
    }
  }
  return false;
}

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
  const found = hasPendingWizard(folders, storage) || (await hasStateFile(folders));
  if (found && !wizard.runner.input) await wizard.loadLatest();
}
