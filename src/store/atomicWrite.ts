// Atomic, checked writes (wizard.md › The state file; quality.md R1, R2):
// the bytes go to `.<name>.tmp-<pid>-<random>` in the same folder and are
// fsynced; then, under the lock, the target's current bytes are compared with
// the ones the caller read, and only then is the temporary renamed over the
// target (and the folder fsynced). A crash leaves the old or the new file.

import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WizardError } from '../core/types';
import { tempPathFor } from './companions';
import { acquireLock, type HeldLock } from './lock';

export const STALE_READ_MESSAGE = 'state file changed on disk since it was read; reload to continue';

export function sha256Hex(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** The file's bytes, or null when there is no file. */
export function readBytesIfExists(fileAbs: string): Buffer | null {
  try {
    return fs.readFileSync(fileAbs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw e;
  }
}

/** sha256 of the file's bytes, or null when there is no file. */
export function sha256OfFile(fileAbs: string): string | null {
  const bytes = readBytesIfExists(fileAbs);
  return bytes === null ? null : sha256Hex(bytes);
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

function writeTemp(targetAbs: string, bytes: Uint8Array): string {
  const tmp = tempPathFor(targetAbs);
  // The replacement keeps the permissions the user gave the file (e.g. 0600).
  const existing = fs.statSync(targetAbs, { throwIfNoEntry: false });
  const fd = fs.openSync(tmp, 'wx', 0o644); // a new file: 0644 less the umask
  try {
    if (existing && process.platform !== 'win32') fs.fchmodSync(fd, existing.mode & 0o777);
    let off = 0;
    while (off < bytes.length) off += fs.writeSync(fd, bytes, off, bytes.length - off);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return tmp;
}

/** One expected-content check done under the lock: the file's sha256, or null for "must not exist". */
export interface ExpectedFile {
  path: string;
  sha256: string | null;
}

/** Throws the stale-read refusal when any file's bytes differ from what was read. */
export function checkExpected(expected: readonly ExpectedFile[]): void {
  for (const e of expected) {
    if (sha256OfFile(e.path) !== e.sha256) throw new WizardError('stale-state', STALE_READ_MESSAGE);
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
}

/** Writes `bytes` to `target` atomically, or refuses and writes nothing. Returns the new sha256. */
export function writeChecked(w: CheckedWrite): string {
  fs.mkdirSync(path.dirname(w.target), { recursive: true });
  const tmp = writeTemp(w.target, w.bytes);
  let lock: HeldLock | undefined;
  try {
    lock = w.heldLock ?? acquireLock(w.lockPath);
    checkExpected(w.expected);
    fs.renameSync(tmp, w.target);
  } catch (e) {
    try {
      fs.unlinkSync(tmp);
    } catch {
      /* renamed or gone */
    }
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
