// Operations over the state files of a project: creating one, listing the
// unfinished ones for Resume, the start-over backup, and moving a state to
// another task (docs/steps.md › Rewind and Back, docs/okstra-files.md › Roots).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { WizardError, type WizardState } from '../core/types';
import { stateToJson } from '../core/wizard/stateCodec';
import { assertWritableTarget, checkExpected, readBytesIfExists, sha256Hex, writeChecked } from './atomicWrite';
import { allCompanions } from './companions';
import { acquireLock, type HeldLock } from './lock';
import { displayPath } from '../core/files';
import { isStateFileName, STATE_FILE_SUFFIX } from '../core/wizard/paths';
import {
  asWriteError,
  isLegacyStateBytes,
  loadStateFile,
  lockPathFor,
  saveStatePayload,
  serializeStatePayload,
  v2Handle,
  type LoadOptions,
  type StateFileHandle,
} from './stateFile';

/** `<project>/.okstra/tasks/<group>/<id>.wizard.json` */
export function stateFilePathFor(projectRootAbs: string, group: string, id: string): string {
  return path.join(projectRootAbs, '.okstra', 'tasks', group, `${id}${STATE_FILE_SUFFIX}`);
}

export type StateFileStatus = 'missing' | 'unfinished' | 'confirmed' | 'aborted' | 'unreadable';

export interface StateFileProbe {
  status: StateFileStatus;
  /** A legacy v1 file (judged through its companion when it has one). */
  legacy: boolean;
  /** Why it cannot be loaded (`unreadable`). */
  error?: string;
}

/**
 * What is at a state path, without cleaning or writing anything: for New Run
 * over a task (resume or start over?), for moves, and for `init`.
 */
export function probeStateFile(pathAbs: string, options: Pick<LoadOptions, 'validateCompanion' | 'shownPath'> = {}): StateFileProbe {
  const stateAbs = path.resolve(pathAbs);
  if (!fs.existsSync(stateAbs)) return { status: 'missing', legacy: false };
  try {
    const h = loadStateFile(stateAbs, { ...options, cleanStale: false });
    const p = h.payload;
    const status: StateFileStatus = p.aborted === true ? 'aborted' : p.confirmed === true ? 'confirmed' : 'unfinished';
    return { status, legacy: h.sourceVersion === 1 };
  } catch (e) {
    return { status: 'unreadable', legacy: false, error: e instanceof WizardError ? e.message : String(e) };
  }
}

export interface CreateOptions {
  shownPath?: string;
  /** Replace an existing v2 (or unreadable) file; a legacy v1 file is refused even then. */
  force?: boolean;
  heldLock?: HeldLock;
}

/**
 * Writes a new state file (CLI `init`, a state leaving workspace storage).
 * Refuses an existing file (`<path>: state file already exists`) unless
 * `force`; a v1 file always (`<path>: legacy v1 state; choose another path`).
 */
export function createStateFile(pathAbs: string, state: WizardState, options: CreateOptions = {}): StateFileHandle {
  return createStatePayloadFile(pathAbs, stateToJson(state), options);
}

/** createStateFile for an already encoded payload. */
export function createStatePayloadFile(pathAbs: string, payload: Record<string, unknown>, options: CreateOptions = {}): StateFileHandle {
  const shownPath = options.shownPath ?? pathAbs;
  return asWizardError(shownPath, () => createUnchecked(pathAbs, shownPath, payload, options));
}

/** File-system failures become messages naming the file (quality R4: no raw exception reaches the user). */
function asWizardError<T>(shownPath: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    throw asWriteError(e, shownPath);
  }
}

function createUnchecked(pathAbs: string, shownPath: string, payload: Record<string, unknown>, options: CreateOptions): StateFileHandle {
  const stateAbs = path.resolve(pathAbs);
  // Before any folder, lock or temporary is made next to it: `--state /dev/null --force` writes nothing in /dev.
  assertWritableTarget(stateAbs, shownPath);
  fs.mkdirSync(path.dirname(stateAbs), { recursive: true });
  const lock = options.heldLock ?? acquireLock(lockPathFor(stateAbs));
  try {
    // One read serves both the legacy check and the expected sha256 of the write.
    const existing = readBytesIfExists(stateAbs, shownPath);
    const current = existing === null ? null : sha256Hex(existing);
    if (existing !== null) {
      if (isLegacyStateBytes(existing)) throw new WizardError('usage', `${shownPath}: legacy v1 state; choose another path`);
      if (!options.force) throw new WizardError('usage', `${shownPath}: state file already exists`);
    }
    const text = serializeStatePayload(payload, null, shownPath);
    const sha = writeChecked({
      target: stateAbs,
      bytes: Buffer.from(text, 'utf8'),
      expected: [{ path: stateAbs, sha256: current }],
      lockPath: lockPathFor(stateAbs),
      heldLock: lock,
      shownPath,
    });
    return v2Handle(stateAbs, shownPath, JSON.parse(text) as Record<string, unknown>, sha);
  } finally {
    if (!options.heldLock) lock.release();
  }
}

