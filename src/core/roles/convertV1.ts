// v1 → v2 conversion (R-CONV-*), with the original's conversion defects fixed: legacy provider
// keys of a v1 state payload or of a previous run's inputs.json become a
// consistent role selection. Availability is checked as the prompts check it
// (the same pool, host and session mode); models that fail only for environmental reasons are kept — the
// reconcile that follows every load reports them.

import type { Notice, WizardState } from '../types';
import { pyReprString } from '../pyRepr';
import { LEADER_SESSION_STEP, roleAddId, roleCountId, roleModelId } from './roleIds';
import { LEADER_REQUIREMENT, type RoleRequirement } from './roleProfile';
import { countPromptKind, selectableRequirements, setModels } from './roleSelection';
import type { RoleSession } from './roleSession';
import { clearRoleSelection } from './roleRewind';

const q = pyReprString;
/** R-ID-11. */
export const CROSS_VERIFICATION_ROLES = ['analyser', 'designer', 'planner', 'verifier'];

interface ConvertV1Options {
  /**
   * R-VER-11: a v1 state payload in current-session mode treats the
   * leader-session slot as answered. True for state files, false for
   * reuse-previous (R-REU-2).
   */
  leaderSessionAnswered?: boolean;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/** The first non-empty of the snake_case and camelCase keys; '' when neither. */
function legacyValue(payload: Record<string, unknown>, snake: string, camel: string): unknown {
  if (!isEmpty(payload[snake])) return payload[snake];
  if (!isEmpty(payload[camel])) return payload[camel];
  return '';
}

/** R-CONV-5: legacy worker providers, normalised, `report-writer` removed. */
export function legacyWorkerProviders(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return items
    .filter((x): x is string => typeof x === 'string' && x.trim() !== '')
    .map((x) => x.trim().toLowerCase())
    .filter((x) => x !== 'report-writer');
}

type LegacyRef = { ref: string } | { skip: string };

/** R-CONV-10, judged as the prompts judge it: the pool model a legacy provider/model pair names, or why it is skipped. */
function legacyModelRef(session: RoleSession, providerRaw: string, role: string, rawModel: unknown): LegacyRef {
  const providerId = providerRaw.trim().toLowerCase();
  if (!providerId) return { skip: 'empty provider' };
  const avail = session.availability();
  const pool = avail.pool;
  const value = typeof rawModel === 'string' ? rawModel.trim() : '';
  let ref: string;
  if (value) {
    try {
      ref = pool.resolveAlias(providerId, value).ref;
    } catch (err) {
      return { skip: (err as Error).message };
    }
  } else {
    const model = pool.defaultCandidate(providerId, role);
    if (!model) return { skip: `provider ${q(providerId)} has no model for role ${q(role)}` };
    ref = model.ref;
  }
  const a = avail.availability(ref, role);
  if (!a.available && !a.environmental) return { skip: a.reason };
  return { ref };
}

function skippedNotice(provider: string, role: string, reason: string): Notice {
  return { kind: 'legacy', text: `legacy provider ${q(provider)} for role ${q(role)} was skipped: ${reason}`, roles: [role] };
}

function pushOrder(state: WizardState, id: string): void {
  if (!state.role_selection_order.includes(id)) state.role_selection_order.push(id);
}

/** The count id the role's prompt would have (role-count or role-add), then the count. */
function recordCount(state: WizardState, req: RoleRequirement, count: number): void {
  const kind = countPromptKind(req);
  if (kind === null) return;
  state.role_counts[req.role] = count;
  pushOrder(state, kind === 'role-count' ? roleCountId(req.role) : roleAddId(req.role));
}

function recordModels(state: WizardState, role: string, refs: string[]): void {
  setModels(state, role, refs);
  refs.forEach((_, i) => pushOrder(state, roleModelId(role, i + 1)));
}

export function convertV1Selection(
  session: RoleSession,
  state: WizardState,
  payload: Record<string, unknown>,
  opts: ConvertV1Options = {},
): Notice[] {
  const notices: Notice[] = [];
  if (opts.leaderSessionAnswered && state.host_entry_mode === 'current-session') {
    if (!state.answered.includes(LEADER_SESSION_STEP)) state.answered.push(LEADER_SESSION_STEP);
    if (!state.role_selection_order.includes(LEADER_SESSION_STEP)) state.role_selection_order.unshift(LEADER_SESSION_STEP);
  }
  if (!state.task_type) return notices; // R-CONV-1
  try {
    session.requireAll();
  } catch {
    return notices; // the error surfaces at the next prompt
  }
  const profile = session.profile();
  const pool = session.pool();

  // The cross-verification role (R-CONV-4…9; unusable and duplicate providers are skipped with a notice).
  const cross = profile.roles.find((r) => !r.dynamic && CROSS_VERIFICATION_ROLES.includes(r.role));
  if (cross) {
    const legacy = legacyWorkerProviders(legacyValue(payload, 'workers_override', 'workers'));
    const fromLegacy = legacy.length > 0;
    const providers = fromLegacy ? legacy : pool.defaultCandidates(cross.role).map((m) => m.providerId);
    const refs: string[] = [];
    const usedProviders = new Set<string>();
    for (const p of providers) {
      if (usedProviders.has(p)) {
        if (fromLegacy) notices.push(skippedNotice(p, cross.role, `provider ${q(p)} is listed twice`));
        continue;
      }
      const r = legacyModelRef(session, p, cross.role, legacyValue(payload, `${p}_model`, `${p}Model`));
      if ('skip' in r || refs.includes(r.ref)) {
        if (fromLegacy) notices.push(skippedNotice(p, cross.role, 'skip' in r ? r.skip : `model ${q(r.ref)} is listed twice`));
        continue;
      }
      usedProviders.add(p);
      refs.push(r.ref);
    }
    let count: number;
    if (cross.min === cross.max) count = cross.min;
    else if (fromLegacy) count = Math.min(cross.max, Math.max(cross.min, refs.length));
    else count = cross.recommended;
    recordCount(state, cross, count);
    recordModels(state, cross.role, refs.slice(0, count));
  }

  // The static rows (R-CONV-11…13; a legacy critic becomes role-add:critic = 1 when the critic is optional).
  const staticRoles = new Map<string, RoleRequirement>();
  if (session.mode === 'spawn-process') staticRoles.set('leader', LEADER_REQUIREMENT);
  for (const req of profile.roles) {
    if (req.dynamic || req.role === cross?.role) continue;
    if (req.min > 0 || (req.role === 'critic' && req.max > 0)) staticRoles.set(req.role, req);
  }
  // A provider field: its text, the fallback when it is empty, or — R-CONV-13 — the row skipped (null) when it
  // holds something other than text (a number, a list, an object): never the fallback's `claude` instead.
  const provider = (snake: string, camel: string, fallback: string): string | null => {
    const v = legacyValue(payload, snake, camel);
    if (v === '' || v === 0 || v === false || (typeof v === 'object' && v !== null && Object.keys(v).length === 0)) return fallback;
    if (typeof v === 'string') return v;
    return null;
  };
  const executorRaw = provider('executor', 'executor', 'claude');
  const executor = executorRaw === null ? null : executorRaw.trim().toLowerCase() || 'claude';
  const criticRaw = provider('critic', 'critic', '');
  const critic = criticRaw === null ? null : criticRaw.trim().toLowerCase();
  const rows: Array<{ role: string; field: string; provider: string | null; model: unknown }> = [
    {
      role: 'leader',
      field: 'lead_provider',
      provider: provider('lead_provider', 'leadProvider', 'claude'),
      model: legacyValue(payload, 'lead_model', 'leadModel'),
    },
    {
      role: 'report-writer',
      field: 'report_writer_provider',
      provider: provider('report_writer_provider', 'reportWriterProvider', 'claude'),
      model: legacyValue(payload, 'report_writer_model', 'reportWriterModel'),
    },
    {
      role: 'implementer',
      field: 'executor',
      provider: executor,
      model: executor ? legacyValue(payload, `${executor}_model`, `${executor}Model`) : '',
    },
    { role: 'critic', field: 'critic', provider: critic, model: critic ? legacyValue(payload, `${critic}_model`, `${critic}Model`) : '' },
  ];
  for (const row of rows) {
    const req = staticRoles.get(row.role);
    if (!req) continue;
    if (row.provider === null) {
      notices.push({
        kind: 'legacy',
        text: `legacy field ${q(row.field)} for role ${q(row.role)} was skipped: it is not a provider name`,
        roles: [row.role],
      });
      continue;
    }
    if (!row.provider.trim()) continue;
    const r = legacyModelRef(session, row.provider, row.role, row.model);
    if ('skip' in r) {
      notices.push(skippedNotice(row.provider.trim().toLowerCase(), row.role, r.skip));
      continue;
    }
    // A filled adjustable role gets its recommended count; an optional one is added once.
    recordCount(state, req, req.min === 0 ? 1 : req.recommended);
    recordModels(state, row.role, [r.ref]);
  }
  return notices;
}

/**
 * reuse-previous (R-REU-1, docs/okstra-files.md › Previous runs): the previous run's
 * selection replaces the current one — v2 `roleCounts`/`roleModels` when
 * present, else the legacy keys through the conversion. Role ids leave
 * `answered` too. Run reconcileRoleSelection afterwards.
 */
export function applyPreviousRunSelection(session: RoleSession, state: WizardState, inputs: Record<string, unknown>): Notice[] {
  clearRoleSelection(state);
  const counts = inputs.roleCounts;
  const models = inputs.roleModels;
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(counts) && !isRecord(models)) return convertV1Selection(session, state, inputs);
  if (!state.task_type) return [];
  try {
    session.requireAll();
  } catch {
    return [];
  }
  for (const req of session.profile().roles) {
    const c = isRecord(counts) ? counts[req.role] : undefined;
    if (countPromptKind(req) !== null && typeof c === 'number' && Number.isInteger(c)) state.role_counts[req.role] = c;
  }
  // Written like a conversion: per selectable role, its count id, then its model ids.
  for (const req of selectableRequirements(session, state.role_counts)) {
    const kind = countPromptKind(req);
    if (kind !== null && state.role_counts[req.role] !== undefined)
      pushOrder(state, kind === 'role-count' ? roleCountId(req.role) : roleAddId(req.role));
    const refs =
      isRecord(models) && Array.isArray(models[req.role])
        ? (models[req.role] as unknown[]).filter((x): x is string => typeof x === 'string')
        : [];
    recordModels(state, req.role, refs);
  }
  // Optional roles answered "not added" keep their role-add id.
  for (const req of session.profile().roles) {
    if (countPromptKind(req) === 'role-add' && state.role_counts[req.role] === 0) pushOrder(state, roleAddId(req.role));
  }
  return [];
}
