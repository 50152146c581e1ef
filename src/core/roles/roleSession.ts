// RoleSession: what one engine operation needs for role selection, read once
// (the profile is never re-read within one operation): the profile, the merged pool, the host, the environment and the
// model-default scopes. Reading never throws; each failure is recorded and
// raised as a WizardError by the accessor that needs it.

import type { EngineContext } from '../ports';
import { WizardError, type WizardErrorCode, type WizardState } from '../types';
import { pyReprString } from '../pyRepr';
import { AvailabilityContext } from './availability';
import { type EntryMode, type HostDescriptor, validateHost } from './hostRegistry';
import { makeScopes, type ModelDefaultScopes } from './modelDefaults';
import { ModelPool } from './modelPool';
import { mergeRegistry, parseRegistry, type Registry } from './registry';
import { LEADER_REQUIREMENT, parseRoleProfile, type RoleProfile, type RoleRequirement } from './roleProfile';
import { ParseCache } from './parseCache';

const profileCache = new ParseCache<RoleProfile>();
const registryCache = new ParseCache<Registry>();

type Loaded<T> = { ok: true; value: T } | { ok: false; error: string; code: WizardErrorCode };

function attempt<T>(fn: () => T): Loaded<T> {
  try {
    return { ok: true, value: fn() };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err), code: err instanceof WizardError ? err.code : 'internal' };
  }
}

/** The reason a task type's profile cannot be used, without the `no role profile …` prefix. */
function loadProfile(ctx: EngineContext, taskType: string): RoleProfile {
  // An override that exists wins; a broken override is an error, never a fall-back.
  const source = ctx.workspace.profileOverride(taskType) ?? ctx.workspace.builtinProfile(taskType);
  if (!source) throw new WizardError('no-prompt', `profiles/${taskType}.md does not exist`);
  return profileCache.get(`${taskType}\u0000${source.path}`, source.text, () => parseRoleProfile(source.path, source.text, taskType));
}

/**
 * For the task-type step: null when the type's profile loads, else the
 * error text `no role profile for task type '<t>': <reason>`.
 */
export function roleProfileProblem(ctx: EngineContext, taskType: string): string | null {
  const loaded = loadedProfile(ctx, taskType);
  return loaded.ok ? null : loaded.error;
}

/** The type's profile, or the error `no role profile for task type '<t>': <reason>`. */
function loadedProfile(ctx: EngineContext, taskType: string): Loaded<RoleProfile> {
  const loaded = attempt(() => loadProfile(ctx, taskType));
  return loaded.ok
    ? loaded
    : { ok: false, error: `no role profile for task type ${pyReprString(taskType)}: ${loaded.error}`, code: loaded.code };
}

export class RoleSession {
  readonly taskType: string;
  readonly entryMode: string;
  private readonly profileLoaded: Loaded<RoleProfile> | null;
  private readonly hostLoaded: Loaded<HostDescriptor>;
  private readonly poolLoaded: Loaded<ModelPool>;
  private readonly scopesLoaded: Loaded<ModelDefaultScopes>;
  private avail: AvailabilityContext | null = null;

  constructor(
    readonly ctx: EngineContext,
    state: WizardState,
  ) {
    this.taskType = state.task_type;
    this.entryMode = state.host_entry_mode;
    this.profileLoaded = state.task_type ? loadedProfile(ctx, state.task_type) : null;
    this.hostLoaded = attempt(() => validateHost(state.host_runtime, state.host_entry_mode));
    const config = attempt(() => ctx.workspace.config());
    this.poolLoaded = config.ok
      ? attempt(() => {
          const builtin = ctx.workspace.builtinRegistry();
          const parsed = registryCache.get(builtin.path, builtin.text, () => parseRegistry(builtin.path, builtin.text));
          const registry: Registry = mergeRegistry(parsed, config.value);
          return new ModelPool(registry);
        })
      : config;
    this.scopesLoaded = config.ok ? attempt(() => makeScopes(config.value, ctx.environment.userModelDefaults())) : config;
  }

  /** Role selection is "enabled" whenever task_type is set (docs/steps.md › Role selection). */
  get enabled(): boolean {
    return this.profileLoaded !== null;
  }

  /** The error the profile gave, or null (also null when no task type is set). */
  get profileError(): string | null {
    return this.profileLoaded && !this.profileLoaded.ok ? this.profileLoaded.error : null;
  }

  profile(): RoleProfile {
    if (!this.profileLoaded) throw new WizardError('no-prompt', 'no task type is selected yet');
    if (!this.profileLoaded.ok) throw new WizardError(this.profileLoaded.code, this.profileLoaded.error);
    return this.profileLoaded.value;
  }

  host(): HostDescriptor {
    if (!this.hostLoaded.ok) throw new WizardError(this.hostLoaded.code, this.hostLoaded.error);
    return this.hostLoaded.value;
  }

  get mode(): EntryMode {
    return this.entryMode === 'current-session' ? 'current-session' : 'spawn-process';
  }

  pool(): ModelPool {
    if (!this.poolLoaded.ok) throw new WizardError(this.poolLoaded.code, this.poolLoaded.error);
    return this.poolLoaded.value;
  }

  scopes(): ModelDefaultScopes {
    if (!this.scopesLoaded.ok) throw new WizardError(this.scopesLoaded.code, this.scopesLoaded.error);
    return this.scopesLoaded.value;
  }

  /** Availability for this host and environment, memoised for the session. */
  availability(): AvailabilityContext {
    if (!this.avail) this.avail = new AvailabilityContext(this.pool(), this.host(), this.ctx.environment);
    return this.avail;
  }

  /** Throws the first error that blocks role selection (profile, host, config/registry, scopes). */
  requireAll(): void {
    this.profile();
    this.host();
    this.pool();
    this.scopes();
  }

  /** The profile's requirement for a role (first row), or the synthetic leader in spawn-process mode. */
  requirement(role: string): RoleRequirement | undefined {
    if (role === 'leader' && this.mode === 'spawn-process') return LEADER_REQUIREMENT;
    return this.profile().roles.find((r) => r.role === role);
  }
}

export function openRoleSession(ctx: EngineContext, state: WizardState): RoleSession {
  return new RoleSession(ctx, state);
}
