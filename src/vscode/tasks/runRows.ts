// The run rows of the Tasks view, from plain data (no vscode, no file system): each run of a task
// (src/workspace/runHistory.ts reads them) becomes one row under its task, newest first — its run type, then
// its date, the stage, the team it used (a configured team whose agents are the run's, else its agents in
// short) and the status the manifest gives; the tooltip has every detail. Unit-tested in plain Node.

import type { RunRecord } from '../../host/tasks';
import { runAgents, runDate, teamOfAgents } from '../../core/runAgents';

export { runAgents, runDate, teamOfAgents };
import { RUN_TEAM_PREFIX } from '../../core/roles/teamNames';
import type { IconRow } from './iconRow';
import { mdCode, mdEscape } from './markdownText';

/** A configured team as the rows compare it: its name and, per role, the models of its agents. */
interface TeamShape {
  name: string;
  roles: Record<string, string[]>;
}

/** One run of a task in the view. */
export interface RunRow extends IconRow {
  kind: 'run';
  /** Unique in the view: the task's row id and the run id. */
  id: string;
  rootAbs: string;
  taskKey: string;
  runId: string;
  taskType: string;
  /** `runs/<run-id>`, absolute; null when the run id cannot name a folder. */
  dirAbs: string | null;
  /** The answer of team-pick that stands for this run's agents: the configured team's name, else `run:<id>`; '' when not known. */
  team: string;
  /** `run`, plus ` team` when its agents are known (New Run with this Team). */
  contextValue: string;
}

/** The strings of the run rows, translated by the view or plain English in tests. */
export interface RunRowTexts {
  /** A role with several agents in the summary: `2 planners`. */
  roleCount(role: string, n: number): string;
  unknownAgents: string;
  /** The row's word for a run without inputs.json, and for one whose inputs.json cannot be used (the tooltip says why). */
  noInputs: string;
  badInputs: string;
  /** The run's inputs hold the version-1 model selection (workers, leadModel, …). */
  legacyAgents: string;
  chain(stages: string): string;
  tipRun: string;
  tipType: string;
  tipStage: string;
  tipStatus: string;
  tipOutcome: string;
  tipTeam: string;
  tipAgents: string;
  tipNoAgents: string;
  tipInputs: string;
  tipProblem: string;
}

export const ENGLISH_RUN_TEXTS: RunRowTexts = {
  roleCount: (role, n) => `${n} ${role}s`,
  unknownAgents: 'agents not known',
  noInputs: 'no inputs.json',
  badInputs: 'inputs.json unreadable',
  legacyAgents: 'version-1 selection',
  chain: (s) => `chain ${s}`,
  tipRun: 'Run',
  tipType: 'Run type',
  tipStage: 'Stage',
  tipStatus: 'Status',
  tipOutcome: 'Outcome',
  tipTeam: 'Team',
  tipAgents: 'Agents',
  tipNoAgents: 'none',
  tipInputs: 'Inputs',
  tipProblem: 'Problem',
};

/** The version-1 keys of a run's model selection (the engine converts them; the view only names them). */
const LEGACY_KEYS = ['workers', 'leadProvider', 'leadModel', 'claudeModel', 'codexModel', 'antigravityModel', 'grokModel', 'kimiModel'];

/** Whether the inputs hold only the version-1 model selection. */
function isLegacy(inputs: Record<string, unknown> | null): boolean {
  return inputs !== null && LEGACY_KEYS.some((k) => inputs[k] !== undefined && inputs[k] !== '');
}

/** `claude/opus-4.5` → `opus-4.5`: the model without its provider, for the short summary. */
function modelName(ref: string): string {
  const i = ref.indexOf('/');
  return i < 0 ? ref : ref.slice(i + 1);
}

