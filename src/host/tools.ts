// The wizard's tools for agents, defined once (docs/mcp.md › Tools): each tool's name, title, description — which
// carries the rules an agent needs without the docs —, input schema (zod; JSON Schemas are generated from it),
// annotations, output document (named from src/host/documentSchemas.ts), and what a person sees of its
// language-model twin in English and Korean (package.nls*.json's `lm.<key>.*` are generated from it). Its body is
// src/host/toolBodies.ts, one for both front ends: the MCP server (src/mcp/server.ts) and the extension's
// language-model tools (src/vscode/lm/), the same tools on the open workspace's wizard. zod/mini, and not
// re-exported by ./index.ts: the CLI's commands bundle, which imports the host, holds neither
// (test/unit/cli/launcher.test.ts).
import type * as zc from 'zod';
import * as z from 'zod/mini';
import { ENTRY_MODES, HOST_IDS } from '../core/roles/hostRegistry';
import { TASK_KEY_PATTERN } from './paths';

const describe = z.describe;

/** A prompt's revision: the first 16 hex digits of its state's sha256 (core/wizard/binding.ts). */
const REVISION_PATTERN = /^[0-9a-f]{16}$/;

const ToolTaskSchema = z
  .string()
  .check(z.regex(TASK_KEY_PATTERN, "a task key '<group>/<id>'"), describe("The task, '<group>/<id>'; wizard_tasks lists them."));
const promptId = z.string().check(z.minLength(1), describe("The shown prompt's id (`current.id` or `next.id`)."));
const revision = z
  .string()
  .check(
    z.regex(REVISION_PATTERN, 'a 16-hex revision'),
    describe("The shown prompt's revision (`current.revision`, `next.revision` or wizard_tree's `revision`)."),
  );

const TaskInput = z.object({ task: ToolTaskSchema });

const RunEnvironmentInput = z.object({
  task: z.optional(ToolTaskSchema.check(describe("Only the provider CLIs this task's wizard needs (default: all the project's)."))),
});

const TasksInput = z.object({
  group: z.optional(z.string().check(z.minLength(1), describe("Only the tasks of this group (the part before '/')."))),
  query: z.optional(z.string().check(z.minLength(1), describe('Only tasks whose key or title contains this text (case-insensitive).'))),
  limit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(1000), describe('At most this many tasks (default 100).'))),
});

const ListInput = z.object({});

const TaskRunsInput = z.object({
  task: ToolTaskSchema,
  limit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(1000), describe('At most this many (default 20).'))),
});

