// Loading and saving one wizard state file (docs/state-file.md, R-IO-*,
// docs/safety.md R1–R3). The store owns bytes, paths, companions and locks.
// Turning the payload into a WizardState is the caller's job (the codec,
// core/wizard/stateCodec.ts); the store uses the codec in two places only:
// saveStateFile encodes the state it is given, and a companion candidate is
// validated with parseState unless the caller passes its own check
// (LoadOptions.validateCompanion).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { pyRepr } from '../core/pyRepr';
import { WizardError, type Notice, type WizardState } from '../core/types';
import { parseState, stateToJson } from '../core/wizard/stateCodec';
import { MAX_JSON_CHARS, parseJsonText, writeFailure } from '../core/files';
import { readRegularFileBytes } from '../io/regularFile';
import { revisionOfSha256 } from '../core/wizard/binding';
import { sha256Hex, writeChecked, type ExpectedFile } from './atomicWrite';
import { allCompanions, availableCompanionPath, companionCandidates, legacyCompanionPath, temporariesOf } from './companions';
import { isPidAlive, removeLockIfStale, STALE_FOREIGN_MS } from './lock';

/** `legacySource` of a companion (R-IO-2): the legacy file's resolved path and the sha256 of its exact bytes. */
export interface LegacySource {
  path: string;
  sha256: string;
}

export interface LegacyInfo {
  /** Metadata of the v1 file as read now. */
  source: LegacySource;
  /** Where saves go: the matched content-addressed companion, or the first free companion path. */
  companionPath: string;
  /**
   * Which file the payload came from: a content-addressed companion, the legacy `<name>.v2.json`, the
   * newest companion of an earlier version of the v1 bytes (`previous-companion`), or none (fresh conversion).
   */
  resumedFrom: 'companion' | 'legacy-v2-json' | 'previous-companion' | null;
  /** With `previous-companion`: that companion (it stays as it is; saves go to the companion of the new bytes). */
  previousCompanion?: string;
}

/** What loading found that the user must be told (shown with the engine's notices). */
/** `legacy`: the v1 file's bytes changed since its continuation was saved; it was found again. */
export interface LoadNotice extends Notice {
  kind: 'legacy';
}

/**
 * A loaded state file and what a save needs. Immutable: a save returns the
 * next handle. `payload` is the JSON object to decode: for a legacy v1 file
 * it is the matching companion's (a v2 payload) or, without one, the v1
 * payload itself (the engine converts it).
 */
export interface StateFileHandle {
  /** The state file, absolute. */
  readonly path: string;
  /** How the state file is named in messages (as the user gave it). */
  readonly shownPath: string;
  readonly payload: Record<string, unknown>;
  /** The file `payload` was read from. */
  readonly payloadPath: string;
  /** `executionIdentityVersion` of the state file: 1 (absent, null or 1) or 2. */
  readonly sourceVersion: 1 | 2;
  readonly legacy: LegacyInfo | null;
  /** The file saves write: the state file, or the companion of a legacy one (never the v1 file, R3). */
  readonly target: string;
  /** Files whose bytes must be unchanged at save time (stale-read detection, R2). */
  readonly expected: readonly ExpectedFile[];
  /** A v2 file opened directly that carries `legacySource` (a companion): kept on save. */
  readonly keptLegacySource: LegacySource | null;
  /**
   * The revision of the bytes `payload` was read from (or written as): the first 16 hex digits of
   * their sha256 — the companion's for a resumed legacy file, else the file's (src/core/wizard/binding.ts).
   */
  readonly revision: string;
  /** What loading found that the user must be told; empty mostly. */
  readonly notices: readonly LoadNotice[];
}

export interface LoadOptions {
  /** The name used in error messages; default: the path as given. */
  shownPath?: string;
  /**
   * Validates a companion candidate's payload as the codec would (throws
   * WizardError when it would not load); a failing candidate is skipped
   * (R-IO-3 step 3). Default: the state codec's parseState.
   */
  validateCompanion?: (payload: Record<string, unknown>) => void;
  /** Remove stale temporaries and locks first (default true; listing passes false). */
  cleanStale?: boolean;
}

/** `<state>.lock`: one lock per state file, also guarding its companions. */
export function lockPathFor(stateAbs: string): string {
  return `${stateAbs}.lock`;
}

/** UTF-8 text of state-file bytes: a BOM is skipped, UTF-16/32 and invalid UTF-8 refused. */
export function decodeStateBytes(bytes: Uint8Array, shownPath: string): string {
  const b = bytes;
  const utf16or32 =
    (b.length >= 2 && ((b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0xff && b[1] === 0xfe))) ||
    (b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) ||
    (b.length >= 2 && (b[0] === 0 || b[1] === 0));
  if (utf16or32) throw new WizardError('file-error', `${shownPath}: wizard state must be UTF-8`);
  const start = b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(b.subarray(start));
  } catch {
    throw new WizardError('file-error', `${shownPath}: wizard state must be UTF-8`);
  }
}

