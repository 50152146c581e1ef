// Compare Runs and Compare with… of the Tasks view: two recorded runs of one task (both selected, or one and a pick
// of its task's other runs) in one read-only document (runComparison.ts), the older run on the left, then a prompt
// over it that offers New Run with This Team for either run. Through the window seam, unit-tested with the fake
// window (test/unit/vscode/tasksCompareRuns.test.ts).

import type { HostWindow, Log } from '../host/window';
import type { CommandHandler } from '../host/commandRegistrar';
import { compareRuns, comparisonMarkdown, type ComparisonTexts } from './runComparison';
import type { RunRow } from './runRows';
import type { TasksTree } from './tasksTree';

/** The one comparison document: a second comparison replaces the first. */
const DOCUMENT = 'okstra runs compared';

function comparisonTexts(t: HostWindow['t']): ComparisonTexts {
  return {
    title: (key) => t('Runs of {0} compared', key),
    differences: (n) => (n === 0 ? t('The two runs are alike.') : n === 1 ? t('1 row differs (≠).') : t('{0} rows differ (≠).', n)),
    run: t('Run'),
    started: t('Started'),
    runType: t('Run type'),
    stage: t('Plan stage'),
    status: t('Status'),
    outcome: t('Outcome'),
    team: t('Team'),
    agents: t('Agents'),
    settings: t('Settings'),
    inputs: t('Inputs'),
    role: t('Role'),
    setting: t('Setting'),
    none: t('none'),
    absent: '—',
    unknown: t('not known'),
    noSettings: t('No other settings.'),
    problem: t('Problem'),
    howToUse: t('New Run with This Team for either run is in the prompt above.'),
  };
}

/** A row of a run okstra recorded (the run in progress has no run id yet). */
function isRecordedRun(x: unknown): x is RunRow {
  return typeof x === 'object' && x !== null && (x as RunRow).kind === 'run' && (x as RunRow).runId !== '';
}

interface CompareDeps {
  host: HostWindow;
  log: Log;
  tree: TasksTree;
  /** The view's New Run with This Team on a run row. */
  newRunWithTeam(row: RunRow): Promise<unknown>;
}

/** Opens the comparison of two runs of one task, then offers New Run with This Team for either. */
async function showComparison(deps: CompareDeps, first: RunRow, second: RunRow): Promise<void> {
  const { host } = deps;
  const t = host.t;
  const task = await deps.tree.tree.taskRuns(first);
  const find = (row: RunRow) => task?.runs.findIndex((r) => r.row.runId === row.runId) ?? -1;
  const [i, j] = [find(first), find(second)];
  const gone = i < 0 ? first : j < 0 ? second : null;
  if (!task || gone) {
    await host.showMessage('warning', t('Run {0} of {1} is no longer in its task manifest.', (gone ?? first).runId, first.taskKey), {}, []);
    return;
  }
  // The rows are newest first: the older run goes on the left.
  const [older, newer] = i > j ? [task.runs[i]!, task.runs[j]!] : [task.runs[j]!, task.runs[i]!];
  const comparison = compareRuns(older.record, newer.record, task.teams, comparisonTexts(t));
  await host.showReadOnlyDocument(DOCUMENT, comparisonMarkdown(first.taskKey, comparison, comparisonTexts(t)));
  deps.log.info(`compared runs ${older.row.runId} and ${newer.row.runId} of ${first.taskKey}`);
  const offers = [older.row, newer.row]
    .filter((r) => r.team !== '')
    .map((r) => ({ label: t('New Run with This Team'), description: `${r.runId} · ${r.description}`, row: r }));
  if (offers.length === 0) return;
  const picked = await host.showQuickPick(offers, {
    title: t('Runs of {0} compared', first.taskKey),
    placeHolder: t('Start a new run with the team of one of these runs (Escape closes this prompt)'),
    ignoreFocusOut: true,
  });
  if (picked) await deps.newRunWithTeam(picked.row);
}

/** Compare with…: the task's other recorded runs in a QuickPick, then the comparison. */
async function compareWith(deps: CompareDeps, row: RunRow): Promise<void> {
  const { host } = deps;
  const t = host.t;
  const task = await deps.tree.tree.taskRuns(row);
  const others = (task?.runs ?? []).filter((r) => r.row.runId !== row.runId);
  if (others.length === 0) {
    await host.showMessage('info', t('{0} has no other run to compare run {1} with.', row.taskKey, row.runId), {}, []);
    return;
  }
  const picked = await host.showQuickPick(
    others.map((r) => ({ label: r.row.label, description: r.row.description, detail: r.row.runId, row: r.row })),
    { title: t('Compare Run {0} with…', row.runId), placeHolder: t('Another run of {0}', row.taskKey) },
  );
  if (picked) await showComparison(deps, row, picked.row);
}

/** The handlers of Compare Runs (the rows selected in the view) and Compare with… (one row). */
export function compareRunsCommands(deps: CompareDeps): { compareRuns: CommandHandler; compareRunWith: CommandHandler } {
  const { host } = deps;
  const t = host.t;
  return {
    // A command from a row's context menu gets the row clicked and the rows selected (the view selects many).
    compareRuns: async (row?: unknown, selected?: unknown) => {
      const rows = (Array.isArray(selected) && selected.length > 0 ? selected : [row]).filter(isRecordedRun);
      if (rows.length === 1) return compareWith(deps, rows[0]!);
      if (rows.length !== 2) {
        await host.showMessage('info', t('Select two runs of one task to compare them, or use Compare with… on one run.'), {}, []);
        return;
      }
      const [a, b] = [rows[0]!, rows[1]!];
      if (a.rootAbs !== b.rootAbs || a.taskKey !== b.taskKey) {
        await host.showMessage(
          'warning',
          t(
            'Run {0} is a run of {1} and run {2} a run of {3}: Compare Runs compares two runs of one task.',
            a.runId,
            a.taskKey,
            b.runId,
            b.taskKey,
          ),
          {},
          [],
        );
        return;
      }
      return showComparison(deps, a, b);
    },
    compareRunWith: (row?: unknown) => (isRecordedRun(row) ? compareWith(deps, row) : undefined),
  };
}
