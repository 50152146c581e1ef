// Whether a project has a task's state file (`.okstra/tasks/<group>/<id>.wizard.json`), named as the store names
// them (src/core/wizard/paths.ts isStateFileName, the rule of the store's one scan, listUnfinishedWizards) and looked
// for without blocking and without the engine: the extension's shell asks it after activation, before it loads
// dist/engine.js, to decide whether a wizard is there to show (docs/performance.md P4). Nothing is read or parsed;
// the store's scan judges the files when the wizard is opened.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { isStateFileName } from '../core/wizard/paths';

async function entries(dirAbs: string): Promise<Array<{ name: string; isDirectory(): boolean }>> {
  try {
    return await fs.readdir(dirAbs, { withFileTypes: true });
  } catch {
    return []; // no tasks folder (or not readable): no wizard there
  }
}

/** True when one of the projects has at least one state file under `.okstra/tasks/<group>/`. */
export async function hasStateFile(projectRootsAbs: readonly string[]): Promise<boolean> {
  for (const root of projectRootsAbs) {
    const tasksDir = path.join(root, '.okstra', 'tasks');
    for (const group of await entries(tasksDir)) {
      if (!group.isDirectory() || group.name.startsWith('.')) continue;
      const files = await entries(path.join(tasksDir, group.name));
      if (files.some((f) => !f.isDirectory() && isStateFileName(f.name))) return true;
    }
  }
  return false;
}
