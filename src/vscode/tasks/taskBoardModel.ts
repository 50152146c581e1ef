// The Tasks view's rows, computed from plain data (no vscode, no file system):
// a task of the catalogue (its manifest entry) and what its wizard file says
// become one row; rows are filtered and grouped. The view (tasksView.ts) and
// the bench (P9) use these functions, so what is measured is what is shown.

import { elapsedText } from '../../core/run/elapsed';
import type { TaskEntry } from '../../core/ports';
import { currentPhaseOf, nextPhaseCell, promotePointer } from '../../core/wizard/workspaceRules';
import type { IconRow } from './iconRow';
import type { RunRow } from './runRows';
import { mdCode, mdEscape } from './markdownText';

/** What a task's `<id>.wizard.json` says (wizardProbe.ts reads it). */
export interface WizardMark {
  /** Absolute path of the state file. */
  statePath: string;
  status: 'unfinished' | 'confirmed' | 'aborted' | 'unreadable';
  /** The step an unfinished wizard stops at (the engine's current prompt), with its position. */
  step?: string;
  n?: number;
  total?: number;
  /** The last Run: undefined when never run, exit code null when it is not known; `status` says whether it runs. */
  lastRun?: { exitCode: number | null; startedAt: string; status?: 'running' | 'exited' | 'stopped' | 'unknown'; argv?: string[] };
  /** Why the file cannot be read (`unreadable`) or its step not computed. */
  error?: string;
}

/** The strings of the rows, translated by the view (vscode.l10n) or plain English in tests and the bench. */
export interface TaskRowTexts {
  next(cell: string): string;
  verdict(outcome: string): string;
  wizardAt(step: string, n: number, total: number): string;
  /** A wizard whose place in its steps is not known (its count would read "7 of 0"). */
  wizardAtStep(step: string): string;
  wizardUnfinished: string;
  wizardUnreadable: string;
  exit(code: number | null): string;
  /** A run in progress, with how long it has taken (`running 3 min`). */
  running(elapsed: string): string;
  stopped: string;
  unreadableManifest(error: string): string;
  tasks(count: number): string;
  /** A folder row's count (several workspace folders). */
  groups(count: number): string;
  unfinishedCount(count: number): string;
  /** Tooltip lines. */
  tipTask: string;
  tipPhase: string;
  tipNext: string;
  tipVerdict: string;
  tipWizard: string;
  tipLastRun(exitCode: number | null, startedAt: string): string;
}

export const ENGLISH_ROW_TEXTS: TaskRowTexts = {
  next: (cell) => `next: ${cell}`,
  verdict: (o) => `verdict: ${o}`,
  wizardAt: (step, n, total) => `wizard at ${step} (${n} of ${total})`,
  wizardAtStep: (step) => `wizard at ${step}`,
  wizardUnfinished: 'unfinished wizard',
  wizardUnreadable: 'wizard file unreadable',
  exit: (c) => (c === null ? 'exit ?' : `exit ${c}`),
  running: (elapsed) => (elapsed ? `running ${elapsed}` : 'running'),
  stopped: 'stopped',
  unreadableManifest: (e) => `unreadable manifest: ${e}`,
  tasks: (n) => (n === 1 ? '1 task' : `${n} tasks`),
  groups: (n) => (n === 1 ? '1 group' : `${n} groups`),
  unfinishedCount: (n) => (n === 1 ? '1 unfinished wizard' : `${n} unfinished wizards`),
  tipTask: 'Task',
  tipPhase: 'Current phase',
  tipNext: 'Next recommended phase',
  tipVerdict: "Reviewer's verdict",
  tipWizard: 'Wizard',
  tipLastRun: (c, at) => (c === null ? `Last run: started ${at}, exit code unknown` : `Last run: exit ${c} (${at})`),
};

/** One task of the view. */
export interface TaskRow extends IconRow {
  kind: 'task';
  /** Unique in the view: folder root and task key. */
  id: string;
  rootAbs: string;
  folderName: string;
  key: string;
  group: string;
  taskId: string;
  title: string;
  /** The current phase as the picker shows it (`--` when none). */
  phase: string;
  /** The next recommended phase, the picker's cell (`final-verification (pending)`). */
  next: string;
  /** The bare next phase (for the phase filter). */
  nextPhase: string;
  /** The reviewer's verdict: the manifest's `contract.outcome` ('' when none). */
  verdict: string;
  wizard?: WizardMark;
  /** Why the manifest cannot be read. */
  error?: string;
  /** How many runs the manifest lists (its run rows, read when the row is expanded). */
  runs: number;
  /** `task`, plus ` unfinished` when a wizard can be resumed, ` unreadable` for a broken manifest. */
  contextValue: string;
}

