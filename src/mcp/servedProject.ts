// ServedProject: the project one `okstra-wizard mcp` serves, over the wizard host (src/host): the project root, the environment
// (rebuilt only when what it is computed from changed), and the wizards it has opened, each kept with the stat
// stamp of its files so that a call re-reads a state file only when another writer (the CLI, the extension, a
// hand edit) changed it. Every check, load, save and task switch is the host's; a refusal is the host's
// refusal document (`code`, `error`, `current` with its revision). Nothing here runs okstra.
import * as path from 'node:path';
import type { EnvironmentPort } from '../core/ports';
import { textsFor } from '../core/text';
import type { CurrentDocSchema, OutcomeDocSchema, SubmitDocSchema, TeamsDocSchema, TreeDocSchema } from '../host/documentSchemas';
import { prebuiltHost } from '../host/prebuilt';
import {
  asWizardError,
  EnvironmentCache,
  stampOfWizardFiles,
  currentDocument,
  outcomeDocument,
  refusalDoc,
  runProgram,
  stepDocument,
  taskStatePath,
  treeDocument,
  teamsDocument,
  type WizardHost as Host,
  WizardRefusal,
  NoticeLedger,
  type ExpectedPrompt,
  type HostWizard,
  type OutcomeResult,
  type StepOptions,
  type StepResult,
  type TaskListOptions,
  checkRunEnvironment,
  runEnvironmentDocument,
} from '../host';
import type { z } from 'zod';
import type { InitOutput, ListOutput, TasksOutput, ToolErrorDoc } from './schemas';
import type { InitInput as InitInputSchema } from '../host/tools';
import type { ToolBodies } from '../host/runTool';

export interface ServedProjectOptions {
  projectRootAbs: string;
  builtinProfilesDir: string;
  env: NodeJS.ProcessEnv;
  /** Where relative OKSTRA_* paths of the environment are taken from. */
  cwd: string;
  /** Called just before a state file is written (tests: a second writer). */
  beforeSave?: (statePathAbs: string) => void;
}

/**
 * What the report of an environment in which no provider can start ends with (src/host, HostOptions.environmentHint):
 * this server's environment is what its MCP host starts it with, so that is where to change it.
 */
const MCP_ENVIRONMENT_HINT =
  "This is the environment the MCP host started this server with: add an `env` entry to the server's configuration in the MCP host, " +
  'e.g. "env": {"PATH": "<the folder of the provider CLIs>:/usr/local/bin:/usr/bin:/bin", "OKSTRA_TERMINAL_BACKEND": "tmux"}, ' +
  'then restart the server (docs/mcp.md › Adding the server to a host)';

/** A refused or failed tool call: the document the tool error carries. */
export class ToolFailure extends Error {
  constructor(readonly doc: ToolErrorDoc) {
    super(doc.error);
    this.name = 'ToolFailure';
  }
}

type CurrentDoc = z.infer<typeof CurrentDocSchema>;
type SubmitDoc = z.infer<typeof SubmitDocSchema>;
type TreeDoc = z.infer<typeof TreeDocSchema>;
type TeamsDoc = z.infer<typeof TeamsDocSchema>;
type OutcomeDoc = z.infer<typeof OutcomeDocSchema>;
export type InitDoc = z.infer<typeof InitOutput>;
type TasksDoc = z.infer<typeof TasksOutput>;
type ListDoc = z.infer<typeof ListOutput>;
type InitInput = z.output<typeof InitInputSchema>;

/** What a tool body runs with: whether its call was cancelled (asked right before a save), the client's host runtime. */
export type ToolCall = StepOptions & { clientHost: string | undefined };

/** The host runtime of a wizard whose call names none and whose MCP client's name tells nothing (docs/mcp.md). */
const DEFAULT_HOST_RUNTIME = 'claude-code';

/** One open wizard and the stamp of the files it was read from. */
interface Open {
  wizard: HostWizard;
  stamp: string;
}

function stampOf(wizard: HostWizard): string {
  return stampOfWizardFiles(wizard);
}

export class ServedProject {
  readonly projectRootAbs: string;
  private readonly host: Host;
  private readonly wizards = new Map<string, Open>();
  private readonly environments = new EnvironmentCache();
  /** What was reported to this session's client, per task (src/host/notices.ts). */
  private readonly notices = new NoticeLedger();

  constructor(private readonly options: ServedProjectOptions) {
    this.projectRootAbs = path.resolve(options.projectRootAbs);
    const texts = textsFor(options.env.OKSTRA_LANG);
    this.host = prebuiltHost({
      builtinProfilesDir: options.builtinProfilesDir,
      environment: () => this.environmentPort(),
      texts: () => texts,
      workspace: { keepTaskDetails: true },
      audience: 'agent',
      environmentHint: MCP_ENVIRONMENT_HINT,
      beforeSave: options.beforeSave,
    });
  }

