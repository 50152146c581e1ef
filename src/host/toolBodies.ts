// The body of every agent tool (src/host/tools.ts), one for both front ends: the MCP server (src/mcp/servedProject.ts)
// and the extension's language-model tools (src/vscode/lm/lmWizard.ts). What differs between them is a ToolScope,
// which each front end implements once: how a call's `task` finds its wizard (the MCP server's one project; the
// workspace's folders and the wizard the view shows), which project roots the listings read, the defaults of a new
// wizard, the notice ledger's key, and the environment check. A refusal leaves a body as a thrown WizardError (or
// WizardRefusal); each front end turns it into its refusal document. Nothing here runs okstra.
import { WizardError } from '../core/types';
import type { Team } from '../core/roles/teams';
import { currentDocument, outcomeDocument, stepDocument, teamsDocument, treeDocument } from './documents';
import { asWizardError, WizardRefusal } from './errors';
import type { WizardHost } from './host';
import type { NoticeLedger } from './notices';
import { runProgram } from './run';
import type { ToolBodies } from './runTool';
import { runAgents, runDate, teamOfAgents } from '../core/runAgents';
import { taskListing, unknownTaskMessage, type RunRecord } from './tasks';
import type { HostWizard, StepOptions } from './wizard';
import type { OutcomeResult, StepResult } from '../core/wizard/engine';

/** What a tool body runs with: whether its call was cancelled (asked right before a save), the MCP client's host runtime. */
export type ToolCall = StepOptions & { clientHost?: string };

/** A document a body answers with (JSON). */
type Doc = Record<string, unknown>;

/** What a front end gives the tool bodies, once for every tool. */
export interface ToolScope {
  host: WizardHost;
  /** What was reported to this session, per wizard (src/host/notices.ts). */
  notices: NoticeLedger;
  /** The project roots the listings read (the MCP server's one project; the workspace's folders). */
  roots(): string[];
  /** The wizard a call acts on: `task`'s; where `task` may be left out, the front end's default (the view's wizard). */
  wizard(task: string | undefined): HostWizard;
  /** The project a new wizard of `task` (or the runs of `task`) is found in; a WizardError when there is none. */
  rootOf(task: string): string;
  /** The host runtime and entry mode of a new wizard whose call names none. */
  startDefaults(rootAbs: string, call: ToolCall): { hostRuntime: string; entryMode: string };
  /** A wizard was saved (`saved`) or a step of it failed before its save (the front end drops what it held). */
  held(wizard: HostWizard, saved: boolean): void;
  /** The wizard's key in the notice ledger (`task`: the task the call named). */
  noticeKey(wizard: HostWizard, task: string | undefined): string;
  /** A document about `wizard` as this front end answers it (the language-model tools add its task). */
  about<T extends Doc>(doc: T, wizard: HostWizard): T;
  /** The program Run starts for a wizard (its okstra command setting, the environment it is resolved in). */
  program(wizard: HostWizard): ReturnType<typeof runProgram>;
  /** Whether an outcome reports each notice once (true) or every notice in force (false). */
  outcomeOnce: boolean;
  /** wizard_run_environment's document: okstra and the provider CLIs that `task`'s wizard (or the project) needs. */
  runEnvironment(task: string | undefined): Doc;
}

/** How many runs wizard_task_runs gives when the call names no limit. */
const DEFAULT_RUNS = 20;

/** `doc` with only the notices not reported before under `key`. */
function once<T extends { notices?: string[] }>(scope: ToolScope, key: string, doc: T): T {
  if (!doc.notices) return doc;
  const fresh = scope.notices.fresh(key, doc.notices);
  const { notices: _all, ...rest } = doc;
  return (fresh.length ? { ...doc, notices: fresh } : rest) as T;
}

/** `doc` as it is (a read that shows every notice in force), its notices recorded as reported under `key`. */
function all<T extends { notices?: string[] }>(scope: ToolScope, key: string, doc: T): T {
  scope.notices.seen(key, doc.notices);
  return doc;
}

/** One step of `task`'s wizard, bound to the prompt the call names; saved by the host, or its refusal thrown. */
function step(scope: ToolScope, task: string | undefined, run: (w: HostWizard) => StepResult): Doc {
  const w = scope.wizard(task);
  let r: StepResult;
  try {
    r = run(w);
  } catch (err) {
    // Not saved: what was held is dropped, the next call reads the file again.
    scope.held(w, false);
    throw asWizardError(err);
  }
  if (!r.ok) throw new WizardRefusal(r.code, r.error, r.current, r.notices);
  scope.held(w, true);
  // A task switch moved the wizard: what was reported of it goes with it.
  return scope.about(once(scope, scope.noticeKey(w, task), stepDocument(r, w.fileRevision) as Doc & { notices?: string[] }), w);
}

/** An outcome document of `task`'s wizard, or its refusal with the prompt to go on with (none for an aborted wizard). */
function outcomeOf(scope: ToolScope, task: string | undefined, compute: (w: HostWizard) => OutcomeResult): Doc {
  const w = scope.wizard(task);
  const o = compute(w);
  if (!o.ok) throw new WizardRefusal(o.code, o.error, w.state.aborted ? null : w.currentPrompt(), o.notices);
  const doc = outcomeDocument(o, scope.program(w)) as Doc & { notices?: string[] };
  return scope.about(scope.outcomeOnce ? once(scope, scope.noticeKey(w, task), doc) : doc, w);
}

