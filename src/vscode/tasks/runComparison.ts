// Two runs of one task side by side, from plain data (no vscode, no file system): what the Tasks view's Compare Runs
// shows in one read-only Markdown document — run type, plan stage, status and outcome, the team and the agents of
// each role, every other setting of the two inputs.json files, and each run's inputs file — with every row whose two
// values differ marked `≠`. The values come from the repository (markdownText.ts keeps them plain text).
// Unit-tested in plain Node.

import type { RunRecord } from '../../host/tasks';
import { mdCode, mdEscape } from './markdownText';
import { runAgents, runDate, teamOfAgents } from './runRows';

/** A configured team as the comparison names it: its name and, per role, the models of its agents. */
interface TeamShape {
  name: string;
  roles: Record<string, string[]>;
}

/** One row of the comparison: what it is, the value of each run ('' when the run has none), whether they differ. */
interface ComparisonRow {
  label: string;
  values: [string, string];
  differs: boolean;
}

/** The comparison of two runs, in three parts: the run, its agents by role, the other settings of its inputs. */
interface RunComparison {
  runIds: [string, string];
  run: ComparisonRow[];
  agents: ComparisonRow[];
  settings: ComparisonRow[];
  /** Each run's inputs file as messages name it, with why it cannot be used when it cannot. */
  inputs: [string, string];
  problems: [string, string];
}

/** The words of the comparison, translated by the view or plain English in tests. */
export interface ComparisonTexts {
  title(taskKey: string): string;
  /** `2 settings differ.` / `The two runs are alike.` */
  differences(n: number): string;
  run: string;
  started: string;
  runType: string;
  stage: string;
  status: string;
  outcome: string;
  team: string;
  agents: string;
  settings: string;
  inputs: string;
  role: string;
  setting: string;
  /** A role the run had no agents of. */
  none: string;
  /** A role or setting the run does not have at all. */
  absent: string;
  /** A run whose agents are not known (no inputs, or only the version-1 keys). */
  unknown: string;
  noSettings: string;
  problem: string;
  /** The line under the tables: what the prompt over the document offers. */
  howToUse: string;
}

const ENGLISH_COMPARISON_TEXTS: ComparisonTexts = {
  title: (key) => `Runs of ${key} compared`,
  differences: (n) => (n === 0 ? 'The two runs are alike.' : n === 1 ? '1 row differs (≠).' : `${n} rows differ (≠).`),
  run: 'Run',
  started: 'Started',
  runType: 'Run type',
  stage: 'Plan stage',
  status: 'Status',
  outcome: 'Outcome',
  team: 'Team',
  agents: 'Agents',
  settings: 'Settings',
  inputs: 'Inputs',
  role: 'Role',
  setting: 'Setting',
  none: 'none',
  absent: '—',
  unknown: 'not known',
  noSettings: 'No other settings.',
  problem: 'Problem',
  howToUse: 'New Run with This Team for either run is in the prompt above.',
};

/** The keys of inputs.json the comparison shows elsewhere (the run rows, the agents), not as settings. */
const SHOWN_ELSEWHERE = new Set(['taskType', 'stage', 'chainStages', 'roleModels', 'roleCounts']);

/** A setting's value in one line: a string as it is, a list joined, anything else as JSON; undefined stays undefined. */
function valueText(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join(', ');
  return JSON.stringify(v);
}

function row(label: string, a: string, b: string): ComparisonRow {
  return { label, values: [a, b], differs: a !== b };
}

function stageOf(r: RunRecord): string {
  return r.stage || (r.chainStages.length > 0 ? r.chainStages.join(' → ') : '');
}

function startedOf(r: RunRecord): string {
  if (r.startedAt) return r.startedAt;
  const d = runDate(r);
  return d ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : '';
}

