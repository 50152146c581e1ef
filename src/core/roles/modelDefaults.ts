// Model defaults (docs/profiles.md › Model defaults): project scope (config.yaml
// `modelDefaults`), user scope (VS Code setting or OKSTRA_MODEL_DEFAULTS),
// built-in (`defaultFor` of the registry).

import type { ProjectConfig, UserDefaultsSource } from '../ports';
import { pyReprString } from '../pyRepr';
import type { AvailabilityContext } from './availability';

interface ScopedDefaults {
  refs: string[];
  /** For the ` (configured in <source>)` of an unavailable configured default. */
  source: string;
}

export interface ModelDefaultScopes {
  project: { path: string; defaults: Record<string, string[]> } | null;
  user: { source: UserDefaultsSource; defaults: Record<string, string[]> } | null;
}

export function makeScopes(config: ProjectConfig | null, user: ModelDefaultScopes['user']): ModelDefaultScopes {
  return {
    project: config?.modelDefaults ? { path: config.path, defaults: config.modelDefaults } : null,
    user,
  };
}

/** `default_candidates(role, scopes)`: the first non-empty list among project and user, with its source. */
function scopedDefaults(scopes: ModelDefaultScopes, role: string): ScopedDefaults | null {
  const project = scopes.project?.defaults[role];
  if (project && project.length > 0) return { refs: project, source: `${scopes.project!.path}: modelDefaults.${role}` };
  const user = scopes.user?.defaults[role];
  if (user && user.length > 0) {
    const src = scopes.user!.source;
    return { refs: user, source: src.kind === 'setting' ? `setting okstra.modelDefaults.${role}` : `${src.path}: ${role}` };
  }
  return null;
}

interface RoleDefaults {
  /** The default set before rotation: configured refs that can start here, or the registry's defaults. */
  refs: string[];
  /** The 'configured default model … is unavailable' refusal for the first configured ref unavailable for reasons 1–3, null when none. */
  error: string | null;
  /** Configured refs that fail only for environmental reasons (left out of `refs`). */
  environmental: Array<{ ref: string; reason: string }>;
}

/** `_role_default_candidates` with its source named (docs/roles.md › The resolver's checks) and docs/roles.md › The environment. */
export function roleDefaults(scopes: ModelDefaultScopes, avail: AvailabilityContext, role: string): RoleDefaults {
  const scoped = scopedDefaults(scopes, role);
  if (!scoped) return { refs: avail.pool.defaultCandidates(role).map((m) => m.ref), error: null, environmental: [] };
  const refs: string[] = [];
  const environmental: RoleDefaults['environmental'] = [];
  for (const ref of scoped.refs) {
    const a = avail.availability(ref, role);
    if (a.available) refs.push(ref);
    else if (a.environmental) environmental.push({ ref, reason: a.reason });
    else {
      return {
        refs,
        environmental,
        error: `configured default model ${pyReprString(ref)} is unavailable for role ${pyReprString(role)}: ${a.reason} (configured in ${scoped.source})`,
      };
    }
  }
  return { refs, error: null, environmental };
}

/** Notice text for a configured default left out because it cannot start here. */
export function environmentalDefaultNotice(ref: string, role: string, reason: string): string {
  return `configured default model ${pyReprString(ref)} for role ${pyReprString(role)} cannot start here: ${reason}`;
}

/** `offset = (ordinal-1) % len`: instance k puts default number (k-1) mod n first (R-PR-12). */
export function rotateDefaults(refs: string[], ordinal: number): string[] {
  if (refs.length === 0) return refs;
  const offset = (ordinal - 1) % refs.length;
  return [...refs.slice(offset), ...refs.slice(0, offset)];
}
