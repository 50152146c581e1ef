// The environment building block shared by the CLI and the extension
// (docs/roles.md › The environment): which provider CLIs can start, which terminal
// backend exists, and the CLI's user scope of model defaults. Each shell
// constructs it with its own inputs; the engine only sees EnvironmentPort.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EnvironmentPort, TeamDecl, TerminalBackend, UserDefaultsSource, UserTeams } from '../core/ports';
import { pyReprString } from '../core/pyRepr';
import { providerCliEnvVar } from '../core/roles/providerCli';
import { FileError, WizardError } from '../core/types';
import { describeValue, readYamlMapping, stripBom, validateValue } from '../core/files';
import { readRegularFileText } from '../io/regularFile';
import { modelDefaultsSchema, NOT_A_TEAM_NAME, teamsSchema } from './schemas';

type Env = Readonly<Record<string, string | undefined>>;

export { providerCliEnvVar };

/** A regular file that this user may execute (on Windows: a regular file). */
export function isExecutableFile(fileAbs: string, platform: NodeJS.Platform = process.platform): boolean {
  try {
    const st = fs.statSync(fileAbs, { throwIfNoEntry: false });
    if (!st || !st.isFile()) return false;
    if (platform === 'win32') return true;
    fs.accessSync(fileAbs, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function envValue(env: Env, name: string, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'win32') return env[name];
  // Windows environment names are case-insensitive (Path vs PATH).
  const hit = Object.keys(env).find((k) => k.toUpperCase() === name.toUpperCase());
  return hit === undefined ? undefined : env[hit];
}

/** The executable `cli` resolves to on PATH (PATHEXT honoured on Windows), or null. */
export function findOnPath(cli: string, env: Env, platform: NodeJS.Platform = process.platform): string | null {
  if (!cli) return null;
  // The host's path module: `platform` only changes the PATH/PATHEXT rules (and lets tests simulate Windows).
  if (cli.includes('/') || (platform === 'win32' && cli.includes('\\'))) {
    return path.isAbsolute(cli) && isExecutableFile(cli, platform) ? cli : null;
  }
  const dirs = (envValue(env, 'PATH', platform) ?? '').split(platform === 'win32' ? ';' : ':').filter(Boolean);
  let names = [cli];
  if (platform === 'win32') {
    const exts = (envValue(env, 'PATHEXT', platform) ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean);
    const hasExt = exts.some((e) => cli.toUpperCase().endsWith(e.toUpperCase()));
    names = hasExt ? [cli] : exts.map((e) => cli + e);
  }
  for (const dir of dirs) {
    for (const name of names) {
      const candidate = path.join(dir, name);
      if (isExecutableFile(candidate, platform)) return candidate;
    }
  }
  return null;
}

interface ProviderCliResolution {
  path: string;
  source: 'setting' | 'env' | 'path';
}

interface ProviderCliLookup {
  env: Env;
  platform?: NodeJS.Platform;
  /** VS Code `okstra.providers.<id>.path` values, by provider id (the extension only). */
  settingPaths?: Readonly<Record<string, string | undefined>>;
}

/**
 * Where a provider's CLI is, in this order: the VS Code setting, then
 * `OKSTRA_<P>_CLI` (each only when it names an existing executable), then
 * `cli` on PATH. Null when none works.
 */
export function resolveProviderCli(providerId: string, cli: string, lookup: ProviderCliLookup): ProviderCliResolution | null {
  const platform = lookup.platform ?? process.platform;
  const setting = lookup.settingPaths?.[providerId];
  if (setting && isExecutableFile(setting, platform)) return { path: setting, source: 'setting' };
  const fromEnv = envValue(lookup.env, providerCliEnvVar(providerId), platform);
  if (fromEnv && isExecutableFile(fromEnv, platform)) return { path: fromEnv, source: 'env' };
  const onPath = findOnPath(cli, lookup.env, platform);
  return onPath ? { path: onPath, source: 'path' } : null;
}

const BACKENDS: readonly TerminalBackend[] = ['tmux', 'zellij', 'vscode-terminal', 'none'];

/**
 * The CLI's terminal backend: `OKSTRA_TERMINAL_BACKEND`, else `tmux` when
 * `$TMUX` is set, `zellij` when `$ZELLIJ` is, else `none`. A bad value throws
 * WizardError (the CLI exits 2 with it).
 */
export function terminalBackendFromEnv(env: Env): TerminalBackend {
  const v = env.OKSTRA_TERMINAL_BACKEND;
  if (v !== undefined && v !== '') {
    if ((BACKENDS as readonly string[]).includes(v)) return v as TerminalBackend;
    throw new WizardError('usage', `OKSTRA_TERMINAL_BACKEND must be one of tmux, zellij, vscode-terminal, none: ${pyReprString(v)}`);
  }
  if (env.TMUX) return 'tmux';
  if (env.ZELLIJ) return 'zellij';
  return 'none';
}

/** `OKSTRA_MODEL_DEFAULTS`: a YAML file shaped like the `okstra.modelDefaults` setting (role → model refs). */
export function loadModelDefaultsFile(fileAbs: string): Record<string, string[]> {
  // Never blocks: a FIFO or device is `not a regular file (…)`; a missing file is named as such.
  const text = readRegularFileText(fs, fileAbs, fileAbs);
  if (text === null) throw new FileError({ path: fileAbs, problem: 'cannot read: not found (ENOENT)' });
  return readYamlMapping(modelDefaultsSchema, stripBom(text), fileAbs, 'model defaults must be a mapping of role to model refs');
}

/** `OKSTRA_TEAMS`: a YAML file shaped like the `okstra.teams` setting (team name → {description, roles}). */
export function loadTeamsFile(fileAbs: string): Record<string, TeamDecl> {
  const text = readRegularFileText(fs, fileAbs, fileAbs);
  if (text === null) throw new FileError({ path: fileAbs, problem: 'cannot read: not found (ENOENT)' });
  return readYamlMapping(teamsSchema, stripBom(text), fileAbs, 'teams must be a mapping of team names to teams');
}

/** The user scope of teams from a file's teams, in order. */
export function teamsOfFile(path: string, teams: Record<string, TeamDecl>): UserTeams {
  return { source: { kind: 'file', path }, teams: Object.entries(teams).map(([name, team]) => ({ name, team })) };
}

/**
 * The `okstra.teams` setting as the user scope of teams: null when it is unset or empty. Each team is checked on its
 * own with the schema of config.yaml's `teams`, so that one broken team is listed as not available with its problem
 * (`setting okstra.teams: usual-panel.roles.planner: must be a list, …`) while the others stay usable.
 */
export function teamsOfSetting(raw: unknown): UserTeams | null {
  if (raw === undefined || raw === null) return null;
  const where = 'setting okstra.teams';
  // A mapping with odd keys (`__proto__`, which isPlainRecord refuses as a whole) is still a mapping: only the
  // odd entry is refused below, with its name.
  const proto: unknown = raw !== null && typeof raw === 'object' ? Object.getPrototypeOf(raw) : undefined;
  if (typeof raw !== 'object' || Array.isArray(raw) || (proto !== Object.prototype && proto !== null))
    return {
      source: { kind: 'setting' },
      teams: [{ name: 'okstra.teams', error: `${where}: must be a mapping, got ${describeValue(raw)}` }],
    };
  const teams: UserTeams['teams'] = [];
  for (const name of Object.keys(raw)) {
    const value: unknown = Object.getOwnPropertyDescriptor(raw, name)?.value;
    if (name === '__proto__') {
      teams.push({ name, error: `${where}: __proto__: ${NOT_A_TEAM_NAME}` });
      continue;
    }
    try {
      const one: Record<string, unknown> = {};
      Object.defineProperty(one, name, { value, enumerable: true, writable: true, configurable: true });
      const checked = validateValue(teamsSchema, one, where);
      teams.push({ name, team: checked[name]! });
    } catch (err) {
      if (!(err instanceof WizardError)) throw err;
      teams.push({ name, error: err.message });
    }
  }
  return teams.length > 0 ? { source: { kind: 'setting' }, teams } : null;
}

export interface EnvironmentInputs extends ProviderCliLookup {
  terminalBackend: TerminalBackend;
  userModelDefaults?: { source: UserDefaultsSource; defaults: Record<string, string[]> } | null;
  userTeams?: UserTeams | null;
  /**
   * The `okstra.teams` setting as VS Code holds it (unchecked): when there is no `userTeams`, the user's teams are
   * this setting, checked by teamsOfSetting on first use. The extension passes the raw value so that reading its
   * settings loads nothing of this layer (test/unit/foundation/extensionBundles.test.ts).
   */
  teamsSetting?: unknown;
}

/**
 * An EnvironmentPort over fixed inputs. Lookups are memoised for the life of
 * the object: shells build one per operation, so that a newly installed CLI
 * is noticed at the next prompt while one prompt's many availability checks
 * stat each provider once.
 */
export function createEnvironment(inputs: EnvironmentInputs): EnvironmentPort {
  const memo = new Map<string, boolean>();
  let settingTeams: { value: UserTeams | null } | undefined;
  return {
    providerCliAvailable(providerId: string, cli: string): boolean {
      const k = `${providerId}\0${cli}`;
      let v = memo.get(k);
      if (v === undefined) {
        v = resolveProviderCli(providerId, cli, inputs) !== null;
        memo.set(k, v);
      }
      return v;
    },
    terminalBackend: () => inputs.terminalBackend,
    userModelDefaults: () => inputs.userModelDefaults ?? null,
    where: () => environmentWhere(inputs),
    userTeams: () => inputs.userTeams ?? (settingTeams ??= { value: teamsOfSetting(inputs.teamsSetting) }).value,
  };
}

/** `PATH is '…'; OKSTRA_TERMINAL_BACKEND is not set`: what EnvironmentPort.where() says. */
export function environmentWhere(inputs: EnvironmentInputs): string {
  const platform = inputs.platform ?? process.platform;
  const pathValue = envValue(inputs.env, 'PATH', platform);
  const parts = [pathValue ? `PATH is ${pyReprString(pathValue)}` : 'PATH is not set'];
  const named = inputs.env.OKSTRA_TERMINAL_BACKEND;
  if (named) parts.push(`OKSTRA_TERMINAL_BACKEND is ${pyReprString(named)}`);
  else if (inputs.terminalBackend === 'none') parts.push('OKSTRA_TERMINAL_BACKEND is not set');
  else parts.push(`OKSTRA_TERMINAL_BACKEND is not set (the terminal backend is ${inputs.terminalBackend})`);
  return parts.join('; ');
}
