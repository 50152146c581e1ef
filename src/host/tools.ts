// The wizard's tools for agents, defined once (docs/mcp.md › Tools): each tool's name, title, description — which
// carries the rules an agent needs without the docs —, input schema (zod; JSON Schemas are generated from it) and
// annotations. The MCP server (src/mcp/server.ts) serves them; the extension's language-model tools
// (src/vscode/lm/) are the same tools on the open workspace's wizard. zod/mini, and not re-exported by ./index.ts:
// the CLI's commands bundle, which imports the host, holds neither (test/unit/cli/launcher.test.ts).
import * as z from 'zod/mini';
import { HOST_IDS } from '../core/roles/hostRegistry';
import { TASK_KEY_PATTERN } from './paths';

/** The entry modes a host may have (core/roles/hostRegistry.ts): how the leader's session is entered. */
export const ENTRY_MODES = ['current-session', 'spawn-process'] as const;

const describe = z.describe;

/** A prompt's revision: the first 16 hex digits of its state's sha256 (core/wizard/binding.ts). */
const REVISION_PATTERN = /^[0-9a-f]{16}$/;

const ToolTaskSchema = z
  .string()
  .check(
    z.regex(TASK_KEY_PATTERN, "a task key '<group>/<id>'"),
    describe("The task whose wizard this is, as '<group>/<id>' (e.g. 'payments/refund-queue'); wizard_tasks lists them."),
  );
const promptId = z.string().check(z.minLength(1), describe('The id of the prompt you were shown (`current.id` or `next.id`).'));
const revision = z
  .string()
  .check(
    z.regex(REVISION_PATTERN, 'a 16-hex revision'),
    describe('The revision of the prompt you were shown (`current.revision`, `next.revision`, or the `revision` of wizard_tree).'),
  );

const TaskInput = z.object({ task: ToolTaskSchema });

const RunEnvironmentInput = z.object({
  task: z.optional(
    ToolTaskSchema.check(describe("Check the provider CLIs this task's wizard needs (default: every provider of the project).")),
  ),
});

const TasksInput = z.object({
  group: z.optional(z.string().check(z.minLength(1), describe("Only the tasks of this group (the part before '/')."))),
  query: z.optional(z.string().check(z.minLength(1), describe('Only tasks whose key or title contains this text (case-insensitive).'))),
  limit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(1000), describe('At most this many tasks (default 100).'))),
});

const ListInput = z.object({});

export const InitInput = z.object({
  task: ToolTaskSchema,
  hostRuntime: z.optional(
    z
      .enum(HOST_IDS as [string, ...string[]])
      .check(
        describe(
          "The leader's host runtime. Default: the MCP client's own host when its name tells (claude-code, codex, vscode, antigravity), else claude-code.",
        ),
      ),
  ),
  entryMode: z.optional(
    z
      .enum(ENTRY_MODES)
      .check(
        describe(
          'How the leader is entered: spawn-process (default; a new leader session is started) or current-session (this agent session is the leader).',
        ),
      ),
  ),
  availableFunctions: z.optional(
    z.array(z.string()).check(describe('Functions the leader session can call (as `init --available-functions`).')),
  ),
  startOver: z.optional(
    z
      .boolean()
      .check(
        describe(
          'When the task already has an unfinished wizard: back it up (its answers set aside in a .bak.json file) and start again. Default: refuse and keep it.',
        ),
      ),
  ),
});

const AnswerInput = z.object({
  task: ToolTaskSchema,
  answer: z
    .string()
    .check(
      describe(
        "pick: an option's value, its label, or #N (1-based position; a bare number is only ever a value). multi_pick: values joined by ',' (e.g. 'a,b'). text: the text itself (send `default` to keep the suggestion).",
      ),
    ),
  prompt: promptId,
  revision,
});

const RewindInput = z.object({
  task: ToolTaskSchema,
  to: z
    .string()
    .check(z.minLength(1), describe('The step to go back to: a wizard_tree row with editable: true, or `confirm` once it was answered.')),
  prompt: z.optional(promptId),
  revision: z.optional(revision),
});

const AbortInput = z.object({ task: ToolTaskSchema, prompt: z.optional(promptId), revision: z.optional(revision) });

interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: false;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: z.ZodMiniObject;
  annotations: ToolAnnotations;
}

