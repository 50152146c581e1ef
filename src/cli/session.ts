// One CLI operation on one state file: the environment and texts, the load
// (store → codec → engine.prepare), the engine calls, and the one save. A
// load failure is a LoadError (exit 1, `<path>: <message>`); a bad
// environment variable or an `init` that may not write is a UsageError (exit 2).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError } from './args';
import { cliEnvironment } from './environment';
import { builtinProfilesDir } from './packageRoot';
import { usePrebuiltBuiltins } from './prebuilt';
import type { EngineContext, EnvironmentPort } from '../core/ports';
import { pyReprString } from '../core/pyRepr';
import { WizardError, type Notice, type WizardErrorCode, type WizardState } from '../core/types';
import { textsFor } from '../core/text';
import { validateHost } from '../core/roles/hostRegistry';
import * as engine from '../core/wizard/engine';
import { parseState, type ParsedState } from '../core/wizard/stateCodec';
import { openWorkspace } from '../workspace/workspace';
import { createStateFile, isLegacyStateFile, loadStateFile, saveStateFile, type StateFileHandle } from '../store';

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
}

/** A state file that cannot be loaded is a file error, whatever part of the load refused it (exit 1). */
function loadCode(code: WizardErrorCode): WizardErrorCode {
  return code === 'stale-state' || code === 'busy' ? code : 'file-error';
}

/** `<state file>: <message>`, for errors that do not name the state file themselves (codec, engine, lock, stale read). */
function prefixed(shown: string, err: WizardError): string {
  return `${shown}: ${err.message}`;
}

function contextFor(io: Io, projectRootAbs: string, environment: EnvironmentPort): EngineContext {
  // Labels in Korean when OKSTRA_LANG is `ko` (or `ko-KR`, …); values, echoes and errors stay as they are.
  const texts = textsFor(io.env.OKSTRA_LANG);
  usePrebuiltBuiltins();
  const workspace = openWorkspace(projectRootAbs, { builtinProfilesDir: builtinProfilesDir() });
  return { workspace, environment, texts };
}

/** An open state file: the prepared state, the notices to carry, and the one save. */
export class Session {
  constructor(
    /** The state file, absolute. */
    readonly statePath: string,
    /** The state file as the user named it (messages). */
    readonly shownPath: string,
    readonly ctx: EngineContext,
    readonly state: WizardState,
    /** Notices of the load (conversion, rebasing, reconcile): repeated until a submit writes them. */
    readonly carried: Notice[],
    private readonly handle: StateFileHandle | null,
    private readonly force: boolean,
  ) {}

  /** The revision of the bytes the state was loaded from; null for `init` (nothing read). */
  get revision(): string | null {
    return this.handle?.revision ?? null;
  }

  /** Is `key` a task of the catalogue (for `init --task`)? */
  isTaskKey(key: string): boolean {
    return this.ctx.workspace.tasks().some((t) => t.key === key);
  }

  /**
   * The one write of a command: atomic, refused when the file changed on disk since it was read (R2).
   * Returns the revision of the bytes written.
   */
  save(state: WizardState, hooks?: CliHooks): string {
    hooks?.beforeSave?.(this.statePath);
    try {
      if (this.handle) return saveStateFile(this.handle, state).revision;
      // `init --state new/folder/x.json`: the folder is created, as `mkdir -p` would.
      fs.mkdirSync(path.dirname(this.statePath), { recursive: true });
      return createStateFile(this.statePath, state, { shownPath: this.shownPath, force: this.force }).revision;
    } catch (err) {
      if (!(err instanceof WizardError)) throw err;
      // The store names the file in its file errors; a stale read or a lock held does not.
      const message = err.code === 'stale-state' || err.code === 'busy' ? prefixed(this.shownPath, err) : err.message;
      // init: another process created the file between the check and the write (the store says `usage`).
      if (err.code === 'usage') throw new UsageError(message);
      throw new LoadError(loadCode(err.code), message);
    }
  }
}

