// One CLI operation on one state file, over the wizard host (src/host): the environment and texts of the
// process, the host's one load, and the exit statuses of docs/protocol.md. A load failure is a LoadError
// (exit 1, `<path>: <message>`); a bad environment variable or an `init` that may not write is a UsageError
// (exit 2).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError } from './args';
import { prebuiltHost } from '../host/prebuilt';
import { builtinProfilesDir } from './packageRoot';
import type { EnvironmentPort } from '../core/ports';
import { textsFor } from '../core/text';
import { WizardError, type WizardErrorCode } from '../core/types';
import {
  asWizardError,
  buildEnvironment,
  checkHostRuntime,
  checkInitStatePath,
  isLegacyStateFile,
  checkRunEnvironment,
  type HostWizard,
  type RunEnvironmentReport,
  type WizardHost,
} from '../host';

/** The state file cannot be loaded or saved (exit 1 for its codes); the message names the file. */
export class LoadError extends Error {
  constructor(
    readonly code: WizardErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LoadError';
  }
}

export interface CliHooks {
  /** Called after the engine computed a new state, just before it is saved (tests: a second writer). */
  beforeSave?: (statePathAbs: string) => void;
}

interface Io {
  env: NodeJS.ProcessEnv;
  cwd: string;
  hooks?: CliHooks;
}

/** A state file that cannot be loaded is a file error, whatever part of the load refused it (exit 1). */
function loadCode(code: WizardErrorCode): WizardErrorCode {
  return code === 'stale-state' || code === 'busy' || code === 'internal' ? code : 'file-error';
}

/** A WizardError of the host as the CLI's error: `usage` is exit 2, the rest a load failure. */
export function cliError(err: unknown): Error {
  const e = asWizardError(err);
  if (e.code === 'usage') return new UsageError(e.message);
  if (e.code === 'internal') return e;
  return new LoadError(loadCode(e.code), e.message);
}

/** The host of one CLI process; the environment is computed once (a bad variable is reported before any file is read). */
function cliHost(io: Io): { host: WizardHost; environment: () => EnvironmentPort } {
  let environment: EnvironmentPort | undefined;
  const env = (): EnvironmentPort => {
    try {
      return (environment ??= buildEnvironment({ env: io.env, cwd: io.cwd }));
    } catch (err) {
      throw cliError(err);
    }
  };
  // Labels in Korean when OKSTRA_LANG is `ko` (or `ko-KR`, …); values, echoes and errors stay as they are.
  const texts = textsFor(io.env.OKSTRA_LANG);
  const host = prebuiltHost({
    builtinProfilesDir: builtinProfilesDir(),
    environment: env,
    texts: () => texts,
    beforeSave: io.hooks?.beforeSave,
    // Scripts and agents answer: the confirmation says that answering it starts nothing.
    audience: 'agent',
    environmentHint:
      "Run okstra-wizard with a PATH that holds the provider CLIs (or OKSTRA_<PROVIDER>_CLI naming each), and OKSTRA_TERMINAL_BACKEND (tmux, zellij or vscode-terminal) for providers other than the host's own",
  });
  return { host, environment: env };
}

/** Loads `--state FILE` (every command but init). */
export function openWizard(stateArg: string, io: Io): HostWizard {
  const statePath = path.resolve(io.cwd, stateArg);
  const { host, environment } = cliHost(io);
  environment();
  try {
    return host.open(statePath, { shownPath: stateArg });
  } catch (err) {
    const e = cliError(err);
    // Nothing at that path: say how a wizard starts there.
    if (e instanceof LoadError && e.code === 'file-error' && !fs.existsSync(statePath) && !isLink(statePath)) {
      throw new LoadError(e.code, `${e.message}; start a wizard in it with okstra-wizard init --state ${stateArg} --project-root DIR`);
    }
    throw e;
  }
}

/**
 * `doctor`: whether okstra and the provider CLIs can start in this process's environment, checked by the host
 * (src/host/runEnvironment.ts): every provider of the project, or with `--state` those its wizard's roles need.
 */
export function checkEnvironment(projectArg: string, stateArg: string | undefined, io: Io): RunEnvironmentReport {
  const wizard = stateArg === undefined ? undefined : openWizard(stateArg, io);
  const projectRootAbs = wizard?.projectRootAbs ?? path.resolve(io.cwd, projectArg);
  const { host, environment } = cliHost(io);
  environment();
  try {
    return checkRunEnvironment({ projectRootAbs, ctx: host.context(projectRootAbs), state: wizard?.state ?? null, env: io.env });
  } catch (err) {
    throw cliError(err);
  }
}

function isLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

export interface InitOptions {
  projectRootAbs: string;
  hostRuntime: string;
  entryMode: string;
  availableFunctions: string[];
  force: boolean;
}

/**
 * A fresh wizard for `init`, nothing written yet. Refused (exit 2) before anything is computed: an unknown host
 * or entry mode, a path that cannot be a state file (host/paths.ts), an existing file without --force, a v1 file
 * even with it. A broken config.yaml is not a usage error: it is reported as the prompt that cannot be computed.
 */
export function openFreshWizard(stateArg: string, io: Io, opts: InitOptions): HostWizard {
  const statePath = path.resolve(io.cwd, stateArg);
  try {
    checkHostRuntime(opts.hostRuntime, opts.entryMode);
    const { host, environment } = cliHost(io);
    environment();
    checkInitStatePath(stateArg, statePath, opts.projectRootAbs);
    if (fs.existsSync(statePath)) {
      if (isLegacyStateFile(statePath)) throw new UsageError(`${stateArg}: legacy v1 state; choose another path`);
      if (!opts.force) throw new UsageError(`${stateArg}: state file already exists (use --force to replace it)`);
    }
    return host.fresh(opts.projectRootAbs, opts, { statePath, shownPath: stateArg, force: opts.force });
  } catch (err) {
    if (err instanceof UsageError) throw err;
    if (err instanceof WizardError) throw cliError(err);
    throw err;
  }
}