export const InitInput = z.object({
  task: ToolTaskSchema,
  hostRuntime: z.optional(
    z
      .enum(HOST_IDS as [string, ...string[]])
      .check(describe("The leader's host runtime (default: the MCP client's host when its name tells, else claude-code).")),
  ),
  entryMode: z.optional(
    z
      .enum(ENTRY_MODES)
      .check(describe('spawn-process (default: a new leader session is started) or current-session (this agent session is the leader).')),
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

type DocumentSchemas = typeof import('./documentSchemas');

/** The name of a document schema of src/host/documentSchemas.ts (an object): a tool's output, checked by the MCP SDK. */
type ToolOutputName = { [K in keyof DocumentSchemas]: DocumentSchemas[K] extends zc.ZodObject ? K : never }[keyof DocumentSchemas];

/** What a person sees of a tool's language-model twin in one language. */
interface ToolTexts {
  /** Its name in the chat's tool list (package.nls*.json `lm.<key>.displayName`, generated). */
  displayName: string;
  /** What it does, for the person (`lm.<key>.userDescription`, generated). */
  userDescription: string;
  /** For a tool that only reads: what the chat shows while it runs (a tool that writes asks first instead). */
  reading?: string;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: z.ZodMiniObject;
  annotations: ToolAnnotations;
  /** Its document (structuredContent), by its schema's name in src/host/documentSchemas.ts. */
  output: ToolOutputName;
  /** The icon of its language-model twin in VS Code's chat (a codicon). */
  icon: string;
  texts: { en: ToolTexts; ko: ToolTexts };
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
  "Refusals as wizard_answer's (nothing written): after wrong-prompt or stale-state answer `current`, after busy call again.";

export const WIZARD_TOOLS = {
  tasks: {
    name: 'wizard_tasks',
    title: 'List the tasks',
    description:
      "Lists the project's tasks, newest first as the task picker sorts them: key '<group>/<id>', title, phase, next (the phase recommended next and its status), contract, and `wizard`: null, or the task's wizard (status unfinished, confirmed, aborted or unreadable; answered steps; state file). Filter with group or query; at most limit (default 100; `total` says how many matched). Changes nothing. Start a task's wizard with wizard_init; continue an unfinished one with wizard_current.",
    input: TasksInput,
    annotations: READS,
    output: 'TasksOutput',
    icon: '$(tasklist)',
    texts: {
      en: {
        displayName: 'okstra wizard: tasks',
        userDescription: "Lists the workspace's okstra tasks with their phase and wizard.",
        reading: 'Listing the tasks of the workspace…',
      },
      ko: {
        displayName: 'okstra 마법사: 작업',
        userDescription: '작업 공간의 okstra 작업을 단계와 마법사와 함께 나열합니다.',
        reading: '작업 공간의 작업을 나열하는 중…',
      },
    },
  },
  list: {
    name: 'wizard_list',
    title: 'List the wizards in progress',
    description:
      'Lists the unfinished wizards of the project, newest first: task, the prompt each stops at (step, n of total) and its state file; state files that cannot be read are listed too (status unreadable, with the error; wizard_init of their task needs startOver). Changes nothing.',
    input: ListInput,
    annotations: READS,
    output: 'ListOutput',
    icon: '$(history)',
    texts: {
      en: {
        displayName: 'okstra wizard: wizards in progress',
        userDescription: 'Lists the unfinished okstra run wizards of the workspace.',
        reading: 'Listing the okstra wizards in progress…',
      },
      ko: {
        displayName: 'okstra 마법사: 진행 중인 마법사',
        userDescription: '작업 공간에서 끝나지 않은 okstra 실행 마법사를 나열합니다.',
        reading: '진행 중인 okstra 마법사를 나열하는 중…',
      },
    },
  },
  init: {
    name: 'wizard_init',
    title: 'Start a run wizard',
    description: `Starts the run wizard of a task ('<group>/<id>', see wizard_tasks) in its state file .okstra/tasks/<group>/<id>.wizard.json and answers the task question, so \`next\` is the first real question. When the task already has an unfinished wizard it is refused (code usage) with that wizard's current prompt: continue it with wizard_answer, or pass startOver: true to back it up and start again (destructive: its answers are set aside). A finished or aborted wizard is backed up without asking. \`next\` is a prompt as wizard_current describes. ${WRITE_REFUSALS}`,
    input: InitInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    output: 'InitOutput',
    icon: '$(add)',
    texts: {
      en: { displayName: 'okstra wizard: start', userDescription: 'Starts the okstra run wizard of a task (asks you first).' },
      ko: { displayName: 'okstra 마법사: 시작', userDescription: '작업의 okstra 실행 마법사를 시작합니다(먼저 묻습니다).' },
    },
  },
  current: {
    name: 'wizard_current',
    title: 'Current prompt',
    description: `The prompt to answer now (\`current\`): id, kind, label, options, progress and revision; pass its id and revision to wizard_answer, whose description says how to answer each kind (value, label or #N) and what each refusal code asks. Changes nothing; carries every notice in force (other results report a notice once). Refused with usage when the task has no wizard (start one with wizard_init), file-error when its file cannot be read.`,
    input: TaskInput,
    annotations: READS,
    output: 'CurrentDocSchema',
    icon: '$(list-ordered)',
    texts: {
      en: {
        displayName: 'okstra wizard: current prompt',
        userDescription: 'Shows the question the okstra run wizard of this workspace asks now.',
        reading: 'Reading the okstra wizard…',
      },
      ko: {
        displayName: 'okstra 마법사: 현재 질문',
        userDescription: '이 작업 영역의 okstra 실행 마법사가 지금 묻는 질문을 보여 줍니다.',
        reading: 'okstra 마법사를 읽는 중…',
      },
    },
  },
  answer: {
    name: 'wizard_answer',
    title: 'Answer the current prompt',
    description: `Answers the prompt you were shown — pass its id as prompt and its revision — and returns the next one as \`next\` (with the revision to answer it with). ${PROMPTS} When that prompt is no longer current or the state changed since (another window, the CLI), do not retry the same answer: answer the refusal's \`current\`. Answering edit-target goes back to the step named (later answers are cleared); abort at confirm ends the wizard. At confirm, call wizard_preview and show the user the command line first; answering run records the confirmation and starts nothing. A \`notices\` line about an answers file to write means the person must write it before the run. ${REFUSALS}`,
    input: AnswerInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    output: 'SubmitDocSchema',
    icon: '$(edit)',
    texts: {
      en: {
        displayName: 'okstra wizard: answer',
        userDescription: 'Answers the current question of the okstra run wizard (asks you first).',
      },
      ko: { displayName: 'okstra 마법사: 답하기', userDescription: 'okstra 실행 마법사의 현재 질문에 답합니다(먼저 확인을 받습니다).' },
    },
  },
  rewind: {
    name: 'wizard_rewind',
    title: 'Go back to a step',
    description: `Goes back to an answered step (a wizard_tree row with editable: true; or confirm, once it was answered): it is asked again and the answers that depend on it are cleared (preselected again where they still apply). Pass the shown prompt id and revision to refuse the rewind when the state changed meanwhile. An id that is not accepted is refused (refused-answer) with the ids that are; the prompt being asked now is not a rewind target: answer it. ${WRITE_REFUSALS}`,
    input: RewindInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    output: 'SubmitDocSchema',
    icon: '$(debug-step-back)',
    texts: {
      en: {
        displayName: 'okstra wizard: go back',
        userDescription: 'Goes back to an answered step of the okstra run wizard (asks you first).',
      },
      ko: {
        displayName: 'okstra 마법사: 되돌아가기',
        userDescription: 'okstra 실행 마법사에서 이미 답한 단계로 되돌아갑니다(먼저 확인을 받습니다).',
      },
    },
  },
  tree: {
    name: 'wizard_tree',
    title: 'Answered steps',
    description:
      'The answered steps in the order the wizard asks them (id, group, label, echo, editable: whether wizard_rewind accepts it), the id of the current prompt (`current`) and the `revision` of the state they were read from (binds a rewind or an answer to what you saw). Changes nothing; carries every notice in force.',
    input: TaskInput,
    annotations: READS,
    output: 'TreeDocSchema',
    icon: '$(list-tree)',
    texts: {
      en: {
        displayName: 'okstra wizard: answered steps',
        userDescription: 'Shows the answered steps of the okstra run wizard.',
        reading: 'Reading the answered steps of the okstra wizard…',
      },
      ko: {
        displayName: 'okstra 마법사: 답한 단계',
        userDescription: 'okstra 실행 마법사에서 답한 단계를 보여 줍니다.',
        reading: 'okstra 마법사에서 답한 단계를 읽는 중…',
      },
    },
  },
  teams: {
    name: 'wizard_teams',
    title: 'Teams the task can use',
    description:
      "The teams (whole panels of agents from .okstra/config.yaml, the user's teams, the last run's agents) that the task's wizard can use on its run type: each with `value` (the answer of the team-pick prompt), its agents, and `usable` or the `reason` it cannot be used. Before the wizard has a task and a run type it is refused with no-prompt and the current prompt. Changes nothing.",
    input: TaskInput,
    annotations: READS,
    output: 'TeamsDocSchema',
    icon: '$(organization)',
    texts: {
      en: {
        displayName: 'okstra wizard: teams',
        userDescription: 'Lists the teams the okstra run wizard can use for its task.',
        reading: 'Reading the teams the okstra wizard can use…',
      },
      ko: {
        displayName: 'okstra 마법사: 팀',
        userDescription: 'okstra 실행 마법사가 이 작업에 쓸 수 있는 팀을 보여 줍니다.',
        reading: 'okstra 마법사가 쓸 수 있는 팀을 읽는 중…',
      },
    },
  },
  preview: {
    name: 'wizard_preview',
    title: 'Preview the command line',
    description:
      'At the confirm prompt: what the run will be once confirmed — renderArgv (the arguments of `okstra render-bundle`), renderArgs, the confirmation text and the settings Run saves (persistActions), exactly as wizard_outcome gives them after run. Show the confirmation text to the user before answering confirm. Before the confirm prompt it is refused with not-complete and the current prompt. Changes nothing.',
    input: TaskInput,
    annotations: READS,
    output: 'OutcomeDocSchema',
    icon: '$(eye)',
    texts: {
      en: {
        displayName: 'okstra wizard: preview',
        userDescription: 'Shows the okstra command line the wizard will give, at its confirmation; runs nothing.',
        reading: 'Reading the command line of the okstra wizard…',
      },
      ko: {
        displayName: 'okstra 마법사: 미리 보기',
        userDescription: '확인 단계에서 마법사가 만들 okstra 명령줄을 보여 줍니다. 아무것도 실행하지 않습니다.',
        reading: 'okstra 마법사의 명령줄을 읽는 중…',
      },
    },
  },
  outcome: {
    name: 'wizard_outcome',
    title: 'Outcome of a finished wizard',
    description:
      "The `okstra render-bundle` argv (renderArgv) of a confirmed wizard and the confirmation text to show the user, re-checked against the project's files now (refused with not-runnable, naming the step to change, when they no longer hold). Runs nothing: running okstra (`okstra render-bundle <renderArgv…>` in the project root) is the user's decision.",
    input: TaskInput,
    annotations: READS,
    output: 'OutcomeDocSchema',
    icon: '$(checklist)',
    texts: {
      en: {
        displayName: 'okstra wizard: outcome',
        userDescription: 'Shows the okstra command line and the confirmation of a finished wizard; runs nothing.',
        reading: 'Reading the outcome of the okstra wizard…',
      },
      ko: {
        displayName: 'okstra 마법사: 결과',
        userDescription: '완료된 마법사의 okstra 명령줄과 확인 내용을 보여 줍니다. 아무것도 실행하지 않습니다.',
        reading: 'okstra 마법사의 결과를 읽는 중…',
      },
    },
  },
  abort: {
    name: 'wizard_abort',
    title: 'Abort the wizard',
    description: `Aborts the wizard of a task: its state file records aborted: true, it can no longer run, and the next wizard_init backs it up. Pass the shown prompt id and revision to refuse the abort when the state changed meanwhile. ${WRITE_REFUSALS}`,
    input: AbortInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    output: 'SubmitDocSchema',
    icon: '$(close)',
    texts: {
      en: { displayName: 'okstra wizard: abort', userDescription: 'Aborts the okstra run wizard (asks you first).' },
      ko: { displayName: 'okstra 마법사: 중단', userDescription: 'okstra 실행 마법사를 중단합니다(먼저 묻습니다).' },
    },
  },
  run_environment: {
    name: 'wizard_run_environment',
    title: 'Check the run environment',
    description:
      "Whether okstra and the provider CLIs (the project's, or those `task`'s wizard needs) can start here; `ready` is false when a check is a problem, whose `fix` says what fixes it. Changes nothing.",
    input: RunEnvironmentInput,
    annotations: READS,
    output: 'DoctorDocSchema',
    icon: '$(pulse)',
    texts: {
      en: {
        displayName: 'okstra wizard: run environment',
        userDescription: 'Checks whether okstra and the provider CLIs a run needs can start here.',
        reading: 'Checking whether okstra and the provider CLIs can start…',
      },
      ko: {
        displayName: 'okstra 마법사: 실행 환경',
        userDescription: 'okstra와 실행에 필요한 제공자 CLI를 여기서 시작할 수 있는지 확인합니다.',
        reading: 'okstra와 제공자 CLI를 시작할 수 있는지 확인하는 중…',
      },
    },
  },
  task_runs: {
    name: 'wizard_task_runs',
    title: "List a task's runs",
    description:
      "A task's runs, newest first (limit default 20; `total` counts all): id, run type, date, stage, status, outcome, `team` (the configured team with its agents, else null), `agents` (role → models), `inputs` (its inputs.json) and `problem`. Changes nothing.",
    input: TaskRunsInput,
    annotations: READS,
    output: 'TaskRunsDocSchema',
    icon: '$(history)',
    texts: {
      en: {
        displayName: 'okstra wizard: task runs',
        userDescription: "Lists a task's okstra runs with their team and agents.",
        reading: "Reading the task's okstra runs…",
      },
      ko: {
        displayName: 'okstra 마법사: 작업의 실행',
        userDescription: '작업의 okstra 실행을 팀과 에이전트와 함께 나열합니다.',
        reading: '작업의 okstra 실행을 읽는 중…',
      },
    },
  },
} satisfies Record<string, ToolDefinition>;

/** A tool's key: `answer` for wizard_answer (and okstra_wizard_answer, its language-model twin). */
export type ToolKey = keyof typeof WIZARD_TOOLS;

/** The instructions a server gives with its tools: the wizard in a paragraph, and the rules of every tool. */
export const WIZARD_TOOL_INSTRUCTIONS = `okstra's run wizard for one project: it asks which task, run type, brief, plan stage, how many agents per role and which model each, and turns the answers into one \`okstra render-bundle …\` argv.
Find a task with wizard_tasks (or an unfinished wizard with wizard_list), start with wizard_init or continue with wizard_current. Answer only the prompt you were shown: pass its id and revision to wizard_answer (its description says how to answer each kind of prompt and what to do with each refusal code). A refusal is a tool error {ok: false, code, error, current} that wrote nothing; \`current\` is the prompt the wizard is at now: after wrong-prompt or stale-state do not retry, answer it. Each notice is reported once per wizard in a session; wizard_current and wizard_tree carry every notice in force.
At confirm, wizard_preview gives the command line the run will have; show it to the user. Answering run records the confirmation and starts nothing; wizard_outcome then returns the argv. This server never runs okstra: running it is the user's decision.`;