/** A task group of one folder. */
export interface GroupRow {
  kind: 'group';
  id: string;
  rootAbs: string;
  folderName: string;
  group: string;
  label: string;
  description: string;
  /** Shown because a filter is on (expanded, with the matching tasks only). */
  filtered: boolean;
  contextValue: 'group';
}

/** A workspace folder (multi-root workspaces only). */
export interface FolderRow {
  kind: 'folder';
  id: string;
  rootAbs: string;
  folderName: string;
  label: string;
  description: string;
  contextValue: 'folder';
}

export type BoardRow = FolderRow | GroupRow | TaskRow | RunRow;

export function isUnfinished(w: WizardMark | undefined): boolean {
  return w !== undefined && (w.status === 'unfinished' || w.status === 'unreadable');
}

/** The row of one task: its manifest entry (catalogue.ts) and its wizard file, if any. */
export function taskRow(
  folder: { rootAbs: string; name: string },
  entry: TaskEntry,
  wizard: WizardMark | undefined,
  texts: TaskRowTexts = ENGLISH_ROW_TEXTS,
): TaskRow {
  const base = {
    kind: 'task' as const,
    id: `task:${folder.rootAbs}\u0000${entry.key}`,
    rootAbs: folder.rootAbs,
    folderName: folder.name,
    key: entry.key,
    group: entry.group,
    taskId: entry.id,
    wizard,
  };
  const marks: string[] = [];
  const tips: string[] = [];
  let contextValue = 'task';
  if (isUnfinished(wizard)) contextValue += ' unfinished';
  if (wizard) {
    if (wizard.status === 'unfinished') {
      const { step, n, total } = wizard;
      const counted = n !== undefined && total !== undefined && n >= 1 && n <= total;
      const at = step ? (counted ? texts.wizardAt(step, n, total) : texts.wizardAtStep(step)) : texts.wizardUnfinished;
      marks.push(at);
      tips.push(`**${texts.tipWizard}:** ${mdEscape(at)}${wizard.error ? ` — ${mdEscape(wizard.error)}` : ''}`);
    } else if (wizard.status === 'unreadable') {
      marks.push(texts.wizardUnreadable);
      tips.push(`**${texts.tipWizard}:** ${mdEscape(wizard.error ?? texts.wizardUnreadable)}`);
    }
    if (wizard.lastRun?.status === 'running') {
      marks.push(texts.running(elapsedText(wizard.lastRun.startedAt)));
    } else if (wizard.lastRun) {
      marks.push(wizard.lastRun.status === 'stopped' ? texts.stopped : texts.exit(wizard.lastRun.exitCode));
      tips.push(mdEscape(texts.tipLastRun(wizard.lastRun.exitCode, wizard.lastRun.startedAt)));
    }
  }
  if (entry.manifest === null) {
    const why = texts.unreadableManifest(entry.error);
    return {
      ...base,
      title: entry.id,
      phase: '--',
      next: '--',
      nextPhase: '',
      verdict: '',
      error: entry.error,
      runs: 0,
      label: entry.id,
      description: [why, ...marks].join('  ·  '),
      tooltip: [`**${texts.tipTask}:** ${mdCode(entry.key)}`, mdEscape(why), ...tips].join('\n\n'),
      icon: 'error',
      iconColor: 'errorForeground',
      contextValue: contextValue + ' unreadable',
    };
  }
  const m = entry.manifest;
  const phase = currentPhaseOf(m);
  const pointer = m.workflow?.nextRecommendedPhase;
  const next = nextPhaseCell(pointer);
  const verdict = typeof m.contract?.outcome === 'string' ? m.contract.outcome : '';
  const title = typeof m.title === 'string' && m.title.trim() !== '' ? m.title.trim() : entry.id;
  // The task's key under its group is the label (short: it stays readable in a narrow sidebar, and it is what the
  // task picker and the CLI name), the title leads the description, then the cells.
  const description = [
    ...(title !== entry.id ? [title] : []),
    phase,
    texts.next(next),
    ...(verdict ? [texts.verdict(verdict)] : []),
    ...marks,
  ].join('  ·  ');
  const tooltip = [
    `**${mdEscape(title)}**`,
    `**${texts.tipTask}:** ${mdCode(entry.key)}`,
    `**${texts.tipPhase}:** ${mdEscape(phase)}`,
    `**${texts.tipNext}:** ${mdEscape(next)}`,
    ...(verdict ? [`**${texts.tipVerdict}:** ${mdEscape(verdict)}`] : []),
    ...tips,
  ].join('\n\n');
  const lastExit = wizard?.lastRun?.exitCode;
  let icon = 'tasklist';
  let iconColor: string | undefined;
  if (wizard?.lastRun?.status === 'running') {
    icon = 'sync~spin';
  } else if (isUnfinished(wizard)) {
    icon = 'debug-pause';
    iconColor = 'charts.yellow';
  } else if (lastExit !== undefined && lastExit !== null) {
    icon = lastExit === 0 ? 'pass' : 'error';
    iconColor = lastExit === 0 ? 'testing.iconPassed' : 'testing.iconFailed';
  }
  return {
    ...base,
    title,
    phase,
    next,
    nextPhase: promotePointer(pointer).phase,
    verdict,
    runs: m.runs?.length ?? 0,
    label: entry.id,
    description,
    tooltip,
    icon,
    iconColor,
    contextValue,
  };
}