export interface WizardFileEntry {
  /** The state file, absolute. */
  path: string;
  key: string;
  group: string;
  id: string;
  /** mtime of the file holding the current state (a legacy file's companion when it has one). */
  mtimeMs: number;
  legacy: boolean;
  taskType?: string;
  /** How many steps are answered. */
  answered?: number;
  /** Why the file cannot be loaded (it is listed so that it can be opened and fixed). */
  error?: string;
  /** With `includeFinished`: the wizard is confirmed / aborted. */
  confirmed?: boolean;
  aborted?: boolean;
}

/**
 * The unfinished wizards of a project (Resume): `.okstra/tasks/*\/*.wizard.json`
 * that are neither confirmed nor aborted, newest first by mtime (ties by key).
 * With `includeFinished` the confirmed and aborted ones too (marked), for "the
 * latest wizard". Reads only; never cleans or writes.
 */
export function listUnfinishedWizards(
  projectRootAbs: string,
  options: Pick<LoadOptions, 'validateCompanion'> & { includeFinished?: boolean } = {},
): WizardFileEntry[] {
  const tasksDir = path.join(projectRootAbs, '.okstra', 'tasks');
  const out: WizardFileEntry[] = [];
  let groups: fs.Dirent[] = [];
  try {
    groups = fs.readdirSync(tasksDir, { withFileTypes: true });
  } catch {
    return [];
  }
  for (const g of groups) {
    if (!g.isDirectory() || g.name.startsWith('.')) continue;
    const groupDir = path.join(tasksDir, g.name);
    let names: string[] = [];
    try {
      names = fs.readdirSync(groupDir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!isStateFileName(name)) continue;
      const fileAbs = path.join(groupDir, name);
      const id = name.slice(0, -STATE_FILE_SUFFIX.length);
      let st: fs.Stats | undefined;
      try {
        st = fs.statSync(fileAbs);
      } catch {
        continue;
      }
      if (!st.isFile()) continue;
      const base = { path: fileAbs, key: `${g.name}/${id}`, group: g.name, id };
      try {
        const h = loadStateFile(fileAbs, {
          cleanStale: false,
          validateCompanion: options.validateCompanion,
          shownPath: displayPath(projectRootAbs, fileAbs),
        });
        const p = h.payload;
        const finished = { confirmed: p.confirmed === true, aborted: p.aborted === true };
        if ((finished.confirmed || finished.aborted) && !options.includeFinished) continue;
        const mtimeMs = h.payloadPath === fileAbs ? st.mtimeMs : fs.statSync(h.payloadPath).mtimeMs;
        out.push({
          ...base,
          mtimeMs,
          legacy: h.sourceVersion === 1,
          taskType: typeof p.task_type === 'string' ? p.task_type : undefined,
          answered: Array.isArray(p.answered) ? p.answered.length : undefined,
          ...(options.includeFinished ? finished : {}),
        });
      } catch (e) {
        out.push({ ...base, mtimeMs: st.mtimeMs, legacy: false, error: e instanceof WizardError ? e.message : String(e) });
      }
    }
  }
  return out.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** `YYYYMMDDTHHMMSSZ` in UTC. */
export function backupTimestamp(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** `<id>.wizard.<ts>.bak.json` for `<id>.wizard.json` (other names: `<stem>.<ts>.bak.json`). */
export function backupNameFor(stateName: string, ts: string, n = 1): string {
  const stem = stateName.endsWith('.json') ? stateName.slice(0, -'.json'.length) : stateName;
  return `${stem}.${ts}${n > 1 ? `-${n}` : ''}.bak.json`;
}

export interface BackupResult {
  backupPath: string;
  /** Every rename done, the state file first. */
  moved: Array<{ from: string; to: string }>;
}

/**
 * Start over: renames the state file (bytes unchanged, a legacy v1 file
 * included) to `<id>.wizard.<YYYYMMDDTHHMMSSZ>.bak.json` and its companions
 * to `….bak.json.v2.<sha>[.<n>].json` / `….bak.json.v2.json`. Null when there
 * is no state file.
 */
export function backupStateFile(pathAbs: string, now: Date, options: { heldLock?: HeldLock } = {}): BackupResult | null {
  return asWizardError(pathAbs, () => backupUnchecked(pathAbs, now, options));
}

function backupUnchecked(pathAbs: string, now: Date, options: { heldLock?: HeldLock }): BackupResult | null {
  const stateAbs = path.resolve(pathAbs);
  const lock = options.heldLock ?? acquireLock(lockPathFor(stateAbs));
  try {
    if (!fs.existsSync(stateAbs)) return null;
    const dir = path.dirname(stateAbs);
    const ts = backupTimestamp(now);
    let n = 1;
    let bakName = backupNameFor(path.basename(stateAbs), ts, n);
    // Two start-overs within one second: the second gets `-2`, and so on.
    while (fs.existsSync(path.join(dir, bakName)) || allCompanions(path.join(dir, bakName)).length)
      bakName = backupNameFor(path.basename(stateAbs), ts, ++n);
    const bakAbs = path.join(dir, bakName);
    const companions = allCompanions(stateAbs);
    const moved: BackupResult['moved'] = [];
    fs.renameSync(stateAbs, bakAbs);
    moved.push({ from: stateAbs, to: bakAbs });
    for (const [from, suffix] of companions) {
      const to = bakAbs + suffix;
      fs.renameSync(from, to);
      moved.push({ from, to });
    }
    return { backupPath: bakAbs, moved };
  } finally {
    if (!options.heldLock) lock.release();
  }
}

export interface MoveOptions {
  /** Task key of the destination, for the refusal message. */
  destKey: string;
  shownPath?: string;
  /** Clock for the backup of a finished or aborted destination. */
  now?: Date;
}

export interface MoveResult {
  handle: StateFileHandle;
  /** The backup made of a finished or aborted state that was at the destination. */
  backup: BackupResult | null;
  /** True when the old file was deleted (it is kept when it is a legacy v1 source). */
  deletedOld: boolean;
}

/**
 * Moves a state to another task's state file (task-pick answered again with
 * another task). Refused with `task '<key>' already has an unfinished wizard`
 * when the destination holds one (an unreadable destination counts as
 * unfinished); a finished or aborted one is backed up first. The old file is
 * deleted after the new one is written, unless it is a legacy v1 source (it
 * and its companion stay). Refused as stale when the old file changed since
 * it was read.
 */
export function moveStateFile(handle: StateFileHandle, destAbs: string, state: WizardState, options: MoveOptions): MoveResult {
  return moveStatePayload(handle, destAbs, stateToJson(state), options);
}

/** moveStateFile for an already encoded payload. */
export function moveStatePayload(
  handle: StateFileHandle,
  destAbsIn: string,
  payload: Record<string, unknown>,
  options: MoveOptions,
): MoveResult {
  return asWizardError(options.shownPath ?? destAbsIn, () => moveUnchecked(handle, destAbsIn, payload, options));
}

function moveUnchecked(handle: StateFileHandle, destAbsIn: string, payload: Record<string, unknown>, options: MoveOptions): MoveResult {
  const destAbs = path.resolve(destAbsIn);
  if (destAbs === handle.path) return { handle: saveStatePayload(handle, payload), backup: null, deletedOld: false };
  fs.mkdirSync(path.dirname(destAbs), { recursive: true });
  const destLock = acquireLock(lockPathFor(destAbs));
  try {
    let backup: BackupResult | null = null;
    const dest = probeStateFile(destAbs);
    if (dest.status !== 'missing') {
      // An unreadable destination counts as unfinished: nothing is replaced that cannot be judged.
      if (dest.status === 'unfinished' || dest.status === 'unreadable') {
        throw new WizardError('refused-answer', `task '${options.destKey}' already has an unfinished wizard`);
      }
      backup = backupStateFile(destAbs, options.now ?? new Date(), { heldLock: destLock });
    }
    const srcLock = acquireLock(lockPathFor(handle.path));
    try {
      checkExpected(handle.expected);
      const created = createStatePayloadFile(destAbs, payload, { heldLock: destLock, shownPath: options.shownPath });
      let deletedOld = false;
      if (handle.sourceVersion === 2) {
        fs.unlinkSync(handle.path);
        deletedOld = true;
      }
      return { handle: created, backup, deletedOld };
    } finally {
      srcLock.release();
    }
  } finally {
    destLock.release();
  }
}