  /** The environment of the server's variables, rebuilt only when what it is computed from changed (src/host/environment.ts). */
  private environmentPort(): EnvironmentPort {
    return this.environments.port({ env: this.options.env, cwd: this.options.cwd });
  }

  /** Runs one tool call: a refusal or a bug leaves as a ToolFailure carrying the refusal document (its notices once). */
  private call<T>(task: string | null, body: () => T): T {
    try {
      return body();
    } catch (err) {
      if (err instanceof ToolFailure) throw err;
      const doc = refusalDoc(err) as ToolErrorDoc;
      throw new ToolFailure(task === null ? doc : this.once(task, doc));
    }
  }

  /** The wizard of a task, read again only when its files changed since it was last read or written. */
  private open(task: string): HostWizard {
    const statePath = taskStatePath(this.projectRootAbs, task);
    const cached = this.wizards.get(statePath);
    if (cached && cached.stamp === stampOf(cached.wizard) && cached.wizard.statePath === statePath) return cached.wizard;
    this.wizards.delete(statePath);
    const wizard = this.host.openTask(this.projectRootAbs, task);
    this.remember(wizard);
    return wizard;
  }

  /** Keeps a wizard after a read or a write, under the file it lives in now (a task switch moves it). */
  private remember(wizard: HostWizard): void {
    for (const [k, v] of this.wizards) if (v.wizard === wizard) this.wizards.delete(k);
    if (wizard.statePath) this.wizards.set(wizard.statePath, { wizard, stamp: stampOf(wizard) });
  }

  /** The current prompt of a task's wizard for a refusal, or null when there is none to give. */
  currentOf(task: string): ToolErrorDoc['current'] {
    try {
      return this.open(task).currentPrompt() as ToolErrorDoc['current'];
    } catch {
      return null;
    }
  }

  /** A step: the engine's refusal or a failed save as the refusal document (with the current prompt), else saved. */
  private stepped(task: string, wizard: HostWizard, run: () => StepResult): SubmitDoc {
    let r: StepResult;
    try {
      r = run();
    } catch (err) {
      // Not saved: forget what was held, the next call reads the file again.
      for (const [k, v] of this.wizards) if (v.wizard === wizard) this.wizards.delete(k);
      throw asWizardError(err);
    }
    if (!r.ok) throw new WizardRefusal(r.code, r.error, r.current, r.notices);
    this.remember(wizard);
    const doc = stepDocument(r, wizard.fileRevision) as unknown as SubmitDoc;
    // A task switch moved the wizard: what was reported of it goes with it.
    const now = wizard.taskKey || task;
    return this.once(now, doc);
  }

  /** `doc` with only the notices not reported before for this task's wizard (docs/mcp.md › Notices). */
  private once<T extends { notices?: string[] }>(task: string, doc: T): T {
    if (!doc.notices) return doc;
    const fresh = this.notices.fresh(task, doc.notices);
    const { notices: _all, ...rest } = doc;
    return (fresh.length ? { ...doc, notices: fresh } : rest) as T;
  }

  /** `doc` as it is (a read that shows every notice in force), its notices recorded as reported. */
  private all<T extends { notices?: string[] }>(task: string, doc: T): T {
    this.notices.seen(task, doc.notices);
    return doc;
  }

  // ---------------------------------------------------------------- tools

  /** Each tool's body on this project (src/host/runTool.ts dispatches to them; src/mcp/server.ts serves them). */
  toolBodies(): ToolBodies<ToolCall, object> {
    return {
      tasks: (input) => this.tasks(input),
      list: () => this.list(),
      init: (input, call) => this.init(input, call),
      current: ({ task }) => this.current(task),
      answer: ({ task, answer, prompt, revision }, call) => this.answer(task, answer, { prompt, revision }, call),
      rewind: ({ task, to, prompt, revision }, call) => this.rewind(task, to, { prompt, revision }, call),
      tree: ({ task }) => this.tree(task),
      teams: ({ task }) => this.teams(task),
      preview: ({ task }) => this.preview(task),
      outcome: ({ task }) => this.outcome(task),
      abort: ({ task, prompt, revision }, call) => this.abort(task, { prompt, revision }, call),
      run_environment: ({ task }) => this.runEnvironment(task),
    };
  }

  /** The project's tasks with their phase, next phase and wizard (src/host/tasks.ts). */
  tasks(input: TaskListOptions): TasksDoc {
    return this.call(null, () => ({ ok: true as const, ...this.host.listTasks(this.projectRootAbs, input) }));
  }

  /** The unfinished wizards of the project, newest first, with the prompt each stops at. */
  list(): ListDoc {
    return this.call(null, () => ({ ok: true as const, wizards: this.host.wizardsInProgress(this.projectRootAbs) }));
  }