/** The agents in short: `leader opus-4.5 · 2 planners · critic` (roles without agents are left out). */
export function agentSummary(agents: Record<string, string[]>, texts: RunRowTexts = ENGLISH_RUN_TEXTS): string {
  const parts: string[] = [];
  for (const [role, models] of Object.entries(agents)) {
    if (models.length === 0) continue;
    if (role === 'leader' && models.length === 1) parts.push(`leader ${modelName(models[0]!)}`);
    else parts.push(models.length === 1 ? role : texts.roleCount(role, models.length));
  }
  return parts.join(' · ');
}

/** A day, short and local: `Nov 20` this year, `Nov 20, 2025` another year. */
export function shortDate(d: Date, language: string, now: Date = new Date()): string {
  const opts: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
  if (d.getFullYear() !== now.getFullYear()) opts.year = 'numeric';
  try {
    return new Intl.DateTimeFormat(language, opts).format(d);
  } catch {
    return new Intl.DateTimeFormat('en', opts).format(d);
  }
}

interface RunRowContext {
  task: { id: string; rootAbs: string; key: string };
  teams: readonly TeamShape[];
  texts?: RunRowTexts;
  language?: string;
  now?: Date;
}

/** The status as the manifest gives it: its outcome (with the status when that is not `completed`), else its status. */
function statusCell(r: RunRecord): string {
  if (r.outcome && r.status && r.status !== 'completed') return `${r.status}: ${r.outcome}`;
  return r.outcome || r.status;
}

function iconOf(r: RunRecord): { icon: string; iconColor?: string } {
  if (r.problem) return { icon: 'warning', iconColor: 'list.warningForeground' };
  if (r.status === 'failed') return { icon: 'error', iconColor: 'testing.iconFailed' };
  if (r.status === 'completed') return { icon: 'pass', iconColor: 'testing.iconPassed' };
  return { icon: 'history' };
}

/** The row of one run. */
export function runRow(r: RunRecord, ctx: RunRowContext): RunRow {
  const texts = ctx.texts ?? ENGLISH_RUN_TEXTS;
  const agents = runAgents(r.inputs);
  const team = agents ? teamOfAgents(agents, ctx.teams) : null;
  const date = runDate(r);
  const when = date ? shortDate(date, ctx.language ?? 'en', ctx.now) : '';
  // The run type is the label and the date leads the description: a date and a long run type together
  // (`Nov 7 · implementation-planning`) did not fit a run row at the default sidebar width.
  const label = r.taskType || r.runId;
  const stage = r.stage || (r.chainStages.length > 0 ? texts.chain(r.chainStages.join(', ')) : '');
  const who = team ? team.name : agents ? agentSummary(agents, texts) : isLegacy(r.inputs) ? texts.legacyAgents : texts.unknownAgents;
  const trouble = r.problem ? (r.problemKind === 'missing' ? texts.noInputs : texts.badInputs) : '';
  // Without a date the run id says which run it is (unless it is the label already).
  const cells = [when || (r.taskType ? r.runId : ''), stage, trouble || who, statusCell(r)].filter(Boolean);
  const tips = [
    `**${texts.tipRun}:** ${mdCode(r.runId)}`,
    ...(r.taskType ? [`**${texts.tipType}:** ${mdEscape(r.taskType)}`] : []),
    ...(stage ? [`**${texts.tipStage}:** ${mdEscape(stage)}`] : []),
    ...(r.status ? [`**${texts.tipStatus}:** ${mdEscape(r.status)}`] : []),
    ...(r.outcome ? [`**${texts.tipOutcome}:** ${mdEscape(r.outcome)}`] : []),
    ...(team ? [`**${texts.tipTeam}:** ${mdEscape(team.name)}`] : []),
  ];
  if (agents) {
    const lines = Object.entries(agents).map(
      ([role, models]) => `- ${mdEscape(role)}: ${models.length ? models.map((m) => mdCode(m)).join(', ') : texts.tipNoAgents}`,
    );
    tips.push(`**${texts.tipAgents}:**\n\n${lines.join('\n')}`);
  } else if (isLegacy(r.inputs)) {
    const lines = LEGACY_KEYS.filter((k) => r.inputs![k] !== undefined && r.inputs![k] !== '').map(
      (k) => `- ${k}: ${mdCode(String(r.inputs![k]))}`,
    );
    tips.push(`**${texts.tipAgents}:** ${texts.legacyAgents}\n\n${lines.join('\n')}`);
  }
  if (r.inputsPath) tips.push(`**${texts.tipInputs}:** ${mdCode(r.inputsPath)}`);
  if (r.problem) tips.push(`**${texts.tipProblem}:** ${mdEscape(r.problem)}`);
  // A version-1 selection is a team too: the engine converts it (teams.ts runTeam).
  const teamValue = team ? team.name : agents || isLegacy(r.inputs) ? `${RUN_TEAM_PREFIX}${r.runId}` : '';
  return {
    kind: 'run',
    id: `${ctx.task.id}\u0000run:${r.runId}`,
    rootAbs: ctx.task.rootAbs,
    taskKey: ctx.task.key,
    runId: r.runId,
    taskType: r.taskType,
    dirAbs: r.dirAbs,
    team: teamValue,
    label,
    description: cells.join('  ·  '),
    tooltip: tips.join('\n\n'),
    ...iconOf(r),
    contextValue: teamValue ? 'run team' : 'run',
  };
}