/** JSON.parse with `<path>:<line>:<column>: invalid JSON: <reason>` (the text is decoded already: no BOM handling). */
export function parseStateJson(text: string, shownPath: string): unknown {
  return parseJsonText(text, shownPath);
}

/** State-file bytes → the JSON object they hold: UTF-8, JSON, an object; else WizardError naming `shownPath`. */
function parseStatePayload(bytes: Uint8Array, shownPath: string): Record<string, unknown> {
  const data = parseStateJson(decodeStateBytes(bytes, shownPath), shownPath);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new WizardError('file-error', `${shownPath}: wizard state must be a JSON object`);
  }
  return data as Record<string, unknown>;
}

/** The handle of a v2 state file whose bytes (with this sha256) hold `payload`. */
export function v2Handle(stateAbs: string, shownPath: string, payload: Record<string, unknown>, sha256: string): StateFileHandle {
  return {
    path: stateAbs,
    shownPath,
    payload,
    payloadPath: stateAbs,
    sourceVersion: 2,
    legacy: null,
    target: stateAbs,
    expected: [{ path: stateAbs, sha256 }],
    keptLegacySource: asLegacySource(payload.legacySource),
    revision: revisionOfSha256(sha256),
    notices: [],
  };
}

/** Do these bytes hold a legacy v1 state? False when they cannot be read as a state file. */
export function isLegacyStateBytes(bytes: Uint8Array): boolean {
  try {
    return stateVersionOf(parseStatePayload(bytes, ''), '') === 1;
  } catch {
    return false;
  }
}

/** Is the file at `stateAbs` a legacy v1 state (per its bytes)? False when it cannot be read as a state file. */
export function isLegacyStateFile(stateAbs: string): boolean {
  let bytes: Uint8Array | null;
  try {
    bytes = readRegularFileBytes(fs, stateAbs, stateAbs);
  } catch {
    return false;
  }
  return bytes !== null && isLegacyStateBytes(bytes);
}

/** The source version: absent/null/1 → 1; 2 → 2; anything else is refused (`unsupported wizard state version`). */
export function stateVersionOf(data: Record<string, unknown>, shownPath: string): 1 | 2 {
  if (!Object.prototype.hasOwnProperty.call(data, 'executionIdentityVersion')) return 1;
  const v = data.executionIdentityVersion;
  if (v === null || v === 1) return 1;
  if (v === 2) return 2;
  throw new WizardError('file-error', `${shownPath}: unsupported wizard state version: ${pyRepr(v)}`);
}

function asLegacySource(v: unknown): LegacySource | null {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length !== 2 || typeof o.path !== 'string' || typeof o.sha256 !== 'string') return null;
  return { path: o.path, sha256: o.sha256 };
}

/**
 * Does a companion's `legacySource` match the legacy file as read now?
 * By path and sha256; or, when the project moved, by sha256 with a
 * recorded path that no longer exists.
 */
export function legacySourceMatches(recorded: LegacySource, current: LegacySource): boolean {
  if (recorded.sha256 !== current.sha256) return false;
  if (recorded.path === current.path) return true;
  return !fs.existsSync(recorded.path);
}

interface CompanionRead {
  payload: Record<string, unknown>;
  sha256: string;
}

/**
 * The newest companion (by mtime) of an earlier version of the legacy file:
 * any content-addressed companion next to it whose `legacySource.path` is the
 * legacy file's (resolved) path, whatever sha256 it records, that loads.
 */
function findPreviousCompanion(
  stateAbs: string,
  source: LegacySource,
  validate?: (p: Record<string, unknown>) => void,
): { path: string; read: CompanionRead } | null {
  let best: { path: string; read: CompanionRead; mtimeMs: number } | null = null;
  for (const [file, suffix] of allCompanions(stateAbs)) {
    if (suffix === '.v2.json') continue;
    const read = readCompanion(file, validate);
    const recorded = read ? asLegacySource(read.payload.legacySource) : null;
    if (!read || !recorded || recorded.path !== source.path) continue;
    let mtimeMs = 0;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      continue;
    }
    if (!best || mtimeMs > best.mtimeMs || (mtimeMs === best.mtimeMs && file > best.path)) best = { path: file, read, mtimeMs };
  }
  return best && { path: best.path, read: best.read };
}

function readMatchingCompanion(fileAbs: string, meta: LegacySource, validate?: (p: Record<string, unknown>) => void): CompanionRead | null {
  const read = readCompanion(fileAbs, validate);
  if (!read) return null;
  const recorded = asLegacySource(read.payload.legacySource);
  return recorded && legacySourceMatches(recorded, meta) ? read : null;
}

