// The environment a wizard's prompts are computed in (docs/roles.md › The environment), built here for every front
// end: which provider CLIs can start, which terminal backend exists, the user scope of model defaults and of teams.
// Two sources: environment variables (the CLI and the MCP server — OKSTRA_<PROVIDER>_CLI then PATH/PATHEXT, the
// terminal backend from OKSTRA_TERMINAL_BACKEND / $TMUX / $ZELLIJ, OKSTRA_MODEL_DEFAULTS and OKSTRA_TEAMS naming YAML
// files) and the extension's settings (okstra.providers, okstra.modelDefaults, okstra.teams over the process's PATH,
// its own terminal). A bad variable is a WizardError `usage` naming it. A long-lived front end keeps an
// EnvironmentCache: one policy, the port rebuilt only when what it is computed from changed.
import * as path from 'node:path';
import type { EnvironmentPort } from '../core/ports';
import { WizardError } from '../core/types';
import { stampOfPaths } from '../io/pathStamp';
import {
  createEnvironment,
  loadModelDefaultsFile,
  loadTeamsFile,
  teamsOfFile,
  terminalBackendFromEnv,
  type EnvironmentInputs,
} from '../workspace/environment';

/** The okstra.* settings the extension's environment is computed from (src/vscode/wizard/settings.ts WizardSettings). */
export interface EnvironmentSettings {
  /** okstra.providers' paths by provider id; empty in an untrusted workspace. */
  providerPaths: Readonly<Record<string, string | undefined>>;
  /** okstra.modelDefaults (role → model refs). */
  modelDefaults: Readonly<Record<string, string[]>>;
  /** okstra.teams as the setting holds it, unchecked: each team is checked on first use. */
  teams: unknown;
}

/** What one environment is computed from. */
export type EnvironmentSource =
  | {
      /** The CLI and the MCP server: the process's variables. */
      env: NodeJS.ProcessEnv;
      /** Where relative OKSTRA_* file names are taken from, as a shell would. */
      cwd: string;
      settings?: undefined;
      platform?: NodeJS.Platform;
    }
  | {
      /** The extension: its settings over the process's PATH and OKSTRA_<PROVIDER>_CLI; its terminal is VS Code's. */
      env: NodeJS.ProcessEnv;
      settings: EnvironmentSettings;
      cwd?: undefined;
      platform?: NodeJS.Platform;
    };

const PROVIDER_CLI_VARIABLE = /^OKSTRA_[A-Z0-9_]+_CLI$/;

/**
 * The user scope of model defaults: null when OKSTRA_MODEL_DEFAULTS is unset or empty; the file as the variable names
 * it is the source that the 'configured default model … is unavailable' refusal cites (`<file>: <role>`). A relative
 * name is taken from `cwd`. A bad file is a `usage` error naming the variable and the file.
 */
export function userModelDefaultsOfVariables(env: NodeJS.ProcessEnv, cwd: string): ReturnType<EnvironmentPort['userModelDefaults']> {
  const named = env.OKSTRA_MODEL_DEFAULTS;
  if (named === undefined || named === '') return null;
  return asUsage('OKSTRA_MODEL_DEFAULTS', () => ({
    source: { kind: 'file', path: named },
    defaults: loadModelDefaultsFile(path.resolve(cwd, named)),
  }));
}

/**
 * The user scope of teams: null when OKSTRA_TEAMS is unset or empty; the file as the variable names it is where a
 * team comes from in messages (`<file>: <team>`). A relative name is taken from `cwd`; a bad file is a `usage` error.
 */
export function userTeamsOfVariables(env: NodeJS.ProcessEnv, cwd: string): ReturnType<NonNullable<EnvironmentPort['userTeams']>> {
  const named = env.OKSTRA_TEAMS;
  if (named === undefined || named === '') return null;
  return asUsage('OKSTRA_TEAMS', () => teamsOfFile(named, loadTeamsFile(path.resolve(cwd, named))));
}

function asUsage<T>(variable: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof WizardError) throw new WizardError('usage', `${variable}: ${err.message}`);
    throw err;
  }
}

