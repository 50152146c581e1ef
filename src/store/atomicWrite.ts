// Every write the product makes (docs/architecture.md › Layers: the store
// owns them). The bytes go to `.<name>.tmp-<pid>-<random>` in the same
// folder, created exclusively (`wx`, O_NOFOLLOW: never through a link that
// was planted there) and fsynced; the target must be missing or a regular
// file (a symbolic link, directory, FIFO, device or socket is refused, and
// checked again right before the rename); then the temporary is renamed
// over the target and the folder fsynced. A crash leaves the old or the new
// file; a failed write removes its temporary. State files add, under their
// lock, the check that the target's bytes are still the ones the caller
// read (writeChecked; docs/safety.md R1, R2, R10).

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMissingError, notRegularProblem, writeFailure } from '../core/files';
import { readRegularFileBytes } from '../io/regularFile';
import { FileError, WizardError } from '../core/types';
import { tempPathFor } from './companions';
import { acquireLock, type HeldLock } from './lock';

export const STALE_READ_MESSAGE = 'state file changed on disk since it was read; reload to continue';

/** The sha256 of the bytes, as 64 hex digits (the state file's revision and the stale-read check). */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The file's bytes, or null when there is no file. Never blocks: a FIFO,
 * device, socket or directory is a FileError `not a regular file (…)`.
 */
