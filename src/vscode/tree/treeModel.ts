// The wizard tree's rows as plain data (unit-tested without VS Code): one row
// per answered step from the engine's tree, the current prompt last, the last
// run on top; an icon per group; rows with a reconcile notice marked.

import type { LastRun } from '../../core/types';
import type { TreeRowDoc } from '../wizard/session';

export interface TreeRowModel {
  id: string;
  label: string;
  description?: string;
  tooltip: string;
  /** A codicon id. */
  icon: string;
  /** A theme colour id for the icon, when it signals something. */
  iconColor?: string;
  /** `step editable`, `step`, `current`, `lastRun`, `error`: menus match on it. */
  contextValue: string;
  /** The step id the row's Edit from Here rewinds to. */
  stepId?: string;
}

export interface TreeTexts {
  current: string;
  changed: string;
  lastRun(exitCode: number | null, startedAt: string): string;
}

const GROUP_ICONS: Record<string, string> = {
  task: 'briefcase',
  inputs: 'file-text',
  roles: 'person',
  'follow-ups': 'comment-discussion',
  confirm: 'checklist',
};

export function lastRunRow(lastRun: LastRun, texts: TreeTexts): TreeRowModel {
  const ok = lastRun.exitCode === 0;
  return {
    id: 'last-run',
    label: texts.lastRun(lastRun.exitCode, lastRun.startedAt),
    tooltip: lastRun.argv.join(' '),
    icon: lastRun.exitCode === null ? 'question' : ok ? 'pass' : 'error',
    iconColor: lastRun.exitCode === null ? undefined : ok ? 'testing.iconPassed' : 'testing.iconFailed',
    contextValue: 'lastRun',
  };
}

export function treeRowModels(rows: readonly TreeRowDoc[], texts: TreeTexts): TreeRowModel[] {
  return rows.map((row) => {
    const tooltip = [row.echo, row.notice].filter((t) => t !== undefined && t !== '').join('\n');
    if (!row.answered) {
      return {
        id: `current:${row.id}`,
        label: row.label,
        description: texts.current,
        tooltip,
        icon: 'arrow-right',
        iconColor: 'charts.blue',
        contextValue: row.editable ? 'current editable' : 'current',
        stepId: row.id,
      };
    }
    return {
      id: `step:${row.id}`,
      label: row.answer ?? row.echo,
      description: row.notice ? `${row.label} · ⚠ ${texts.changed}` : row.label,
      tooltip,
      icon: row.notice ? 'warning' : (GROUP_ICONS[row.group] ?? 'circle-filled'),
      iconColor: row.notice ? 'list.warningForeground' : undefined,
      contextValue: row.editable ? 'step editable' : 'step',
      stepId: row.id,
    };
  });
}