const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** What every description that shows a prompt relies on: how to answer one, the labels, the models left out. */
const PROMPTS =
  'A prompt has `kind` pick (answer one option: its value, its label or #N), multi_pick (values joined by "," — at least one), text (the text; `default` keeps the suggestion) or done (nothing to answer; `ended` is confirmed or aborted). Options with disabled: true cannot be chosen; their description says why. `default: true` marks the one option taken as the default; a label ending "(default)" or "(recommended)" is okstra\'s own label (at a role-model prompt, each of the role\'s configured default models), so several options may carry it. `unavailable` (role-model prompts) lists the models left out of `options`, each with `reason` and `detail` (why it cannot serve here): they cannot be chosen.';

/** A refusal and what to do with each code (every code a tool can give). */
const REFUSALS =
  'A refusal is a tool error whose JSON text is {ok: false, code, error, current}: nothing was written, and `current` (with its revision) is the prompt the wizard is at now (null when none). By code: wrong-prompt (the prompt was not current or the state changed) and stale-state (another writer saved first; `current` is read again from the file) — do not retry: show `current` to whoever decides and answer it; busy (another process is saving) — call again; refused-answer — the answer is not accepted (error says why; a rewind lists the steps it accepts): give another; no-prompt — nothing can be asked (error says why): tell the person, or rewind; not-complete — answer `current` up to confirm first; not-runnable — rewind to the step the error names; aborted — start again with wizard_init; usage — fix the call as the error says; file-error — a file cannot be read: tell the person which; cancelled — you cancelled, nothing written; internal — a bug: report it.';

/** The short form for the other tools that write. */
const WRITE_REFUSALS =
  'Refused like wizard_answer ({ok: false, code, error, current}, nothing written): after wrong-prompt or stale-state answer `current`, after busy call again.';

