// The state file's JSON <-> WizardState (docs/state-file.md,
// R-VER-*, R-VAL-*). Parsing takes a payload that JSON.parse already
// produced; the store owns bytes, BOMs and file names.

import { safeParseChecked } from '../files';
import { pyRepr, pyReprString } from '../pyRepr';
import { WizardError, type WizardState } from '../types';
import { isAbsolutePath, toProjectRelative } from './paths';
import {
  defaultState,
  fieldPasses,
  fieldTypeWords,
  PATH_FIELDS,
  rememberedAnswersSchema,
  roleCountsSchema,
  roleModelsSchema,
  roleSelectionOrderSchema,
  STATE_FIELD_ORDER,
  stateFieldsSchema,
  V1_PROVIDER_STATE_JSON_FIELDS,
  V2_SNAKE_FIELDS,
  V2_STATE_FIELDS,
  type StateField,
} from './stateSchema';

const LEGACY_SOURCE_FIELD = 'legacySource';
const PENDING_FIELD = 'pendingFollowUp';
const REMEMBERED_FIELD = 'rememberedAnswers';

export interface ParsedState {
  state: WizardState;
  /** 1 for a legacy (v1 / unversioned) payload, which `prepare` converts; 2 otherwise. */
  sourceVersion: 1 | 2;
  /** The payload as given, for the v1→v2 conversion (R-VER-10 reads the original payload). */
  payload: Record<string, unknown>;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** No state the wizard writes comes near this; unknown keys are kept verbatim, so their depth is bounded here. */
const MAX_STATE_NESTING = 256;

/** Iterative, so that the check itself cannot overflow. */
function nestedDeeperThan(root: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Keys that are never carried as unknown keys: the v1 provider keys, the
 * snake_case spellings of the v2 fields, the version and the keys the codec
 * writes itself (docs/state-file.md).
 */
const KNOWN_FIELDS = new Set<string>(STATE_FIELD_ORDER);

const NEVER_EXTRA = new Set<string>([
  ...V1_PROVIDER_STATE_JSON_FIELDS,
  ...V2_SNAKE_FIELDS,
  ...V2_STATE_FIELDS,
  'executionIdentityVersion',
  LEGACY_SOURCE_FIELD,
  PENDING_FIELD,
  REMEMBERED_FIELD,
]);

/**
 * Parses an already-JSON-parsed state payload (R-VER-*, R-VAL-*).
 * Throws WizardError with a load message of docs/state-file.md or a field-type message.
 */
export function parseState(payload: unknown): ParsedState {
  if (!isPlainObject(payload)) throw new WizardError('file-error', 'wizard state must be a JSON object');
  // Cloning, repr-ing and re-serialising recurse: a value nested thousands deep would overflow the stack (quality R4).
  if (nestedDeeperThan(payload, MAX_STATE_NESTING)) {
    throw new WizardError('file-error', `wizard state is nested too deeply (more than ${MAX_STATE_NESTING} levels)`);
  }
  const has = (k: string) => Object.prototype.hasOwnProperty.call(payload, k);
  const version = has('executionIdentityVersion') ? payload.executionIdentityVersion : null;
  let sourceVersion: 1 | 2;
  // absent/null/1 → v1, 2 (2.0 is the same JSON number) → v2, anything else → `unsupported wizard state version`.
  if (version === null || version === 1) sourceVersion = 1;
  else if (version === 2) sourceVersion = 2;
  else throw new WizardError('file-error', `unsupported wizard state version: ${pyRepr(version)}`);

  const hasV2 = V2_STATE_FIELDS.some(has);
  const hasV1 = V1_PROVIDER_STATE_JSON_FIELDS.some(has);
  if (sourceVersion === 2 && (hasV1 || !V2_STATE_FIELDS.every(has))) {
    throw new WizardError('file-error', 'mixed wizard state versions are not allowed');
  }
  if (sourceVersion === 1 && hasV2) throw new WizardError('file-error', 'mixed wizard state versions are not allowed');

  const state = defaultState();
  if (sourceVersion === 2) {
    const counts = safeParseChecked(roleCountsSchema, payload.roleCounts);
    // z.number().int() accepts 2.0 (JSON cannot tell it from 2); booleans fail.
    if (!counts.success) throw new WizardError('file-error', 'wizard state roleCounts must map roles to integers');
    const models = safeParseChecked(roleModelsSchema, payload.roleModels);
    if (!models.success) throw new WizardError('file-error', 'wizard state roleModels must map roles to modelRef arrays');
    const order = safeParseChecked(roleSelectionOrderSchema, payload.roleSelectionOrder);
    if (!order.success) throw new WizardError('file-error', 'wizard state roleSelectionOrder must be a string array');
    state.role_counts = { ...counts.data };
    state.role_models = Object.fromEntries(Object.entries(models.data).map(([r, m]) => [r, [...m]]));
    state.role_selection_order = [...order.data];
  }

  const target = state as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(payload)) {
    if (KNOWN_FIELDS.has(key)) {
      const field = key as StateField;
      const res = fieldPasses(field, value) ? { success: true as const, data: value } : stateFieldsSchema.shape[field].safeParse(value);
      if (!res.success)
        throw new WizardError('file-error', `wizard state field ${pyReprString(key)} must be ${fieldTypeWords(field)}: ${pyRepr(value)}`);
      target[key] = structuredClone(res.data);
    } else if (!NEVER_EXTRA.has(key)) {
      state.extra_keys.push([key, structuredClone(value)]); // `__proto__` too: an own key of JSON.parse's object
    }
  }
  if (has(PENDING_FIELD)) {
    const p = payload[PENDING_FIELD];
    if (typeof p !== 'string') throw new WizardError('file-error', `wizard state field '${PENDING_FIELD}' must be a string: ${pyRepr(p)}`);
    if (p !== '') state.pending_follow_up = p;
  }
  if (has(REMEMBERED_FIELD)) {
    const r = safeParseChecked(rememberedAnswersSchema, payload[REMEMBERED_FIELD]);
    if (!r.success)
      throw new WizardError(
        'file-error',
        `wizard state field '${REMEMBERED_FIELD}' must map step ids to strings: ${pyRepr(payload[REMEMBERED_FIELD])}`,
      );
    if (Object.keys(r.data).length > 0) state.remembered_answers = { ...r.data };
  }
  // Paths are stored project-relative; accept absolute ones inside the project.
  for (const f of PATH_FIELDS) {
    const v = state[f];
    if (v === '') continue;
    if (isAbsolutePath(v) && state.project_root === '') continue;
    const rel = toProjectRelative(state.project_root, v);
    if (rel !== null && rel !== '') state[f] = rel;
  }
  return { state, sourceVersion, payload };
}

/**
 * The state as a JSON object in file order (R-JSON-*, docs/state-file.md
 * › Format). `legacySource` is appended last for companions (the save path passes it).
 */
export function stateToJson(state: WizardState, legacySource?: { path: string; sha256: string }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const src = state as unknown as Record<string, unknown>;
  for (const f of STATE_FIELD_ORDER) out[f] = structuredClone(src[f]);
  for (const [k, v] of state.extra_keys) if (!KNOWN_FIELDS.has(k) && !NEVER_EXTRA.has(k)) defineKey(out, k, structuredClone(v));
  out.executionIdentityVersion = 2;
  out.roleCounts = { ...state.role_counts };
  // "No models" is an absent key, never `role: []`.
  out.roleModels = Object.fromEntries(
    Object.entries(state.role_models)
      .filter(([, m]) => m.length > 0)
      .map(([r, m]) => [r, [...m]]),
  );
  out.roleSelectionOrder = [...state.role_selection_order];
  if (state.pending_follow_up) out[PENDING_FIELD] = state.pending_follow_up;
  if (state.remembered_answers && Object.keys(state.remembered_answers).length > 0) out[REMEMBERED_FIELD] = { ...state.remembered_answers };
  if (legacySource) out[LEGACY_SOURCE_FIELD] = { path: legacySource.path, sha256: legacySource.sha256 };
  return out;
}

/** `obj[key] = value` as an own data property, also for `__proto__` (an assignment would set the prototype). */
function defineKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The state file's text: `JSON.stringify(obj, null, 2) + "\n"`. */
export function serializeState(state: WizardState, legacySource?: { path: string; sha256: string }): string {
  return JSON.stringify(stateToJson(state, legacySource), null, 2) + '\n';
}