// ------------------------------------------------------------------ filter

export interface TaskFilter {
  /** Case-insensitive words, each found in the key, title, phases or verdict. */
  text: string;
  /** A current phase ('' = any). */
  phase: string;
  unfinishedOnly: boolean;
}

export const NO_FILTER: TaskFilter = { text: '', phase: '', unfinishedOnly: false };

export function isFiltering(f: TaskFilter): boolean {
  return f.text.trim() !== '' || f.phase !== '' || f.unfinishedOnly;
}

export function matchesFilter(row: TaskRow, f: TaskFilter): boolean {
  if (f.unfinishedOnly && !isUnfinished(row.wizard)) return false;
  if (f.phase && row.phase !== f.phase) return false;
  const words = f.text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = `${row.key}\n${row.title}\n${row.phase}\n${row.next}\n${row.verdict}\n${row.wizard?.step ?? ''}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

export interface FilterTexts {
  text(t: string): string;
  phase(p: string): string;
  unfinished: string;
}

export const ENGLISH_FILTER_TEXTS: FilterTexts = {
  text: (t) => `“${t}”`,
  phase: (p) => `phase ${p}`,
  unfinished: 'unfinished wizards',
};

/** The filter as the view's description shows it, '' when there is none. */
export function describeFilter(f: TaskFilter, texts: FilterTexts = ENGLISH_FILTER_TEXTS): string {
  const parts: string[] = [];
  if (f.text.trim()) parts.push(texts.text(f.text.trim()));
  if (f.phase) parts.push(texts.phase(f.phase));
  if (f.unfinishedOnly) parts.push(texts.unfinished);
  return parts.join(' · ');
}

// ------------------------------------------------------------------ grouping

export function folderRow(folder: { rootAbs: string; name: string }, groups: number, texts: Pick<TaskRowTexts, 'groups'>): FolderRow {
  return {
    kind: 'folder',
    id: `folder:${folder.rootAbs}`,
    rootAbs: folder.rootAbs,
    folderName: folder.name,
    label: folder.name,
    description: texts.groups(groups),
    contextValue: 'folder',
  };
}

/**
 * A group's row: `tasks` is the number of task folders listed; `shown`, when
 * a filter is on, the number of them that match; `unfinished` the number of
 * unfinished wizards in the group.
 */
export function groupRow(
  folder: { rootAbs: string; name: string },
  group: string,
  counts: { tasks: number; shown?: number; unfinished: number },
  texts: TaskRowTexts = ENGLISH_ROW_TEXTS,
): GroupRow {
  const n = counts.shown === undefined ? texts.tasks(counts.tasks) : `${counts.shown}/${counts.tasks}`;
  const description = counts.unfinished > 0 ? `${n}  ·  ${texts.unfinishedCount(counts.unfinished)}` : n;
  return {
    kind: 'group',
    id: `group:${folder.rootAbs}\u0000${group}`,
    rootAbs: folder.rootAbs,
    folderName: folder.name,
    group,
    label: group,
    description,
    filtered: counts.shown !== undefined,
    contextValue: 'group',
  };
}

/** Group names in the order the view shows them. */
export function sortGroups(names: string[]): string[] {
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Every distinct current phase of these rows, sorted (the phase filter's choices). */
export function phasesOf(rows: Iterable<TaskRow>): string[] {
  const set = new Set<string>();
  for (const r of rows) if (r.phase !== '--') set.add(r.phase);
  return [...set].sort();
}
