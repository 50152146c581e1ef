// What a front end shows before a wizard exists (docs/mcp.md › Tools): the project's tasks with their phase, their
// next phase and the state of their wizard, the wizards in progress, and — for a task key that names no task — the
// known tasks nearest to it. Read only: nothing here cleans, converts or writes.
//
// The extension's Tasks view reads the same catalogue without blocking the extension host, a folder or a task at a
// time (taskListing below: the workspace's asynchronous catalogue and run history, one listing rule, one manifest
// reader, one wording of each error for the task picker, the MCP server's listing and the view); the teams its runs
// are compared with come from WizardHost.configuredTeams (config.yaml read by the workspace, as the wizard reads it).
import * as path from 'node:path';
import type { TaskEntry } from '../core/ports';
import { pyReprString } from '../core/pyRepr';
import { currentPhaseOf, promotePointer, sortCatalogue } from '../core/wizard/workspaceRules';
import { stampOfPath } from '../io/pathStamp';
import type { WizardFileEntry } from '../store';
import { listCatalogueFolder, readTaskEntry, TASK_MANIFEST, tasksDirOf } from '../workspace/catalogue';
import { readTaskRuns } from '../workspace/runHistory';

export type { CatalogueListing } from '../workspace/catalogue';
export type { RunRecord } from '../workspace/runHistory';

/**
 * The task listing and each task's runs for a view that must never block its thread (the extension's Tasks view),
 * and the stamps by which its poll knows what changed.
 */
export const taskListing = {
  /** `.okstra/tasks` of a project, and the file that makes a folder of a group a task. */
  tasksDirOf,
  TASK_MANIFEST,
  /** A project's task groups (no `group`), or a group's task folders and state files; a listing error as a row. */
  listFolder: listCatalogueFolder,
  /** One task's catalogue entry (undefined: the folder has no manifest). */
  readTask: readTaskEntry,
  /** A task's runs in manifest order, each with its inputs read and checked. */
  readRuns: readTaskRuns,
  /** A path's stamp (`-` when nothing is there). */
  stampOfPath,
};

/** The wizard a task's own state file holds (`.okstra/tasks/<group>/<id>.wizard.json`), as a listing shows it. */
interface TaskWizardSummary {
  status: 'unfinished' | 'confirmed' | 'aborted' | 'unreadable';
  /** The state file, relative to the project. */
  state: string;
  /** How many steps are answered (not for an unreadable file). */
  answered?: number;
  /** When the state file was last written (ISO 8601, UTC). */
  updatedAt: string;
  /** Why the file cannot be read. */
  error?: string;
}

/** One task of the project, as the task listing shows it. */
interface TaskSummary {
  key: string;
  /** The manifest's title, else the task id. */
  title: string;
  /** The current phase (`currentPhase`, else the last run's type, else `--`). */
  phase: string;
  /** The next-phase pointer: the phase recommended next (`''` when none) and its status (`ready`, `blocked`, …). */
  next: { phase: string; status: string };
  /** The contract's outcome, when the manifest has one. */
  contract?: string;
  /** Why the task's manifest cannot be read (then phase and next are empty). */
  error?: string;
  /** The wizard of the task's own state file, or null when it has none. */
  wizard: TaskWizardSummary | null;
  // More about a task (the teams config.yaml gives it, once it gives any) is added here, beside `wizard`.
}

export interface TaskListOptions {
  /** Only this group's tasks. */
  group?: string;
  /** Only tasks whose key or title contains this text (case-insensitive). */
  query?: string;
  /** At most this many (default 100). */
  limit?: number;
}

export interface TaskList {
  tasks: TaskSummary[];
  /** How many tasks matched (before `limit`). */
  total: number;
}

function wizardSummary(root: string, w: WizardFileEntry): TaskWizardSummary {
  const state = path.relative(root, w.path);
  const updatedAt = new Date(w.mtimeMs).toISOString();
  if (w.error !== undefined) return { status: 'unreadable', state, updatedAt, error: w.error };
  const status = w.aborted ? 'aborted' : w.confirmed ? 'confirmed' : 'unfinished';
  return { status, state, ...(w.answered !== undefined ? { answered: w.answered } : {}), updatedAt };
}

/** The catalogue (sorted as the task picker sorts it) with each task's wizard, filtered and cut at `limit`. */
export function summarizeTasks(
  root: string,
  entries: readonly TaskEntry[],
  wizards: readonly WizardFileEntry[],
  options: TaskListOptions,
): TaskList {
  const own = new Map<string, WizardFileEntry>();
  // A task's own state file is named after it (listUnfinishedWizards keys each file by its name).
  for (const w of wizards) if (!own.has(w.key)) own.set(w.key, w);
  const query = options.query?.toLowerCase();
  const matched = sortCatalogue(entries).filter((e) => {
    if (options.group !== undefined && e.group !== options.group) return false;
    if (!query) return true;
    const title = e.manifest?.title ?? '';
    return e.key.toLowerCase().includes(query) || title.toLowerCase().includes(query);
  });
  const limit = options.limit ?? 100;
  const tasks = matched.slice(0, limit).map((e): TaskSummary => {
    const w = own.get(e.key);
    const wizard = w ? wizardSummary(root, w) : null;
    if (e.manifest === null) return { key: e.key, title: e.id, phase: '', next: { phase: '', status: '' }, error: e.error, wizard };
    const m = e.manifest;
    const title = typeof m.title === 'string' && m.title.trim() !== '' ? m.title.trim() : e.id;
    const contract = typeof m.contract?.outcome === 'string' ? { contract: m.contract.outcome } : {};
    return { key: e.key, title, phase: currentPhaseOf(m), next: promotePointer(m.workflow?.nextRecommendedPhase), ...contract, wizard };
  });
  return { tasks, total: matched.length };
}

/** Levenshtein distance (edits of one character), for the nearest task keys. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The known task keys to offer for one that names no task: all of them for a small project (up to 12), else the 5
 * nearest — a key of the same group or one that contains the text typed first, then by edit distance.
 */
export function nearestTaskKeys(known: readonly string[], wanted: string): string[] {
  if (known.length <= 12) return [...known].sort();
  const w = wanted.toLowerCase();
  const group = w.split('/')[0];
  const scored = known.map((key) => {
    const k = key.toLowerCase();
    const near = k.split('/')[0] === group || k.includes(w) || w.includes(k.split('/')[1] ?? k);
    return { key, score: distance(w, k) - (near ? 1000 : 0) };
  });
  scored.sort((a, b) => a.score - b.score || (a.key < b.key ? -1 : 1));
  return scored.slice(0, 5).map((s) => s.key);
}

/** `unknown task: 'x'; the known tasks: 'a', 'b'` (or `the nearest known tasks: …`, or that the project has none). */
export function unknownTaskMessage(known: readonly string[], wanted: string): string {
  const head = `unknown task: ${pyReprString(wanted)}`;
  if (known.length === 0) return `${head}; the project has no tasks yet (.okstra/tasks/<group>/<id>/)`;
  const offered = nearestTaskKeys(known, wanted).map(pyReprString).join(', ');
  return `${head}; ${known.length <= 12 ? 'the known tasks' : 'the nearest known tasks'}: ${offered}`;
}