/** The building block's inputs for a source (variables checked first: a bad one is reported before any file is read). */
function inputsOf(source: EnvironmentSource): EnvironmentInputs {
  if (source.settings) {
    const defaults = source.settings.modelDefaults;
    return {
      env: source.env,
      platform: source.platform,
      settingPaths: source.settings.providerPaths,
      terminalBackend: 'vscode-terminal',
      userModelDefaults: Object.keys(defaults).length > 0 ? { source: { kind: 'setting' }, defaults: { ...defaults } } : null,
      teamsSetting: source.settings.teams,
    };
  }
  const cwd = source.cwd;
  // Relative OKSTRA_<P>_CLI values are resolved against the working directory, as a shell would.
  const env: NodeJS.ProcessEnv = { ...source.env };
  for (const [k, v] of Object.entries(env)) if (PROVIDER_CLI_VARIABLE.test(k) && v && !path.isAbsolute(v)) env[k] = path.resolve(cwd, v);
  return {
    env,
    platform: source.platform,
    // A bad OKSTRA_TERMINAL_BACKEND is a `usage` error with its message.
    terminalBackend: terminalBackendFromEnv(source.env),
    userModelDefaults: userModelDefaultsOfVariables(source.env, cwd),
    userTeams: userTeamsOfVariables(source.env, cwd),
  };
}

/**
 * One EnvironmentPort over a source as it is now: provider lookups are memoised for the life of the port. A one-shot
 * process (a CLI command) builds one; a long-lived one keeps an EnvironmentCache.
 */
export function buildEnvironment(source: EnvironmentSource): EnvironmentPort {
  return createEnvironment(inputsOf(source));
}

/** The files and folders whose change changes the environment: PATH's folders, the CLIs and files named. */
function watchedPaths(source: EnvironmentSource): string[] {
  const env = source.env;
  const delimiter = (source.platform ?? process.platform) === 'win32' ? ';' : path.delimiter;
  const watched = (env.PATH ?? env.Path ?? '').split(delimiter).filter(Boolean);
  const base = source.cwd ?? '/';
  for (const [k, v] of Object.entries(env)) {
    if (!v) continue;
    if (PROVIDER_CLI_VARIABLE.test(k) || (!source.settings && (k === 'OKSTRA_MODEL_DEFAULTS' || k === 'OKSTRA_TEAMS')))
      watched.push(path.resolve(base, v));
  }
  if (source.settings) for (const p of Object.values(source.settings.providerPaths)) if (p) watched.push(p);
  return watched;
}

/** What of a source is not a file: the variables read and the settings; equal keys and stamps mean an equal port. */
function keyOf(source: EnvironmentSource): string {
  const vars: string[] = [];
  for (const [k, v] of Object.entries(source.env)) {
    if (k.startsWith('OKSTRA_') || k === 'TMUX' || k === 'ZELLIJ' || k.toUpperCase() === 'PATH' || k.toUpperCase() === 'PATHEXT')
      vars.push(`${k}=${v ?? ''}`);
  }
  return JSON.stringify([source.platform ?? '', source.cwd ?? '', vars.sort(), source.settings ?? null]);
}

/** How many sources a cache keeps (the extension: one per folder with its own settings). */
const CACHE_SIZE = 8;

/**
 * The environment of a long-lived front end (the MCP server, the extension's wizards, the Tasks view), rebuilt only
 * when what it is computed from changed: a variable or a setting, the folders of PATH (installing a CLI changes its
 * folder), the OKSTRA_*_CLI files, the model-defaults and teams files, the okstra.providers paths. A newly installed
 * CLI is noticed at the next prompt, while the many availability checks of one prompt stat each provider once.
 */
export class EnvironmentCache {
  private readonly ports = new Map<string, { stamp: string; port: EnvironmentPort }>();

  /** The port of `source` as it is now; a bad variable is a `usage` error (and nothing is kept). */
  port(source: EnvironmentSource): EnvironmentPort {
    const key = keyOf(source);
    const stamp = stampOfPaths(watchedPaths(source));
    const kept = this.ports.get(key);
    if (kept && kept.stamp === stamp) return kept.port;
    const port = buildEnvironment(source);
    this.ports.delete(key);
    this.ports.set(key, { stamp, port });
    if (this.ports.size > CACHE_SIZE) this.ports.delete(this.ports.keys().next().value as string);
    return port;
  }
}