/** One run as wizard_task_runs gives it: the Tasks view's reading of the manifest and its inputs.json. */
function runDocument(r: RunRecord, teams: readonly Team[]): Doc {
  const agents = runAgents(r.inputs);
  const date = runDate(r);
  return {
    runId: r.runId,
    runType: r.taskType,
    date: date ? date.toISOString() : null,
    stage: r.stage,
    chainStages: r.chainStages,
    status: r.status,
    outcome: r.outcome,
    team: agents ? (teamOfAgents(agents, teams)?.name ?? null) : null,
    agents,
    inputs: r.inputsPath || null,
    ...(r.problem !== undefined ? { problem: r.problem } : {}),
  };
}

/** A task's runs, newest first (wizard_task_runs): the task named, else the task of the front end's default wizard. */
async function taskRuns(scope: ToolScope, task: string | undefined, limit: number | undefined): Promise<Doc> {
  let key = task;
  let root: string;
  if (key === undefined) {
    const w = scope.wizard(undefined);
    if (!w.taskKey) throw new WizardError('no-prompt', 'the wizard has no task yet: answer its task question, or name a task');
    key = w.taskKey;
    root = w.projectRootAbs;
  } else root = scope.rootOf(key);
  const tasks = scope.host.workspace(root).tasks();
  const entry = tasks.find((t) => t.key === key);
  if (!entry)
    throw new WizardError(
      'usage',
      unknownTaskMessage(
        tasks.map((t) => t.key),
        key,
      ),
    );
  const runs = entry.manifest ? await taskListing.readRuns(root, entry.group, entry.id, entry.manifest) : [];
  const teams = runs.length > 0 ? scope.host.configuredTeams(root) : [];
  const newest = [...runs].reverse().slice(0, limit ?? DEFAULT_RUNS);
  return { ok: true, task: key, runs: newest.map((r) => runDocument(r, teams)), total: runs.length };
}

/** Every tool's body on a front end's scope (src/host/runTool.ts dispatches to them). */
export function toolBodies(scope: ToolScope): ToolBodies<ToolCall, Doc | Promise<Doc>> {
  return {
    tasks: (input) => {
      const lists = scope.roots().map((root) => scope.host.listTasks(root, input));
      return { ok: true, tasks: lists.flatMap((l) => l.tasks), total: lists.reduce((n, l) => n + l.total, 0) };
    },
    list: () => ({ ok: true, wizards: scope.roots().flatMap((root) => scope.host.wizardsInProgress(root)) }),
    init: (input, call) => {
      const root = scope.rootOf(input.task);
      const defaults = scope.startDefaults(root, call);
      const hostRuntime = input.hostRuntime ?? defaults.hostRuntime;
      const entryMode = input.entryMode ?? defaults.entryMode;
      const { wizard, result } = scope.host.startTask(root, input.task, {
        hostRuntime,
        entryMode,
        availableFunctions: input.availableFunctions ?? [],
        startOver: input.startOver,
        cancelled: call.cancelled,
      });
      scope.held(wizard, true);
      const key = scope.noticeKey(wizard, input.task);
      scope.notices.forget(key);
      const doc = once(scope, key, stepDocument(result, wizard.fileRevision) as Doc & { notices?: string[] });
      return { ...scope.about(doc, wizard), state: wizard.shownPath, hostRuntime, entryMode };
    },
    current: ({ task }) => {
      const w = scope.wizard(task);
      const cur = w.current();
      if (!cur.prompt) throw new WizardRefusal(cur.code ?? 'no-prompt', cur.error ?? 'no prompt', null, cur.notices);
      return scope.about(all(scope, scope.noticeKey(w, task), currentDocument(cur, w.fileRevision) as Doc & { notices?: string[] }), w);
    },
    answer: ({ task, answer, prompt, revision }, call) =>
      step(scope, task, (w) => w.submit(answer, { expected: { prompt, revision } }, call)),
    rewind: ({ task, to, prompt, revision }, call) => step(scope, task, (w) => w.rewind(to, { expected: { prompt, revision } }, call)),
    abort: ({ task, prompt, revision }, call) => step(scope, task, (w) => w.abort({ expected: { prompt, revision } }, call)),
    tree: ({ task }) => {
      const w = scope.wizard(task);
      const t = w.tree();
      if (!t.ok) throw new WizardRefusal(t.code, t.error, null, t.notices);
      return scope.about(all(scope, scope.noticeKey(w, task), treeDocument(t, w.fileRevision) as Doc & { notices?: string[] }), w);
    },
    teams: ({ task }) => {
      const w = scope.wizard(task);
      const t = w.teams();
      if (!t.ok) throw new WizardRefusal(t.code, t.error, w.currentPrompt(), t.notices);
      return scope.about(teamsDocument(t) as Doc, w);
    },
    preview: ({ task }) => outcomeOf(scope, task, (w) => w.preview()),
    outcome: ({ task }) => outcomeOf(scope, task, (w) => w.outcome()),
    run_environment: ({ task }) => scope.runEnvironment(task),
    task_runs: ({ task, limit }) => taskRuns(scope, task, limit),
  };
}