export const WIZARD_TOOLS = {
  tasks: {
    name: 'wizard_tasks',
    title: 'List the tasks',
    description:
      "Lists the project's tasks, newest first as the task picker sorts them: key '<group>/<id>', title, phase, next (the phase recommended next and its status), contract, and `wizard`: null, or the task's wizard (status unfinished, confirmed, aborted or unreadable; answered steps; state file). Filter with group or query; at most limit (default 100; `total` says how many matched). Changes nothing. Start a task's wizard with wizard_init; continue an unfinished one with wizard_current.",
    input: TasksInput,
    annotations: READS,
  },
  list: {
    name: 'wizard_list',
    title: 'List the wizards in progress',
    description:
      'Lists the unfinished wizards of the project, newest first: task, the prompt each stops at (step, n of total) and its state file; state files that cannot be read are listed too (status unreadable, with the error; wizard_init of their task needs startOver). Changes nothing. Continue one with wizard_current.',
    input: ListInput,
    annotations: READS,
  },
  init: {
    name: 'wizard_init',
    title: 'Start a run wizard',
    description: `Starts the run wizard of a task ('<group>/<id>', see wizard_tasks) in its state file .okstra/tasks/<group>/<id>.wizard.json and answers the task question, so \`next\` is the first real question. When the task already has an unfinished wizard it is refused (code usage) with that wizard's current prompt: continue it with wizard_answer, or pass startOver: true to back it up and start again (destructive: its answers are set aside). A finished or aborted wizard is backed up without asking. hostRuntime defaults to the MCP client's host when its name tells, else claude-code; entryMode to spawn-process. \`next\` is a prompt as wizard_current describes. ${WRITE_REFUSALS}`,
    input: InitInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  },
  current: {
    name: 'wizard_current',
    title: 'Current prompt',
    description: `The prompt to answer now (\`current\`): id, kind, label, options, progress and revision; pass its id and revision to wizard_answer, whose description says how each kind is answered (value, label or #N), what "(default)" and \`unavailable\` mean, and what each refusal code asks. Changes nothing; carries every notice in force (other results report a notice once). Refused with usage when the task has no wizard (start one with wizard_init), file-error when its file cannot be read.`,
    input: TaskInput,
    annotations: READS,
  },
  answer: {
    name: 'wizard_answer',
    title: 'Answer the current prompt',
    description: `Answers the prompt you were shown — pass its id as prompt and its revision — and returns the next one as \`next\` (with the revision to answer it with). ${PROMPTS} When that prompt is no longer current or the state changed since (another window, the CLI), do not retry the same answer: answer the refusal's \`current\`. Answering edit-target goes back to the step named (later answers are cleared); abort at confirm ends the wizard. At confirm, call wizard_preview and show the user the command line first; answering run records the confirmation and starts nothing. A \`notices\` line about an answers file to write means the person must write it before the run. ${REFUSALS}`,
    input: AnswerInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  rewind: {
    name: 'wizard_rewind',
    title: 'Go back to a step',
    description: `Goes back to an answered step (a wizard_tree row with editable: true; or confirm, once it was answered): it is asked again and the answers that depend on it are cleared (preselected again where they still apply). Pass the shown prompt id and revision to refuse the rewind when the state changed meanwhile. An id that is not accepted is refused (refused-answer) with the ids that are; the prompt being asked now is not a rewind target: answer it. ${WRITE_REFUSALS}`,
    input: RewindInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  tree: {
    name: 'wizard_tree',
    title: 'Answered steps',
    description:
      'The answered steps in the order the wizard asks them (id, group, label, echo, editable: whether wizard_rewind accepts it), the id of the current prompt (`current`) and the `revision` of the state they were read from (binds a rewind or an answer to what you saw). Changes nothing; carries every notice in force.',
    input: TaskInput,
    annotations: READS,
  },
  teams: {
    name: 'wizard_teams',
    title: 'Teams the task can use',
    description:
      "The teams (whole panels of agents from .okstra/config.yaml, the user's teams, the last run's agents) that the task's wizard can use on its run type: each with `value` (the answer of the team-pick prompt), its agents, and `usable` or the `reason` it cannot be used. Before the wizard has a task and a run type it is refused with no-prompt and the current prompt. Changes nothing.",
    input: TaskInput,
    annotations: READS,
  },
  preview: {
    name: 'wizard_preview',
    title: 'Preview the command line',
    description:
      'At the confirm prompt: what the run will be once confirmed — renderArgv (the arguments of `okstra render-bundle`), renderArgs, the confirmation text and the settings Run saves (persistActions), exactly as wizard_outcome gives them after run. Show the confirmation text to the user before answering confirm. Before the confirm prompt it is refused with not-complete and the current prompt. Changes nothing.',
    input: TaskInput,
    annotations: READS,
  },
  outcome: {
    name: 'wizard_outcome',
    title: 'Outcome of a finished wizard',
    description:
      "The `okstra render-bundle` argv (renderArgv) of a confirmed wizard and the confirmation text to show the user, re-checked against the project's files now (refused with not-runnable, naming the step to change, when they no longer hold). Runs nothing: running okstra (`okstra render-bundle <renderArgv…>` in the project root) is the user's decision.",
    input: TaskInput,
    annotations: READS,
  },
  abort: {
    name: 'wizard_abort',
    title: 'Abort the wizard',
    description: `Aborts the wizard of a task: its state file records aborted: true, it can no longer run, and the next wizard_init backs it up. Pass the shown prompt id and revision to refuse the abort when the state changed meanwhile. ${WRITE_REFUSALS}`,
    input: AbortInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  run_environment: {
    name: 'wizard_run_environment',
    title: 'Check the run environment',
    description:
      "Whether okstra and the provider CLIs (the project's, or those `task`'s wizard needs) can start here; `ready` is false when a check is a problem, whose `fix` says what fixes it. Changes nothing.",
    input: RunEnvironmentInput,
    annotations: READS,
  },
} satisfies Record<string, ToolDefinition>;

/** A tool's key: `answer` for wizard_answer (and okstra_wizard_answer, its language-model twin). */
export type ToolKey = keyof typeof WIZARD_TOOLS;

/** The icon of each tool's language-model twin in VS Code's chat (a codicon; src/host/languageModelTools.ts). */
export const TOOL_ICONS: Record<ToolKey, string> = {
  tasks: '$(tasklist)',
  list: '$(history)',
  init: '$(add)',
  current: '$(list-ordered)',
  answer: '$(edit)',
  rewind: '$(debug-step-back)',
  tree: '$(list-tree)',
  teams: '$(organization)',
  preview: '$(eye)',
  outcome: '$(checklist)',
  abort: '$(close)',
  run_environment: '$(pulse)',
};

/** The instructions a server gives with its tools: the wizard in a paragraph, and the rules of every tool. */
export const WIZARD_TOOL_INSTRUCTIONS = `okstra's run wizard for one project: it asks which task, run type, brief, plan stage, how many agents per role and which model each, and turns the answers into one \`okstra render-bundle …\` argv.
Find a task with wizard_tasks (or an unfinished wizard with wizard_list), start with wizard_init or continue with wizard_current. Answer only the prompt you were shown: pass its id and revision to wizard_answer (its description says how to answer each kind of prompt and what to do with each refusal code). A refusal is a tool error {ok: false, code, error, current} that wrote nothing; \`current\` is the prompt the wizard is at now: after wrong-prompt or stale-state do not retry, answer it. Each notice is reported once per wizard in a session; wizard_current and wizard_tree carry every notice in force.
At confirm, wizard_preview gives the command line the run will have; show it to the user. Answering run records the confirmation and starts nothing; wizard_outcome then returns the argv. This server never runs okstra: running it is the user's decision.`;