/** A companion candidate that loads: strict UTF-8 JSON, a v2 object with a legacySource, accepted by `validate`. */
function readCompanion(fileAbs: string, validate?: (p: Record<string, unknown>) => void): CompanionRead | null {
  let bytes: Uint8Array | null;
  try {
    bytes = readRegularFileBytes(fs, fileAbs, fileAbs);
  } catch {
    return null; // not a regular file, unreadable: not a candidate
  }
  if (bytes === null) return null;
  let payload: unknown;
  try {
    // Strict UTF-8 text: a BOM makes JSON.parse fail, so such a candidate is skipped (R-IO-3 step 1).
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes));
  } catch {
    return null;
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const obj = payload as Record<string, unknown>;
  if (obj.executionIdentityVersion !== 2) return null;
  if (!asLegacySource(obj.legacySource)) return null;
  try {
    (validate ?? parseState)(obj);
  } catch (e) {
    if (e instanceof WizardError) return null;
    throw e;
  }
  return { payload: obj, sha256: sha256Hex(bytes) };
}

/**
 * Removes the state file's stale temporaries and lock (docs/state-file.md: same host
 * and the pid is dead, or older than 60 s). A live writer's files stay.
 */
export function removeStaleArtifacts(stateAbs: string): void {
  const now = Date.now();
  for (const [tmp, pid] of temporariesOf(stateAbs)) {
    let age = 0;
    try {
      age = now - fs.statSync(tmp).mtimeMs;
    } catch {
      continue;
    }
    // Temporary names carry no host: a dead pid here, or an age no write takes, marks them stale.
    if (!isPidAlive(pid) || age > STALE_FOREIGN_MS) {
      try {
        fs.unlinkSync(tmp);
      } catch {
        /* gone */
      }
    }
  }
  removeLockIfStale(lockPathFor(stateAbs));
}

/** The state file's bytes: never blocks (a FIFO, device, socket or directory is `not a regular file (…)`). */
function readStateBytes(stateAbs: string, shownPath: string): Uint8Array {
  const bytes = readRegularFileBytes(fs, stateAbs, shownPath);
  if (bytes === null) throw new WizardError('file-error', `${shownPath}: state file not found`);
  return bytes;
}

/**
 * Reads a state file (R-IO-3): bytes, BOM, JSON, version; for a legacy v1
 * file the matching companion (canonical first, then `.<n>` in numeric
 * order, then the legacy `<name>.v2.json`). Throws WizardError
 * `<path>: <message>` for a file that cannot be loaded.
 */
export function loadStateFile(pathAbs: string, options: LoadOptions = {}): StateFileHandle {
  const stateAbs = path.resolve(pathAbs);
  const shownPath = options.shownPath ?? pathAbs;
  if (options.cleanStale !== false) removeStaleArtifacts(stateAbs);
  const bytes = readStateBytes(stateAbs, shownPath);
  const payload = parseStatePayload(bytes, shownPath);
  const version = stateVersionOf(payload, shownPath);
  const sha256 = sha256Hex(bytes);

  if (version === 2) return v2Handle(stateAbs, shownPath, payload, sha256);

  let resolved = stateAbs;
  try {
    resolved = fs.realpathSync(stateAbs);
  } catch {
    /* keep the absolute path */
  }
  const source: LegacySource = { path: resolved, sha256 };
  let matched: { path: string; read: CompanionRead } | null = null;
  for (const candidate of companionCandidates(stateAbs, sha256)) {
    const read = readMatchingCompanion(candidate, source, options.validateCompanion);
    if (read) {
      matched = { path: candidate, read };
      break;
    }
  }
  let resumedFrom: LegacyInfo['resumedFrom'] = matched ? 'companion' : null;
  let fromLegacyJson: CompanionRead | null = null;
  if (!matched) {
    fromLegacyJson = readMatchingCompanion(legacyCompanionPath(stateAbs), source, options.validateCompanion);
    if (fromLegacyJson) resumedFrom = 'legacy-v2-json';
  }
  // The v1 bytes changed since the continuation was saved (line endings, a hand edit): its companion is
  // named after the old sha256. It is found again by its legacySource path and continued, with a notice —
  // never a silent restart from the v1 answers.
  const previous = !matched && !fromLegacyJson ? findPreviousCompanion(stateAbs, source, options.validateCompanion) : null;
  const notices: LoadNotice[] = [];
  if (previous) {
    resumedFrom = 'previous-companion';
    notices.push({
      kind: 'legacy',
      text: `${shownPath} changed since its continuation was saved; continuing from ${path.basename(previous.path)} (kept as it is), the answers saved there kept. Saves go to a companion of the file as it is now.`,
    });
  }
  // The legacy `<name>.v2.json` is read, never written: saves go to a content-addressed path.
  const companionPath = matched ? matched.path : availableCompanionPath(stateAbs, sha256);
  const from = matched
    ? { path: matched.path, payload: matched.read.payload }
    : fromLegacyJson
      ? { path: legacyCompanionPath(stateAbs), payload: fromLegacyJson.payload }
      : previous
        ? { path: previous.path, payload: previous.read.payload }
        : { path: stateAbs, payload };
  const legacy: LegacyInfo = { source, companionPath, resumedFrom };
  if (previous) legacy.previousCompanion = previous.path;
  return {
    path: stateAbs,
    shownPath,
    payload: from.payload,
    payloadPath: from.path,
    sourceVersion: 1,
    legacy,
    target: companionPath,
    expected: [
      { path: stateAbs, sha256 },
      { path: companionPath, sha256: matched ? matched.read.sha256 : null },
      ...(previous ? [{ path: previous.path, sha256: previous.read.sha256 }] : []),
    ],
    keptLegacySource: null,
    revision: revisionOfSha256(
      matched ? matched.read.sha256 : fromLegacyJson ? fromLegacyJson.sha256 : previous ? previous.read.sha256 : sha256,
    ),
    notices,
  };
}