export function readBytesIfExists(fileAbs: string, shownPath: string = fileAbs): Buffer | null {
  const bytes = readRegularFileBytes(fs, fileAbs, shownPath);
  return bytes === null ? null : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Refuses a write target that exists and is not a regular file: a symbolic
 * link (a save never writes through a link, nor replaces it; docs/decisions.md
 * › Writes), a directory, FIFO, device or socket. Missing is fine.
 */
export function assertWritableTarget(targetAbs: string, shownPath: string = targetAbs): void {
  let st: fs.Stats | undefined;
  try {
    st = fs.lstatSync(targetAbs, { throwIfNoEntry: false });
  } catch (e) {
    if (isMissingError(e)) return;
    throw writeFailure(shownPath, e);
  }
  if (!st || st.isFile()) return;
  if (st.isSymbolicLink()) {
    throw new FileError({
      path: shownPath,
      problem: 'is a symbolic link; the wizard does not write through links (replace the link with the file itself); nothing was written',
    });
  }
  throw new FileError({ path: shownPath, problem: `${notRegularProblem(st)}; nothing was written` });
}

/** sha256 of the file's bytes, or null when there is no file. */
export function sha256OfFile(fileAbs: string): string | null {
  const bytes = readBytesIfExists(fileAbs);
  return bytes === null ? null : sha256Hex(bytes);
}

/** sha256OfFile for the stale-read check: what is not a regular file has no bytes that can match. */
function sha256OfExisting(fileAbs: string): string | null {
  try {
    return sha256OfFile(fileAbs);
  } catch (e) {
    if (e instanceof FileError) return 'not-a-regular-file';
    throw e;
  }
}

function fsyncDir(dirAbs: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dirAbs, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some platforms (Windows) cannot open or fsync a directory; the rename is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** `wx` without following a link: O_CREAT | O_EXCL | O_WRONLY, plus O_NOFOLLOW where the platform has it. */
const EXCLUSIVE_CREATE = fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY | (fs.constants.O_NOFOLLOW ?? 0);

/**
 * Errors of a file system that has no Unix modes (FAT or exFAT, often through FUSE; some network shares):
 * there the mode cannot be kept, and the save goes on without it.
 */
const NO_MODES = new Set(['ENOSYS', 'ENOTSUP', 'EOPNOTSUPP', 'EPERM', 'EINVAL']);

/** Gives the temporary the mode of the file it replaces, where the file system has modes. */
function keepMode(fd: number, mode: number): void {
  try {
    fs.fchmodSync(fd, mode);
  } catch (e) {
    if (!NO_MODES.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
  }
}

/** Writes `bytes` to a new private temporary next to the target; on any failure the temporary is removed. */
function writeTemp(targetAbs: string, bytes: Uint8Array): string {
  const tmp = tempPathFor(targetAbs);
  // The replacement keeps the permissions the user gave the file (e.g. 0600).
  const existing = fs.lstatSync(targetAbs, { throwIfNoEntry: false });
  const fd = fs.openSync(tmp, EXCLUSIVE_CREATE, 0o644); // a new file: 0644 less the umask
  try {
    try {
      if (existing && existing.isFile() && process.platform !== 'win32') keepMode(fd, existing.mode & 0o777);
      let off = 0;
      while (off < bytes.length) off += fs.writeSync(fd, bytes, off, bytes.length - off);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    // A full disk (ENOSPC), a quota: the half-written temporary goes now, not at the next load.
    removeQuietly(tmp);
    throw e;
  }
  return tmp;
}

function removeQuietly(fileAbs: string): void {
  try {
    fs.unlinkSync(fileAbs);
  } catch {
    /* renamed or gone */
  }
}

/**
 * Writes `data` to `absPath` atomically (CONTRACTS: the product's one write
 * primitive): an exclusively created temporary, never through a symbolic
 * link, renamed over a target that is missing or a regular file. Refuses a
 * target that is a link, directory, FIFO, device or socket with a FileError
 * naming it; any file-system failure is a FileError too (`cannot write: …`),
 * and nothing is left behind. The folder must exist.
 */
export function writeFileAtomic(absPath: string, data: string | Uint8Array, options: { shownPath?: string } = {}): void {
  const shown = options.shownPath ?? absPath;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  assertWritableTarget(absPath, shown);
  let tmp: string | undefined;
  try {
    tmp = writeTemp(absPath, bytes);
    assertWritableTarget(absPath, shown);
    fs.renameSync(tmp, absPath);
    tmp = undefined;
  } catch (e) {
    if (tmp !== undefined) removeQuietly(tmp);
    throw writeFailure(shown, e);
  }
  fsyncDir(path.dirname(absPath));
}

/** Errors of a file system that has no hard links (FAT or exFAT, some network shares). */
const NO_LINKS = new Set(['ENOSYS', 'ENOTSUP', 'EOPNOTSUPP', 'EPERM', 'EXDEV']);

/**
 * Creates `absPath` with `data` only when nothing is there (a file, a folder or a link, even a dangling one): the
 * bytes go to a fsynced temporary, which is then hard-linked to the target (the link fails when the target exists),
 * so a crash never leaves a half-written file and two writers never overwrite each other. A file system without hard
 * links gets an exclusive create (`wx`, never through a link). False when something was there (nothing written);
 * any other failure is a FileError naming the file (`cannot write: …`). The folder must exist.
 */
export function createFileExclusive(absPath: string, data: string | Uint8Array, options: { shownPath?: string } = {}): boolean {
  const shown = options.shownPath ?? absPath;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let tmp: string;
  try {
    tmp = writeTemp(absPath, bytes);
  } catch (e) {
    throw writeFailure(shown, e);
  }
  try {
    fs.linkSync(tmp, absPath);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!NO_LINKS.has(code)) throw writeFailure(shown, e);
    return createWithoutLink(absPath, bytes, shown);
  } finally {
    removeQuietly(tmp);
  }
  fsyncDir(path.dirname(absPath));
  return true;
}

function createWithoutLink(absPath: string, bytes: Uint8Array, shown: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(absPath, EXCLUSIVE_CREATE, 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw writeFailure(shown, e);
  }
  try {
    let off = 0;
    while (off < bytes.length) off += fs.writeSync(fd, bytes, off, bytes.length - off);
    fs.fsyncSync(fd);
  } catch (e) {
    fs.closeSync(fd);
    removeQuietly(absPath);
    throw writeFailure(shown, e);
  }
  fs.closeSync(fd);
  fsyncDir(path.dirname(absPath));
  return true;
}

/** One expected-content check done under the lock: the file's sha256, or null for "must not exist". */
export interface ExpectedFile {
  path: string;
  sha256: string | null;
}

/** Throws the stale-read refusal when any file's bytes differ from what was read. */
export function checkExpected(expected: readonly ExpectedFile[]): void {
  for (const e of expected) {
    if (sha256OfExisting(e.path) !== e.sha256) throw new WizardError('stale-state', STALE_READ_MESSAGE);
  }
}

export interface CheckedWrite {
  target: string;
  bytes: Uint8Array;
  /** The target's sha256 as read (null: it must not exist), plus any other file that must be unchanged. */
  expected: readonly ExpectedFile[];
  /** The lock file to hold while checking and renaming. */
  lockPath: string;
  /** Lock already held by the caller (e.g. a move that also deletes the old file). */
  heldLock?: HeldLock;
  /** How the target is named in a refusal (default: its absolute path). */
  shownPath?: string;
}

/** Writes `bytes` to `target` atomically, or refuses and writes nothing. Returns the new sha256. */
export function writeChecked(w: CheckedWrite): string {
  assertWritableTarget(w.target, w.shownPath);
  const dir = path.dirname(w.target);
  if (!fs.existsSync(dir)) {
    // A folder that is gone (the project moved, the task was deleted): a save of a file read there is
    // refused as stale without recreating empty folders; only a write expecting nothing may create them.
    checkExpected(w.expected);
    fs.mkdirSync(dir, { recursive: true });
  }
  const tmp = writeTemp(w.target, w.bytes);
  let lock: HeldLock | undefined;
  try {
    lock = w.heldLock ?? acquireLock(w.lockPath);
    checkExpected(w.expected);
    assertWritableTarget(w.target, w.shownPath);
    fs.renameSync(tmp, w.target);
  } catch (e) {
    removeQuietly(tmp);
    throw e;
  } finally {
    if (lock && !w.heldLock) {
      fsyncDir(path.dirname(w.target));
      lock.release();
    }
  }
  if (w.heldLock) fsyncDir(path.dirname(w.target));
  return sha256Hex(w.bytes);
}

/**
 * Removes a regular file the product wrote (a run's exit file once its end is recorded). Missing is fine; anything
 * else in its place (a link, a folder, a device) is left where it is and reported, never followed: false then.
 */
export function removeRegularFile(absPath: string, shownPath: string = absPath): boolean {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(absPath);
  } catch (e) {
    if (isMissingError(e)) return true;
    throw writeFailure(shownPath, e);
  }
  if (!st.isFile()) return false;
  try {
    fs.unlinkSync(absPath);
  } catch (e) {
    if (!isMissingError(e)) throw writeFailure(shownPath, e);
  }
  return true;
}