/** Loads `--state FILE` (every command but init). */
export function openSession(stateArg: string, io: Io): Session {
  const statePath = path.resolve(io.cwd, stateArg);
  // A bad environment variable is reported before the state file is read.
  const environment = cliEnvironment({ env: io.env, cwd: io.cwd });
  let handle: StateFileHandle;
  let parsed: ParsedState;
  try {
    // The store's load errors name the file (`shownPath`).
    handle = loadStateFile(statePath, { shownPath: stateArg });
  } catch (err) {
    if (err instanceof WizardError) throw new LoadError(loadCode(err.code), err.message);
    throw err;
  }
  try {
    parsed = parseState(handle.payload);
  } catch (err) {
    if (err instanceof WizardError) throw new LoadError(loadCode(err.code), prefixed(stateArg, err));
    throw err;
  }
  // The project is where the state file lies when it lies in a project (docs/state-file.md: moved projects are rebased).
  const foundInDir = path.dirname(statePath);
  const root = engine.projectRootOfStateDir(foundInDir) ?? parsed.state.project_root;
  if (root === '' || !path.isAbsolute(root)) {
    throw new LoadError('file-error', `${stateArg}: wizard state field 'project_root' must be an absolute path: ${pyReprString(root)}`);
  }
  const ctx = contextFor(io, root, environment);
  let prepared: engine.PrepareResult;
  try {
    prepared = engine.prepare(ctx, parsed, { foundInDir });
  } catch (err) {
    if (err instanceof WizardError) throw new LoadError(loadCode(err.code), prefixed(stateArg, err));
    throw err;
  }
  // What loading found (a legacy file whose continuation was found again) is said first.
  return new Session(statePath, stateArg, ctx, prepared.state, [...handle.notices, ...prepared.notices], handle, false);
}

/** The real path of `p`, or of its deepest existing folder joined with the rest (null on a loop). */
function realPathOf(p: string): string | null {
  const rest: string[] = [];
  let cur = p;
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(cur), ...rest.reverse());
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return null;
    }
    const up = path.dirname(cur);
    if (up === cur) return null;
    rest.push(path.basename(cur));
    cur = up;
  }
}

/**
 * `init --state` may not be a symlink loop, nor lie in the tasks folder of a project other than
 * `--project-root` (it would be rebased to that project at the next load). Bad usage (exit 2).
 */
function refuseInitPath(stateArg: string, statePath: string, projectRootAbs: string): void {
  const lst = fs.lstatSync(statePath, { throwIfNoEntry: false });
  if (lst?.isSymbolicLink() && realPathOf(statePath) === null) {
    throw new UsageError(`${stateArg}: is a symlink loop (or a link that cannot be resolved); choose another path`);
  }
  const real = realPathOf(statePath) ?? statePath;
  const owner = engine.projectRootOfStateDir(path.dirname(real));
  const root = realPathOf(projectRootAbs) ?? projectRootAbs;
  if (owner !== null && path.resolve(owner) !== path.resolve(root)) {
    throw new UsageError(
      `${stateArg}: lies in the tasks folder of another project (${owner}), not of --project-root ${projectRootAbs}; use --project-root ${owner} or another --state`,
    );
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
 * A fresh state for `init`. Refused (exit 2) before anything is computed: an
 * unknown host or entry mode, an existing file without --force, a v1 file
 * even with it. A broken config.yaml is not a usage error: it is reported
 * as the prompt that cannot be computed.
 */
export function openFreshSession(stateArg: string, io: Io, opts: InitOptions): Session {
  const statePath = path.resolve(io.cwd, stateArg);
  try {
    validateHost(opts.hostRuntime, opts.entryMode);
  } catch (err) {
    if (err instanceof WizardError) throw new UsageError(err.message);
    throw err;
  }
  const environment = cliEnvironment({ env: io.env, cwd: io.cwd });
  refuseInitPath(stateArg, statePath, opts.projectRootAbs);
  if (fs.existsSync(statePath)) {
    if (isLegacyStateFile(statePath)) throw new UsageError(`${stateArg}: legacy v1 state; choose another path`);
    if (!opts.force) throw new UsageError(`${stateArg}: state file already exists (use --force to replace it)`);
  }
  const ctx = contextFor(io, opts.projectRootAbs, environment);
  let config = null;
  try {
    config = ctx.workspace.config();
  } catch (err) {
    // Reported by the first prompt (its file error); project_id falls back to the folder name meanwhile.
    if (!(err instanceof WizardError)) throw err;
  }
  const state = engine.initState({
    projectRootAbs: opts.projectRootAbs,
    hostRuntime: opts.hostRuntime,
    entryMode: opts.entryMode,
    availableFunctions: opts.availableFunctions,
    config,
  });
  return new Session(statePath, stateArg, ctx, state, [], null, opts.force);
}