/** Two runs compared; `teams` name the configured team whose agents a run's are. */
export function compareRuns(
  a: RunRecord,
  b: RunRecord,
  teams: readonly TeamShape[],
  texts: ComparisonTexts = ENGLISH_COMPARISON_TEXTS,
): RunComparison {
  const agentsA = runAgents(a.inputs);
  const agentsB = runAgents(b.inputs);
  const teamName = (agents: Record<string, string[]> | null) => (agents ? (teamOfAgents(agents, teams)?.name ?? '') : '');
  const run = [
    row(texts.started, startedOf(a), startedOf(b)),
    row(texts.runType, a.taskType, b.taskType),
    row(texts.stage, stageOf(a), stageOf(b)),
    row(texts.status, a.status, b.status),
    row(texts.outcome, a.outcome, b.outcome),
    row(texts.team, teamName(agentsA), teamName(agentsB)),
  ];
  const roles = [...new Set([...Object.keys(agentsA ?? {}), ...Object.keys(agentsB ?? {})])];
  const side = (agents: Record<string, string[]> | null, role: string): string => {
    if (!agents) return texts.unknown;
    const models = agents[role];
    if (models === undefined) return texts.absent;
    return models.length === 0 ? texts.none : models.join(', ');
  };
  const agents = roles.map((role) => row(role, side(agentsA, role), side(agentsB, role)));
  const inputsA = a.inputs ?? {};
  const inputsB = b.inputs ?? {};
  const keys = [...new Set([...Object.keys(inputsA), ...Object.keys(inputsB)])].filter((k) => !SHOWN_ELSEWHERE.has(k));
  const settings = keys.map((k) => row(k, valueText(inputsA[k]) ?? texts.absent, valueText(inputsB[k]) ?? texts.absent));
  return {
    runIds: [a.runId, b.runId],
    run,
    agents,
    settings,
    inputs: [a.inputsPath, b.inputsPath],
    problems: [a.problem ?? '', b.problem ?? ''],
  };
}

/** How many rows differ (the run ids, always different, are not counted). */
export function differenceCount(c: RunComparison): number {
  return [...c.run, ...c.agents, ...c.settings].filter((r) => r.differs).length;
}

/** A value from a file in a table cell: plain text, its `|` kept from splitting the row, long text cut. */
function cell(s: string): string {
  const text = s.length > 300 ? `${s.slice(0, 300)}…` : s;
  return text === '' ? '' : mdEscape(text);
}

/** A value shown as code in a table cell (a model ref, a path). */
function codeCell(s: string): string {
  return s === '' ? '' : mdCode(s).replace(/\|/g, '\\|');
}

/** A table of rows, the run ids as its heads, `≠` in the first column of each row whose values differ. */
function table(head: string, ids: [string, string], rows: readonly ComparisonRow[], value: (s: string) => string): string {
  const lines = [`|  | ${mdEscape(head)} | ${codeCell(ids[0])} | ${codeCell(ids[1])} |`, '|:-:|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.differs ? '≠' : ''} | ${mdEscape(r.label)} | ${value(r.values[0])} | ${value(r.values[1])} |`);
  return lines.join('\n');
}

/** The comparison as the read-only document shows it. */
export function comparisonMarkdown(taskKey: string, c: RunComparison, texts: ComparisonTexts = ENGLISH_COMPARISON_TEXTS): string {
  const out = [`# ${mdEscape(texts.title(taskKey))}`, '', texts.differences(differenceCount(c)), ''];
  out.push(table(texts.run, c.runIds, c.run, cell), '');
  out.push(`## ${texts.agents}`, '');
  // The agents' rows hold model refs (code) except the words for none, absent and not known.
  const words = new Set([texts.none, texts.absent, texts.unknown]);
  const models = (x: string): string => {
    if (words.has(x)) return cell(x);
    const refs = x.split(', ');
    // Several agents of a role: how many after their models.
    return refs.map(codeCell).join(', ') + (refs.length > 1 ? ` (${refs.length})` : '');
  };
  out.push(c.agents.length > 0 ? table(texts.role, c.runIds, c.agents, models) : texts.unknown, '');
  out.push(`## ${texts.settings}`, '');
  out.push(c.settings.length > 0 ? table(texts.setting, c.runIds, c.settings, cell) : texts.noSettings, '');
  out.push(`## ${texts.inputs}`, '');
  for (const i of [0, 1] as const) {
    const where = c.inputs[i] ? codeCell(c.inputs[i]) : texts.absent;
    const problem = c.problems[i] ? ` — ${texts.problem}: ${cell(c.problems[i])}` : '';
    out.push(`- ${codeCell(c.runIds[i])}: ${where}${problem}`);
  }
  out.push('', `*${texts.howToUse}*`, '');
  return out.join('\n');
}
