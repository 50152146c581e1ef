// The long-lived side of `okstra-wizard mcp`, over the wizard host (src/host): one project, the environment
// (rebuilt only when what it is computed from changed), and the wizards it has opened, each kept with the stat
// stamp of its files so that a call re-reads a state file only when another writer (the CLI, the extension, a
// hand edit) changed it. Every check, load, save and task switch is the host's; a refusal is the host's
// refusal document (`code`, `error`, `current` with its revision). Nothing here runs okstra.
import * as path from 'node:path';
import type { EnvironmentPort } from '../core/ports';
import { textsFor } from '../core/text';
import type { CurrentDocSchema, OutcomeDocSchema, SubmitDocSchema, TreeDocSchema } from '../cli/outputSchemas';
import { cliEnvironment } from '../cli/environment';
import { UsageError } from '../cli/args';
import { usePrebuiltBuiltins } from '../cli/prebuilt';
import { stampOfPaths } from '../io/pathStamp';
import {
  asWizardError,
  currentDocument,
  outcomeDocument,
  refusalDoc,
  runProgram,
  stepDocument,
  taskStatePath,
  treeDocument,
  WizardHost as Host,
  WizardRefusal,
  type ExpectedPrompt,
  type HostWizard,
  type StepResult,
} from '../host';
import { WizardError } from '../core/types';
import type { z } from 'zod';
import type { ToolErrorDoc } from './schemas';

export interface WizardHostOptions {
  projectRootAbs: string;
  builtinProfilesDir: string;
  env: NodeJS.ProcessEnv;
  /** Where relative OKSTRA_* paths of the environment are taken from. */
  cwd: string;
}

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
type OutcomeDoc = z.infer<typeof OutcomeDocSchema>;
export type InitDoc = SubmitDoc & { state: string };

/** One open wizard and the stamp of the files it was read from. */
interface Open {
  wizard: HostWizard;
  stamp: string;
}

function stampOf(wizard: HostWizard): string {
  return stampOfPaths(wizard.handle ? wizard.handle.expected.map((e) => e.path) : []);
}

export class WizardHost {
  readonly projectRootAbs: string;
  private readonly host: Host;
  private readonly wizards = new Map<string, Open>();
  private environment: { stamp: string; port: EnvironmentPort } | null = null;

  constructor(private readonly options: WizardHostOptions) {
    this.projectRootAbs = path.resolve(options.projectRootAbs);
    usePrebuiltBuiltins();
    const texts = textsFor(options.env.OKSTRA_LANG);
    this.host = new Host({
      builtinProfilesDir: options.builtinProfilesDir,
      environment: () => this.environmentPort(),
      texts: () => texts,
      workspace: { keepTaskDetails: true },
    });
  }

  /**
   * The environment, rebuilt only when what it is computed from changed: the folders of PATH (installing a CLI
   * changes its folder), the OKSTRA_*_CLI files and the model-defaults file.
   */
  private environmentPort(): EnvironmentPort {
    const env = this.options.env;
    const watched = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
    for (const [k, v] of Object.entries(env)) {
      if (v && (/^OKSTRA_[A-Z0-9_]+_CLI$/.test(k) || k === 'OKSTRA_MODEL_DEFAULTS')) watched.push(path.resolve(this.options.cwd, v));
    }
    const stamp = stampOfPaths(watched);
    if (this.environment?.stamp !== stamp) {
      let port: EnvironmentPort;
      try {
        port = cliEnvironment({ env, cwd: this.options.cwd });
      } catch (err) {
        if (err instanceof UsageError) throw new WizardError('usage', err.message);
        throw err;
      }
      this.environment = { stamp, port };
    }
    return this.environment.port;
  }

  /** Runs one tool call: a refusal or a bug leaves as a ToolFailure carrying the refusal document. */
  private call<T>(body: () => T): T {
    try {
      return body();
    } catch (err) {
      if (err instanceof ToolFailure) throw err;
      throw new ToolFailure(refusalDoc(err) as ToolErrorDoc);
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
  private stepped(wizard: HostWizard, run: () => StepResult): SubmitDoc {
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
    return stepDocument(r, wizard.fileRevision) as unknown as SubmitDoc;
  }

  // ---------------------------------------------------------------- tools

  /** A new wizard for a task, answered up to its first question (CLI `init --task`), in the task's state file. */
  init(input: { task: string; hostRuntime?: string; entryMode?: string; availableFunctions?: string[]; startOver?: boolean }): InitDoc {
    return this.call(() => {
      const { wizard, result } = this.host.startTask(this.projectRootAbs, input.task, {
        hostRuntime: input.hostRuntime ?? 'claude-code',
        entryMode: input.entryMode ?? 'spawn-process',
        availableFunctions: input.availableFunctions ?? [],
        startOver: input.startOver,
      });
      this.remember(wizard);
      return { ...(stepDocument(result, wizard.fileRevision) as unknown as SubmitDoc), state: wizard.shownPath };
    });
  }

  current(task: string): CurrentDoc {
    return this.call(() => {
      const wizard = this.open(task);
      const cur = wizard.current();
      if (!cur.prompt) throw new WizardRefusal(cur.code ?? 'no-prompt', cur.error ?? 'no prompt', null, cur.notices);
      return currentDocument(cur, wizard.fileRevision) as unknown as CurrentDoc;
    });
  }

  answer(task: string, answer: string, expected: ExpectedPrompt): SubmitDoc {
    return this.call(() => {
      const wizard = this.open(task);
      return this.stepped(wizard, () => wizard.submit(answer, { expected }));
    });
  }

  rewind(task: string, to: string, expected: ExpectedPrompt): SubmitDoc {
    return this.call(() => {
      const wizard = this.open(task);
      return this.stepped(wizard, () => wizard.rewind(to, { expected }));
    });
  }

  abort(task: string, expected: ExpectedPrompt): SubmitDoc {
    return this.call(() => {
      const wizard = this.open(task);
      return this.stepped(wizard, () => wizard.abort({ expected }));
    });
  }

  tree(task: string): TreeDoc {
    return this.call(() => {
      const t = this.open(task).tree();
      if (!t.ok) throw new WizardRefusal(t.code, t.error, null, t.notices);
      return treeDocument(t) as unknown as TreeDoc;
    });
  }

  /** renderArgv and the confirmation text of a confirmed wizard; never runs anything. */
  outcome(task: string): OutcomeDoc {
    return this.call(() => {
      const wizard = this.open(task);
      const o = wizard.outcome();
      if (!o.ok) throw new WizardRefusal(o.code, o.error, wizard.state.aborted ? null : wizard.currentPrompt(), o.notices);
      // The program Run would start, resolved on the server's PATH: an agent sees what its shell would find.
      return outcomeDocument(o, runProgram(wizard, undefined, this.options.env)) as unknown as OutcomeDoc;
    });
  }
}
