// An in-memory EngineContext for role tests: profiles and the registry come
// from the repository's profiles/ folder unless a test overrides them; the
// environment is a plain object.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  EngineContext,
  EnvironmentPort,
  ProjectConfig,
  SourceText,
  TerminalBackend,
  UserDefaultsSource,
  WorkspacePort,
} from '../../../src/core/ports';
import { en } from '../../../src/core/text/en';
import { type WizardState } from '../../../src/core/types';
import { defaultState } from '../../../src/core/wizard/stateSchema';

const PROFILES = join(__dirname, '..', '..', '..', 'profiles');

export function builtinProfileText(taskType: string): string | null {
  try {
    return readFileSync(join(PROFILES, `${taskType}.md`), 'utf8');
  } catch {
    return null;
  }
}

export const BUILTIN_REGISTRY = readFileSync(join(PROFILES, 'registry.yaml'), 'utf8');

export interface FixtureOptions {
  config?: ProjectConfig | null;
  /** Replaces the built-in profile text per task type. */
  builtinProfiles?: Record<string, string>;
  overrides?: Record<string, string>;
  registry?: string;
  /** Providers whose CLI is missing (default: every CLI is found). */
  missingClis?: string[];
  terminalBackend?: TerminalBackend;
  userDefaults?: { source: UserDefaultsSource; defaults: Record<string, string[]> } | null;
  /** Thrown by config(). */
  configError?: Error;
}

export interface Fixture {
  ctx: EngineContext;
  opts: FixtureOptions;
  cliCalls: string[];
}

export function makeContext(opts: FixtureOptions = {}): Fixture {
  const cliCalls: string[] = [];
  const workspace: WorkspacePort = {
    projectRootAbs: '/p',
    config: () => {
      if (opts.configError) throw opts.configError;
      return opts.config ?? null;
    },
    tasks: () => [],
    task: () => {
      throw new Error('not used by role tests');
    },
    builtinProfile: (t): SourceText | null => {
      const text = opts.builtinProfiles?.[t] ?? builtinProfileText(t);
      return text === null ? null : { path: `profiles/${t}.md`, text };
    },
    profileOverride: (t): SourceText | null => {
      const text = opts.overrides?.[t];
      return text === undefined ? null : { path: `.okstra/prompts/profiles/${t}.md`, text };
    },
    builtinRegistry: () => ({ path: 'profiles/registry.yaml', text: opts.registry ?? BUILTIN_REGISTRY }),
    isFile: () => false,
    realPath: (p: string) => p,
    createTask: () => {
      throw new Error('not used by role tests');
    },
    createFileIfMissing: () => undefined,
    now: () => new Date('2026-11-29T00:00:00Z'),
  };
  const environment: EnvironmentPort = {
    providerCliAvailable: (p) => {
      cliCalls.push(p);
      return !(opts.missingClis ?? []).includes(p);
    },
    terminalBackend: () => opts.terminalBackend ?? 'tmux',
    userModelDefaults: () => opts.userDefaults ?? null,
  };
  return { ctx: { workspace, environment, texts: en }, opts, cliCalls };
}

export function makeState(patch: Partial<WizardState> = {}): WizardState {
  return {
    ...defaultState(),
    workspace_root: '/p/.okstra',
    project_root: '/p',
    project_id: 'p',
    task_group: 'g',
    task_id: 't',
    task_type: 'error-analysis',
    ...patch,
  };
}

/** A profile text from a compact description. */
export function profileText(
  taskType: string,
  roles: Array<{ role: string; min?: number; max?: number; recommended?: number; distinct?: 'model' | 'provider'; dynamic?: boolean }>,
): string {
  const lines = ['---', `taskType: ${taskType}`, 'roles:'];
  for (const r of roles) {
    lines.push(`  - role: ${r.role}`, `    duty: do ${r.role}`);
    if (r.dynamic) lines.push('    dynamic: true');
    else {
      lines.push(`    min: ${r.min ?? 1}`, `    max: ${r.max ?? 1}`);
      if (r.recommended !== undefined) lines.push(`    recommended: ${r.recommended}`);
      if (r.distinct) lines.push(`    distinct: ${r.distinct}`);
    }
  }
  lines.push('---', '', 'body');
  return lines.join('\n');
}

/** A registry text: providers and models as given. */
export function registryText(
  providers: string[],
  models: Array<{ ref: string; roles?: string[]; defaultFor?: string[]; aliases?: string[] }>,
  disabled: string[] = [],
): string {
  const lines = ['providers:'];
  for (const p of providers) lines.push(`  ${p}: { cli: ${p}${disabled.includes(p) ? ', enabled: false' : ''} }`);
  lines.push('models:');
  if (models.length === 0) lines[lines.length - 1] = 'models: []';
  for (const m of models) {
    const parts = [`ref: ${m.ref}`];
    if (m.roles) parts.push(`roles: [${m.roles.join(', ')}]`);
    if (m.defaultFor) parts.push(`defaultFor: [${m.defaultFor.join(', ')}]`);
    if (m.aliases) parts.push(`aliases: [${m.aliases.join(', ')}]`);
    lines.push(`  - { ${parts.join(', ')} }`);
  }
  return lines.join('\n') + '\n';
}

/** Profile P, the example profile the rule tests share, as the error-analysis profile. */
export const PROFILE_P = profileText('error-analysis', [
  { role: 'analyser', min: 1, max: 3, recommended: 2 },
  { role: 'critic', min: 0, max: 2 },
  { role: 'report-writer', min: 1, max: 1 },
  { role: 'stage-worker', dynamic: true },
]);

/** An engine context whose error-analysis profile is P. */
export const contextP = () => makeContext({ builtinProfiles: { 'error-analysis': PROFILE_P } }).ctx;
