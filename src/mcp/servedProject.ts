// ServedProject: the project one `okstra-wizard mcp` serves, over the wizard host (src/host): the project root, the environment
// (rebuilt only when what it is computed from changed), and the wizards it has opened, each kept with the stat
// stamp of its files so that a call re-reads a state file only when another writer (the CLI, the extension, a
// hand edit) changed it. Every check, load, save and task switch is the host's; a refusal is the host's
// refusal document (`code`, `error`, `current` with its revision). Nothing here runs okstra.
import * as path from 'node:path';
import type { EnvironmentPort } from '../core/ports';
import { textsFor } from '../core/text';
import type { CurrentDocSchema, InitOutput, OutcomeDocSchema, SubmitDocSchema } from '../host/documentSchemas';
import { prebuiltHost } from '../host/prebuilt';
import {
  EnvironmentCache,
  stampOfWizardFiles,
  refusalDoc,
  runProgram,
  taskStatePath,
  type WizardHost as Host,
  NoticeLedger,
  type ExpectedPrompt,
  type HostWizard,
  checkRunEnvironment,
  runEnvironmentDocument,
} from '../host';
import type { z } from 'zod';
import type { ToolErrorDoc } from './schemas';
import type { InitInput as InitInputSchema, ToolKey } from '../host/tools';
import type { ToolBodies } from '../host/runTool';
import { toolBodies, type ToolCall, type ToolScope } from '../host/toolBodies';

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
type OutcomeDoc = z.infer<typeof OutcomeDocSchema>;
type InitDoc = z.infer<typeof InitOutput>;
type InitInput = z.output<typeof InitInputSchema>;

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
  /** Every tool's body on this project (src/host/toolBodies.ts). */
  private readonly bodies: ReturnType<typeof toolBodies>;

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
    this.bodies = toolBodies(this.scope());
  }

  /** The tool bodies' view of this server: one project, a call's task required, each notice once per task. */
  private scope(): ToolScope {
    const root = this.projectRootAbs;
    const env = this.options.env;
    return {
      host: this.host,
      notices: this.notices,
      roots: () => [root],
      wizard: (task) => this.open(task!),
      rootOf: () => root,
      startDefaults: (_root, call) => ({ hostRuntime: call.clientHost ?? DEFAULT_HOST_RUNTIME, entryMode: 'spawn-process' }),
      held: (wizard, saved) => {
        if (saved) this.remember(wizard);
        else for (const [k, v] of this.wizards) if (v.wizard === wizard) this.wizards.delete(k);
      },
      noticeKey: (wizard, task) => wizard.taskKey || task || '',
      about: (doc) => doc,
      // The program Run would start, resolved on the server's PATH: an agent sees what its shell would find.
      program: (wizard) => runProgram(wizard, undefined, env),
      outcomeOnce: true,
      runEnvironment: (task) => {
        const state = task === undefined ? null : this.open(task).state;
        const ctx = this.host.context(root);
        return runEnvironmentDocument(checkRunEnvironment({ projectRootAbs: root, ctx, state, env })) as Record<string, unknown>;
      },
    };
  }

  /** The environment of the server's variables, rebuilt only when what it is computed from changed (src/host/environment.ts). */
  private environmentPort(): EnvironmentPort {
    return this.environments.port({ env: this.options.env, cwd: this.options.cwd });
  }

  /** Runs one tool call: a refusal or a bug leaves as a ToolFailure carrying the refusal document (its notices once). */
  private call<T>(task: string | null, body: () => T): T {
    try {
      const result = body();
      if (result instanceof Promise)
        return result.catch((err: unknown) => {
          throw this.failure(task, err);
        }) as T;
      return result;
    } catch (err) {
      throw this.failure(task, err);
    }
  }

  private failure(task: string | null, err: unknown): ToolFailure {
    if (err instanceof ToolFailure) return err;
    const doc = refusalDoc(err) as ToolErrorDoc;
    if (task === null || !doc.notices) return new ToolFailure(doc);
    // Only the notices not reported before for this task's wizard (docs/mcp.md › Notices).
    const fresh = this.notices.fresh(task, doc.notices);
    const { notices: _all, ...rest } = doc;
    return new ToolFailure(fresh.length ? { ...doc, notices: fresh } : rest);
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

  // ---------------------------------------------------------------- tools

  /** Each tool's body on this project (src/host/toolBodies.ts; src/host/runTool.ts dispatches, src/mcp/server.ts serves). */
  toolBodies(): ToolBodies<ToolCall, object | Promise<object>> {
    const bodies = this.bodies;
    const served = {} as Record<ToolKey, (input: { task?: string }, call: ToolCall) => object | Promise<object>>;
    for (const key of Object.keys(bodies) as ToolKey[]) {
      const body = bodies[key] as (input: { task?: string }, call: ToolCall) => object | Promise<object>;
      served[key] = (input, call) => this.call(input.task ?? null, () => body(input, call));
    }
    return served as ToolBodies<ToolCall, object | Promise<object>>;
  }

  /**
   * A new wizard for a task, answered up to its first question (CLI `init --task`), in the task's state file.
   * `clientHost` is the host runtime the MCP client's name tells (docs/mcp.md › The host runtime), for a call
   * that names none.
   */
  init(input: InitInput, options: ToolCall = {}): InitDoc {
    return this.call(input.task, () => this.bodies.init(input, options) as InitDoc);
  }

  current(task: string): CurrentDoc {
    return this.call(task, () => this.bodies.current({ task }, {}) as CurrentDoc);
  }

  answer(task: string, answer: string, expected: ExpectedPrompt, options: ToolCall = {}): SubmitDoc {
    return this.call(task, () => this.bodies.answer({ task, answer, ...expected } as never, options) as SubmitDoc);
  }

  rewind(task: string, to: string, expected: ExpectedPrompt, options: ToolCall = {}): SubmitDoc {
    return this.call(task, () => this.bodies.rewind({ task, to, ...expected }, options) as SubmitDoc);
  }

  /** renderArgv and the confirmation text of a confirmed wizard; never runs anything. */
  outcome(task: string): OutcomeDoc {
    return this.call(task, () => this.bodies.outcome({ task }, {}) as OutcomeDoc);
  }
}
