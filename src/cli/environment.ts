// The CLI's EnvironmentPort (docs/roles.md › The environment), built from the
// shared building block in src/workspace/environment.ts: provider CLIs from
// OKSTRA_<PROVIDER>_CLI then PATH/PATHEXT, the terminal backend from
// OKSTRA_TERMINAL_BACKEND / $TMUX / $ZELLIJ, and the user scope of model
// defaults from the YAML file named by OKSTRA_MODEL_DEFAULTS. A bad variable
// is bad usage (exit 2); it is checked before the state file is read.
import * as path from 'node:path';
import type { EnvironmentPort, TerminalBackend } from '../core/ports';
import { WizardError } from '../core/types';
import { createEnvironment, loadModelDefaultsFile, terminalBackendFromEnv } from '../workspace/environment';
import { UsageError } from './args';

interface CliEnvironmentOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  platform?: NodeJS.Platform;
}

/** The terminal backend, or a UsageError with the message of docs/roles.md › The environment. */
export function cliTerminalBackend(env: NodeJS.ProcessEnv): TerminalBackend {
  try {
    return terminalBackendFromEnv(env);
  } catch (err) {
    if (err instanceof WizardError) throw new UsageError(err.message);
    throw err;
  }
}

/**
 * The user scope of model defaults: null when OKSTRA_MODEL_DEFAULTS is unset
 * or empty; the file as the variable names it is the source that the 'configured default model … is unavailable' refusal cites
 * (`<file>: <role>`). A relative name is taken from the working directory.
 */
export function cliUserModelDefaults(env: NodeJS.ProcessEnv, cwd: string): ReturnType<EnvironmentPort['userModelDefaults']> {
  const named = env.OKSTRA_MODEL_DEFAULTS;
  if (named === undefined || named === '') return null;
  try {
    return { source: { kind: 'file', path: named }, defaults: loadModelDefaultsFile(path.resolve(cwd, named)) };
  } catch (err) {
    if (err instanceof WizardError) throw new UsageError(`OKSTRA_MODEL_DEFAULTS: ${err.message}`);
    throw err;
  }
}

/** One EnvironmentPort per CLI process (a process is one operation; lookups are memoised for it). */
export function cliEnvironment(opts: CliEnvironmentOptions): EnvironmentPort {
  // Relative OKSTRA_<P>_CLI values are resolved against the working directory, as a shell would.
  const env: NodeJS.ProcessEnv = { ...opts.env };
  for (const [k, v] of Object.entries(env)) {
    if (/^OKSTRA_[A-Z0-9_]+_CLI$/.test(k) && v && !path.isAbsolute(v)) env[k] = path.resolve(opts.cwd, v);
  }
  return createEnvironment({
    env,
    platform: opts.platform,
    terminalBackend: cliTerminalBackend(opts.env),
    userModelDefaults: cliUserModelDefaults(opts.env, opts.cwd),
  });
}
