// The confirmation as a read-only markdown document shown beside the confirm prompt: a short heading (the run type and
// the task key, drawn small: the engine's header as an H1 took 3–5 lines at 800×600 and at 150 % zoom) with the task's
// title as plain text under it, the full command line in a code block (readable, selectable, copyable; it never wraps
// inside an option), then the agents and the settings as two tables. The prompt floats over the top of the editor area, so the document starts
// with a blank band of its height (the heading was hidden under it); the command line comes before the tables, so
// that it is in view at 1280×800 and 1024×768; the block has no language, so that no shell grammar colours a word
// inside a quoted value as a command (an HTML block, which also wraps the long JSON value); the program Run starts
// follows it. Pure: the engine's confirmationText, the quoted command line and the program's sentence in, markdown out.

import type { DisplayedCommandLine } from '../run/commandLine';
import { mdEscape } from '../tasks/markdownText';

interface ConfirmationTexts {
  setting: string;
  value: string;
  role: string;
  ordinal: string;
  model: string;
  roles: string;
  commandLine(shell: string): string;
  howToRun: string;
}

interface ConfirmationRows {
  title: string;
  settings: Array<[string, string]>;
  roles: Array<{ role: string; ordinal: string; model: string }>;
}

/** confirmationText (`header` line, then `  key : value` lines) as rows; role lines (`role : r #n = m`) apart. */
export function confirmationRows(confirmationText: string): ConfirmationRows {
  const [header = '', ...lines] = confirmationText.split('\n');
  const rows: ConfirmationRows = { title: header.trim(), settings: [], roles: [] };
  for (const line of lines) {
    const m = /^\s*(\S(?:.*?\S)?)\s+:\s(.*)$/.exec(line);
    if (!m) {
      if (line.trim() !== '') rows.settings.push(['', line.trim()]);
      continue;
    }
    const [, key, value] = m;
    const role = /^(\S+) #(\d+) = (.+)$/.exec(value);
    if (role) rows.roles.push({ role: role[1], ordinal: role[2], model: role[3] });
    else if (key === 'role') rows.roles.push({ role: value.replace(/\s*\(.*\)$/, ''), ordinal: '', model: value.replace(/^\S+\s*/, '') });
    else rows.settings.push([key, value]);
  }
  return rows;
}

/** A markdown table whose columns also line up in a plain-text editor. */
function markdownTable(head: readonly string[], body: ReadonlyArray<readonly string[]>): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => cell(r[i] ?? '').length), 3));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => cell(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n');
}

/** The band the confirm prompt (title, box, three options and Copy Command Line) covers at the top of the preview. */
export const PROMPT_BAND = '<div style="height: 6.5em" aria-hidden="true"></div>';

/**
 * The band of a prompt with `extraRows` more items (Save these agents as a team…). A row of the prompt is about
 * 1.6em of the preview; the band's margin below the prompt takes part of it, so that the command line stays in view
 * at 1024×768.
 */
function promptBand(extraRows: number): string {
  return extraRows > 0 ? `<div style="height: ${6.5 + 1 * extraRows}em" aria-hidden="true"></div>` : PROMPT_BAND;
}

/**
 * The command line's block: preformatted, no grammar, and wrapped anywhere — a markdown code block does not break
 * the long JSON of --host-session-context-json, which then ran past the preview's right edge. Its padding is a little
 * less than a code block's, so that the whole command line is in view at 1024×768 under the confirm prompt.
 */
export const COMMAND_BLOCK_START = '<pre style="white-space: pre-wrap; overflow-wrap: anywhere; padding: 8px 16px">';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The heading: small, so that the command line and the agents are in view at 800×600 and at 150 % zoom. */
const HEADING_START = '<h1 style="font-size: 1.3em; margin: 0 0 0.3em; padding-bottom: 0; border-bottom: none">';

/** A section's heading (Command line, Agents): smaller than the heading above it, and little space around it. */
function sectionHeading(text: string): string {
  return `<h2 style="font-size: 1.1em; margin: 0.8em 0 0.3em; padding-bottom: 0; border-bottom: none">${escapeHtml(text)}</h2>`;
}

/** `<run type> · <task key>` from the confirmation's rows (the header's last word is the task key); else the header. */
function shortHeading(rows: ConfirmationRows): string {
  const runType = rows.settings.find(([k]) => k === 'task-type')?.[1] ?? '';
  const key = rows.title.split(' ').pop() ?? '';
  return runType && key ? `${runType} · ${key}` : rows.title;
}

interface ConfirmationExtras {
  /** The sentence that says which executable Run starts (or that it cannot start one), under the command line. */
  program?: string;
  /** The items the prompt has beyond the usual ones (its band is that much taller). */
  extraPromptRows?: number;
  /** The task's title (from its manifest), as plain text under the heading. */
  taskTitle?: string;
  /** The run environment's one line (src/host/runEnvironment.ts), as plain text under the program's sentence. */
  environment?: string;
}

export function confirmationMarkdown(
  confirmationText: string,
  command: DisplayedCommandLine,
  texts: ConfirmationTexts,
  extras: ConfirmationExtras = {},
): string {
  const rows = confirmationRows(confirmationText);
  const parts = [promptBand(extras.extraPromptRows ?? 0), '', `${HEADING_START}${escapeHtml(shortHeading(rows))}</h1>`, ''];
  const title = extras.taskTitle?.trim();
  if (title) parts.push(mdEscape(title), '');
  parts.push(sectionHeading(texts.commandLine(command.shell)), '', COMMAND_BLOCK_START, escapeHtml(command.line), '</pre>');
  if (command.error) parts.push('', command.error);
  if (extras.program) parts.push('', extras.program);
  if (extras.environment) parts.push('', mdEscape(extras.environment));
  if (rows.roles.length > 0) {
    parts.push(
      '',
      sectionHeading(texts.roles),
      '',
      markdownTable(
        [texts.role, texts.ordinal, texts.model],
        rows.roles.map((r) => [r.role, r.ordinal, r.model]),
      ),
    );
  }
  parts.push('', markdownTable([texts.setting, texts.value], rows.settings));
  parts.push('', texts.howToRun, '');
  return parts.join('\n');
}