  /**
   * A new wizard for a task, answered up to its first question (CLI `init --task`), in the task's state file.
   * `clientHost` is the host runtime the MCP client's name tells (docs/mcp.md › The host runtime), for a call
   * that names none.
   */
  init(input: InitInput, options: StepOptions & { clientHost?: string } = {}): InitDoc {
    return this.call(input.task, () => {
      const hostRuntime = input.hostRuntime ?? options.clientHost ?? DEFAULT_HOST_RUNTIME;
      const entryMode = input.entryMode ?? 'spawn-process';
      const { wizard, result } = this.host.startTask(this.projectRootAbs, input.task, {
        hostRuntime,
        entryMode,
        availableFunctions: input.availableFunctions ?? [],
        startOver: input.startOver,
        cancelled: options.cancelled,
      });
      this.remember(wizard);
      this.notices.forget(input.task);
      const doc = this.once(input.task, stepDocument(result, wizard.fileRevision) as unknown as SubmitDoc);
      return { ...doc, state: wizard.shownPath, hostRuntime, entryMode };
    });
  }

  current(task: string): CurrentDoc {
    return this.call(task, () => {
      const wizard = this.open(task);
      const cur = wizard.current();
      if (!cur.prompt) throw new WizardRefusal(cur.code ?? 'no-prompt', cur.error ?? 'no prompt', null, cur.notices);
      return this.all(task, currentDocument(cur, wizard.fileRevision) as unknown as CurrentDoc);
    });
  }

  answer(task: string, answer: string, expected: ExpectedPrompt, options: StepOptions = {}): SubmitDoc {
    return this.call(task, () => {
      const wizard = this.open(task);
      return this.stepped(task, wizard, () => wizard.submit(answer, { expected }, options));
    });
  }

  rewind(task: string, to: string, expected: ExpectedPrompt, options: StepOptions = {}): SubmitDoc {
    return this.call(task, () => {
      const wizard = this.open(task);
      return this.stepped(task, wizard, () => wizard.rewind(to, { expected }, options));
    });
  }

  abort(task: string, expected: ExpectedPrompt, options: StepOptions = {}): SubmitDoc {
    return this.call(task, () => {
      const wizard = this.open(task);
      return this.stepped(task, wizard, () => wizard.abort({ expected }, options));
    });
  }

  tree(task: string): TreeDoc {
    return this.call(task, () => {
      const wizard = this.open(task);
      const t = wizard.tree();
      if (!t.ok) throw new WizardRefusal(t.code, t.error, null, t.notices);
      return this.all(task, treeDocument(t, wizard.fileRevision) as unknown as TreeDoc);
    });
  }

  /** At the confirm prompt: the outcome as it will be once confirmed; never saves or runs anything. */
  preview(task: string): OutcomeDoc {
    return this.outcomeOf(task, (wizard) => wizard.preview());
  }

  /** The teams the task's wizard can use on its run type (team-pick's options, each judged); writes nothing. */
  teams(task: string): TeamsDoc {
    return this.call(task, () => {
      const wizard = this.open(task);
      const t = wizard.teams();
      if (!t.ok) throw new WizardRefusal(t.code, t.error, wizard.currentPrompt() as never, t.notices);
      return teamsDocument(t) as unknown as TeamsDoc;
    });
  }

  /**
   * Whether okstra and the provider CLIs can start in this server's environment (src/host/runEnvironment.ts): every
   * provider of the project, or those `task`'s wizard needs.
   */
  runEnvironment(task: string | undefined): object {
    return this.call(task ?? null, () => {
      const state = task === undefined ? null : this.open(task).state;
      const ctx = this.host.context(this.projectRootAbs);
      return runEnvironmentDocument(checkRunEnvironment({ projectRootAbs: this.projectRootAbs, ctx, state, env: this.options.env }));
    });
  }

  /** renderArgv and the confirmation text of a confirmed wizard; never runs anything. */
  outcome(task: string): OutcomeDoc {
    return this.outcomeOf(task, (wizard) => wizard.outcome());
  }

  /** An outcome document, or its refusal with the prompt to go on with (none for an aborted wizard). */
  private outcomeOf(task: string, compute: (wizard: HostWizard) => OutcomeResult): OutcomeDoc {
    return this.call(task, () => {
      const wizard = this.open(task);
      const o = compute(wizard);
      if (!o.ok) throw new WizardRefusal(o.code, o.error, wizard.state.aborted ? null : wizard.currentPrompt(), o.notices);
      // The program Run would start, resolved on the server's PATH: an agent sees what its shell would find.
      return this.once(task, outcomeDocument(o, runProgram(wizard, undefined, this.options.env)) as unknown as OutcomeDoc);
    });
  }
}
