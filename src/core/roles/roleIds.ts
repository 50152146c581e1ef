// Role step ids (R-ID-1…6).

export const LEADER_SESSION_STEP = 'leader-session';
const COUNT_PREFIX = 'role-count:';
const ADD_PREFIX = 'role-add:';
const MODEL_PREFIX = 'role-model:';

export const roleCountId = (role: string): string => `${COUNT_PREFIX}${role}`;
export const roleAddId = (role: string): string => `${ADD_PREFIX}${role}`;
export const roleModelId = (role: string, ordinal: number): string => `${MODEL_PREFIX}${role}:${ordinal}`;

/** R-ID-5: `leader-session` or one of the exact prefixes, colon included. */
export function isRoleStepId(id: string): boolean {
  return id === LEADER_SESSION_STEP || id.startsWith(COUNT_PREFIX) || id.startsWith(MODEL_PREFIX) || id.startsWith(ADD_PREFIX);
}

type ParsedRoleStepId =
  | { kind: 'leader-session' }
  | { kind: 'role-count'; role: string }
  | { kind: 'role-add'; role: string }
  | { kind: 'role-model'; role: string; ordinal: number };

/**
 * R-ID-6: the role of a count/add id is everything after the first `:`; a
 * model id is `role-model:<role>:<ordinal>` (role names never contain `:`).
 * Returns null for a non-role id or a model id whose ordinal is not a
 * positive decimal integer.
 */
export function parseRoleStepId(id: string): ParsedRoleStepId | null {
  if (id === LEADER_SESSION_STEP) return { kind: 'leader-session' };
  if (id.startsWith(COUNT_PREFIX)) return { kind: 'role-count', role: id.slice(COUNT_PREFIX.length) };
  if (id.startsWith(ADD_PREFIX)) return { kind: 'role-add', role: id.slice(ADD_PREFIX.length) };
  if (id.startsWith(MODEL_PREFIX)) {
    const rest = id.slice(MODEL_PREFIX.length);
    const colon = rest.indexOf(':');
    if (colon < 0) return null;
    const raw = rest.slice(colon + 1);
    if (!/^[1-9][0-9]*$/.test(raw)) return null;
    return { kind: 'role-model', role: rest.slice(0, colon), ordinal: Number(raw) };
  }
  return null;
}

/** The role an id concerns (null for leader-session and non-role ids). */
export function roleOfStepId(id: string): string | null {
  const p = parseRoleStepId(id);
  return p && p.kind !== 'leader-session' ? p.role : null;
}