/** `JSON.stringify(payload, null, 2) + "\n"` with `legacySource` last when given (docs/state-file.md). */
export function serializeStatePayload(payload: Record<string, unknown>, legacySource: LegacySource | null, shownPath?: string): string {
  const body: Record<string, unknown> = {};
  // defineProperty: an unknown key named `__proto__` is kept as a key (an assignment would set the prototype).
  for (const [k, v] of Object.entries(payload))
    if (k !== 'legacySource') Object.defineProperty(body, k, { value: v, enumerable: true, writable: true, configurable: true });
  if (legacySource) body.legacySource = { path: legacySource.path, sha256: legacySource.sha256 };
  const text = JSON.stringify(body, null, 2) + '\n';
  // The writer never writes what the reader refuses (parseJsonText's limit): the answer that would is refused.
  if (shownPath !== undefined && text.length > MAX_JSON_CHARS) throw stateTooLarge(shownPath, text.length);
  return text;
}

/** The refusal of a save that would make the state file bigger than a state file may be (docs/state-file.md › Limits). */
function stateTooLarge(shownPath: string, chars: number): WizardError {
  return new WizardError(
    'refused-answer',
    `${shownPath}: the answer would make the wizard state ${chars} characters long, over the limit of ${MAX_JSON_CHARS} characters (1 MiB) a state file may have; nothing was saved (give a shorter answer)`,
  );
}

/** A failed write as a message naming the file (quality R4: no raw exception reaches the user). */
export function asWriteError(e: unknown, shownPath: string): WizardError {
  if (e instanceof WizardError) return e;
  return writeFailure(shownPath, e);
}

/**
 * Saves a WizardState (encoded by the state codec) through the one save path
 * (every write honours the legacy rule): a legacy-sourced state goes to its companion with `legacySource`
 * last and the v1 file is never written (R-IO-4, R3); otherwise to the state
 * file. Atomic; refused with the stale-read message when a file changed since
 * it was read (R2). Returns the handle to use for the next save.
 */
export function saveStateFile(handle: StateFileHandle, state: WizardState): StateFileHandle {
  return saveStatePayload(handle, stateToJson(state));
}

/** saveStateFile for an already encoded payload (its `legacySource`, if any, is replaced). */
export function saveStatePayload(handle: StateFileHandle, payload: Record<string, unknown>): StateFileHandle {
  const legacySource = handle.legacy ? handle.legacy.source : handle.keptLegacySource;
  const text = serializeStatePayload(payload, legacySource, handle.shownPath);
  const bytes = Buffer.from(text, 'utf8');
  let sha: string;
  try {
    sha = writeChecked({
      target: handle.target,
      bytes,
      expected: handle.expected,
      lockPath: lockPathFor(handle.path),
      shownPath: handle.target === handle.path ? handle.shownPath : undefined,
    });
  } catch (e) {
    throw asWriteError(e, handle.shownPath);
  }
  const written = JSON.parse(text) as Record<string, unknown>;
  return {
    ...handle,
    payload: written,
    payloadPath: handle.target,
    legacy: handle.legacy ? { source: handle.legacy.source, companionPath: handle.legacy.companionPath, resumedFrom: 'companion' } : null,
    expected: handle.expected
      .filter((e) => e.path === handle.target || e.path === handle.path)
      .map((e) => (e.path === handle.target ? { path: e.path, sha256: sha } : e)),
    notices: [],
    revision: revisionOfSha256(sha),
  };
}
