// The wizard tree's rows as plain data (unit-tested without VS Code): one row
// per answered step from the engine's tree, the current prompt last, the last
// run on top; an icon per group; rows with a reconcile notice marked.

import { elapsedText } from '../../core/run/elapsed';
import { detectShell, quoteCommandLine, type ShellKind } from '../../core/run/shellQuote';
import type { LastRun } from '../../core/types';
import { COMMAND_IDS } from '../commandIds';
import type { TreeRowDoc } from '../wizardResults';

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
  /** `startedAt` is the start time in words (runTimeText): local time, relative when recent. */
  lastRun(exitCode: number | null, startedAt: string): string;
  /** The run in progress (`Running for 3 min`) and a stopped one (`Last run: stopped (25 minutes ago)`: as short as
   *  the exit row's, for the sidebar's width; what stopped it is in the tooltip, `Stopped by Stop Run`). */
  running?(elapsed: string): string;
  stopped?(startedAt: string): string;
  stoppedBy?(by: string): string;
  /** BCP 47 language of the UI (`en`, `ko`) for the start time; English when absent. */
  lang?: string;
  /** IANA time zone for the start time; the machine's when absent (tests pin it). */
  timeZone?: string;
  /** The shell the tooltip's command line is quoted for (`bash` when absent). */
  shell?: ShellKind;
}

/**
 * The tree's texts in the UI's language: `Last run:` in local time (relative when recent) and the tooltip's
 * command line quoted for the terminal's shell when it is one we quote for.
 */
export function treeTexts(host: {
  t(message: string, ...args: Array<string | number>): string;
  language(): string;
  shell(): string;
}): TreeTexts {
  const t = host.t;
  const detected = detectShell(host.shell());
  return {
    current: t('current'),
    changed: t('changed by reconcile'),
    lastRun: (exitCode, startedAt) =>
      exitCode === null ? t('Last run: exit code unknown ({0})', startedAt) : t('Last run: exit {0} ({1})', exitCode, startedAt),
    running: (elapsed) => t('Running for {0}', elapsed),
    stopped: (startedAt) => t('Last run: stopped ({0})', startedAt),
    stoppedBy: (by) => t('Stopped by {0}', by),
    lang: host.language(),
    ...(detected.ok ? { shell: detected.shell } : {}),
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A run's start time for people: `just now`, `5 minutes ago`, `3 hours ago`
 * within a day, else the local date and time (`Dec 1, 2026, 09:34`); the ISO
 * stamp as it is when it cannot be read.
 */
export function runTimeText(startedAtIso: string, now: Date, opts: { lang?: string; timeZone?: string } = {}): string {
  const t = Date.parse(startedAtIso);
  if (Number.isNaN(t)) return startedAtIso;
  const lang = opts.lang || 'en';
  const ago = now.getTime() - t;
  if (ago >= 0 && ago < HOUR * 24) {
    const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    if (ago < MINUTE) return rtf.format(0, 'second');
    if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute');
    return rtf.format(-Math.floor(ago / HOUR), 'hour');
  }
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: opts.timeZone }).format(new Date(t));
}

/** The run's argv as one quoted command line (what a person could paste into a terminal). */
export function runCommandLine(argv: readonly string[], shell: ShellKind = 'bash'): string {
  const q = quoteCommandLine(argv, shell);
  // An argv no shell can represent is shown as JSON rather than as a misleading line.
  return q.ok ? q.line : JSON.stringify(argv);
}

const GROUP_ICONS: Record<string, string> = {
  task: 'briefcase',
  inputs: 'file-text',
  roles: 'person',
  'follow-ups': 'comment-discussion',
  confirm: 'checklist',
};

export function lastRunRow(lastRun: LastRun, texts: TreeTexts, now: Date = new Date()): TreeRowModel {
  const ok = lastRun.exitCode === 0;
  const when = runTimeText(lastRun.startedAt, now, texts);
  const commandLine = `${runCommandLine(lastRun.argv, texts.shell)}\n${lastRun.startedAt}`;
  if (lastRun.status === 'running') {
    const elapsed = elapsedText(lastRun.startedAt, now);
    return {
      id: 'last-run',
      label: texts.running ? texts.running(elapsed) : `Running for ${elapsed}`,
      tooltip: commandLine,
      icon: 'sync~spin',
      contextValue: 'lastRun running',
    };
  }
  if (lastRun.status === 'stopped') {
    const by = lastRun.endedBy ?? 'Stop Run';
    return {
      id: 'last-run',
      label: texts.stopped ? texts.stopped(when) : `Last run: stopped (${when})`,
      tooltip: `${commandLine}\n${texts.stoppedBy ? texts.stoppedBy(by) : `Stopped by ${by}`}`,
      icon: 'debug-stop',
      contextValue: 'lastRun',
    };
  }
  if (lastRun.status === 'unknown' && lastRun.endedBy) {
    return {
      id: 'last-run',
      // As short as an exit row's (the sidebar's width); how it ended is in the tooltip.
      label: texts.lastRun(null, when),
      tooltip: `${commandLine}\n${lastRun.endedBy}`,
      icon: 'question',
      contextValue: 'lastRun',
    };
  }
  return {
    id: 'last-run',
    label: texts.lastRun(lastRun.exitCode, when),
    tooltip: commandLine,
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
      // The answer in words (`planner #2 = codex/gpt-5.1-codex`) already names the step: the description only marks a change.
      label: row.answer ?? row.echo,
      description: row.notice ? `⚠ ${texts.changed}` : row.answer ? undefined : row.label,
      tooltip,
      icon: row.notice ? 'warning' : (GROUP_ICONS[row.group] ?? 'circle-filled'),
      iconColor: row.notice ? 'list.warningForeground' : undefined,
      contextValue: row.editable ? 'step editable' : 'step',
      stepId: row.id,
    };
  });
}

/** The second argument of Edit from Here when a row was clicked or had Enter (commands/edit.ts asks first then). */
export const ROW_CLICK = 'row';

/** What Enter (or a click) on a row does: a command of the extension, its arguments and its title in the UI. */
interface RowCommand {
  command: string;
  args: unknown[];
  title: string;
}

/**
 * Every row acts on Enter, so keyboard users need no context menu: the current step continues the wizard, an
 * answered step that can be edited is Edit from Here (`row`: it always asks first, as a click does the same), the
 * last run shows its output, an aborted wizard starts over, a broken file opens.
 */
export function rowCommand(row: TreeRowModel, t: (message: string) => string): RowCommand | undefined {
  const kind = row.contextValue.split(' ')[0];
  if (kind === 'current' || kind === 'waiting') return { command: COMMAND_IDS.resume, args: [], title: t('Continue') };
  if (kind === 'step' && row.contextValue.includes('editable') && row.stepId)
    return { command: COMMAND_IDS.editFromHere, args: [row.stepId, ROW_CLICK], title: t('Edit from Here') };
  if (kind === 'lastRun') return { command: COMMAND_IDS.showOutput, args: [], title: t('Show Output') };
  if (kind === 'aborted') return { command: COMMAND_IDS.startOver, args: [], title: t('Start Over') };
  if (kind === 'error') return { command: COMMAND_IDS.openStateFile, args: [], title: t('Open State File') };
  return undefined;
}
