// What Resume and New Run say about a wizard on disk, from the host's read-only probe and load.
import { stepTitle } from '../../core/wizard/readable';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { HostWizard, WizardHost } from '../../host';
import type { HostWindow } from '../host/window';

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

/** `<task key> — <step> (n of total)` data of an unfinished state file (the host's probe); null when finished or aborted. */
export function summariseWizard(host: WizardHost, statePath: string, folderName: string, rootAbs: string): UnfinishedWizard | null {
  const p = host.probe(statePath, rootAbs);
  if (p.status === 'confirmed' || p.status === 'aborted') return null;
  let modifiedMs = 0;
  try {
    modifiedMs = fs.statSync(statePath).mtimeMs;
  } catch {
    modifiedMs = 0;
  }
  if (p.status === 'unreadable') {
    return {
      statePath,
      projectRootAbs: rootAbs,
      folderName,
      taskKey: path.basename(statePath),
      step: p.error ?? '',
      n: 0,
      total: 0,
      modifiedMs: 0,
    };
  }
  return {
    statePath,
    projectRootAbs: rootAbs,
    folderName,
    taskKey: p.taskKey ?? path.basename(statePath),
    // The step in words, as its prompt's title names it (never its id).
    step: p.step !== undefined ? stepTitle(host.texts(), p.step) : (p.error ?? ''),
    n: p.n ?? 0,
    total: p.total ?? 0,
    modifiedMs,
    legacy: p.legacy,
  };
}

/** What a person should read once when the wizard is opened (v1 → v2 conversion, project moved), in words. */
export function openingMessages(t: HostWindow['t'], wizard: HostWizard, statePath: string): string[] {
  const root = wizard.projectRootAbs;
  const messages: string[] = [];
  const handle = wizard.handle!;
  if (handle.sourceVersion === 1 && handle.legacy?.resumedFrom === null) {
    messages.push(
      t(
        '{0} is a version-1 state file: its answers were converted; the file stays as it is and the wizard is saved in {1}.',
        path.relative(root, statePath),
        path.relative(root, handle.target),
      ),
    );
  }
  const recorded = handle.payload.project_root;
  if (typeof recorded === 'string' && recorded && path.resolve(recorded) !== path.resolve(root)) {
    messages.push(t('This wizard was made in {0}; the project is now {1}, and its paths were moved along.', recorded, root));
  }
  // What the store found while loading (a legacy file whose bytes changed, continued from its earlier companion): said once.
  for (const n of wizard.loadNotices) messages.push(n.text);
  return messages;
}