/** The rows of a task's runs, newest first (the manifest lists them oldest first). */
export function runRows(records: readonly RunRecord[], ctx: RunRowContext): RunRow[] {
  return [...records].reverse().map((r) => runRow(r, ctx));
}

/** The values of `--<name>` in a render-bundle argv (a name may repeat). */
function argValues(argv: readonly string[], name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length - 1; i++) if (argv[i] === `--${name}`) out.push(argv[i + 1]!);
  return out;
}

/** A run okstra has not recorded yet: the one the wizard's Run started and that still runs (its `last_run`). */
interface RunningRun {
  startedAt: string;
  argv: readonly string[];
  /** `running 3 min`: the status word with the time it has taken. */
  running: string;
}

/**
 * The row of the run in progress, first under its task: its run type, `running` and how long, its agents in short
 * (from the argv Run started, `--role-model role=model`); its context value offers Stop Run.
 */
export function runningRunRow(run: RunningRun, ctx: RunRowContext): RunRow {
  const texts = ctx.texts ?? ENGLISH_RUN_TEXTS;
  const agents: Record<string, string[]> = {};
  for (const v of argValues(run.argv, 'role-model')) {
    const at = v.indexOf('=');
    if (at > 0) (agents[v.slice(0, at)] ??= []).push(v.slice(at + 1));
  }
  const known = runAgents({ roleModels: agents });
  const team = known ? teamOfAgents(known, ctx.teams) : null;
  const taskType = argValues(run.argv, 'task-type')[0] ?? '';
  const who = team ? team.name : known ? agentSummary(known, texts) : '';
  return {
    kind: 'run',
    id: `${ctx.task.id}\u0000running`,
    rootAbs: ctx.task.rootAbs,
    taskKey: ctx.task.key,
    runId: '',
    taskType,
    dirAbs: null,
    team: '',
    label: taskType || run.running,
    description: [run.running, who].filter(Boolean).join('  ·  '),
    tooltip: [
      `**${texts.tipType}:** ${mdEscape(taskType)}`,
      `**${texts.tipStatus}:** ${mdEscape(run.running)}`,
      ...(known
        ? [
            `**${texts.tipAgents}:**\n\n${Object.entries(known)
              .map(([role, models]) => `- ${mdEscape(role)}: ${models.map((m) => mdEscape(m)).join(', ')}`)
              .join('\n')}`,
          ]
        : []),
    ].join('\n\n'),
    icon: 'sync~spin',
    contextValue: 'run running',
  };
}
