// The writer's lock `<name>.lock` (wizard.md › The state file): created with
// O_EXCL, holding `<pid>@<hostname>`. A lock is stale when its writer cannot
// be alive: same host and the pid is gone, or another host and older than 60 s.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as crypto from 'node:crypto';
import { WizardError } from '../core/types';
import { tempPathFor } from './companions';

export const STALE_FOREIGN_MS = 60_000;
export const LOCK_WAIT_MS = 2_000;
const POLL_MS = 20;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** Synchronous sleep: saves are synchronous so that a refused write never half-happens across ticks. */
function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

export function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockOwnerText(): string {
  return `${process.pid}@${os.hostname()}`;
}

interface LockOwner {
  pid: number | null;
  host: string | null;
}

function parseLockOwner(text: string): LockOwner {
  const m = /^(\d+)@(.*)$/s.exec(text.trim());
  if (!m) return { pid: null, host: null };
  return { pid: Number(m[1]), host: m[2]! };
}

/** Can the writer of this lock still be running? `ageMs` is the lock file's age. */
function isLockStale(owner: LockOwner, ageMs: number): boolean {
  if (owner.pid === null) return ageMs > STALE_FOREIGN_MS; // being written right now, or garbage
  if (owner.host === os.hostname()) return !isPidAlive(owner.pid);
  return ageMs > STALE_FOREIGN_MS;
}

function readLock(lockPath: string): { text: string; ageMs: number } | null {
  try {
    const text = fs.readFileSync(lockPath, 'utf8');
    const st = fs.statSync(lockPath);
    return { text, ageMs: Date.now() - st.mtimeMs };
  } catch {
    return null;
  }
}

/**
 * Removes the lock when it is stale. It is first renamed to a private name
 * and its content compared, so that a lock another process took meanwhile is
 * put back instead of being deleted.
 */
export function removeLockIfStale(lockPath: string): boolean {
  const seen = readLock(lockPath);
  if (!seen || !isLockStale(parseLockOwner(seen.text), seen.ageMs)) return false;
  const aside = path.join(path.dirname(lockPath), `.${path.basename(lockPath)}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  try {
    fs.renameSync(lockPath, aside);
  } catch {
    return false;
  }
  let text = '';
  try {
    text = fs.readFileSync(aside, 'utf8');
  } catch {
    /* vanished: nothing to restore */
  }
  if (text !== seen.text) {
    try {
      fs.linkSync(aside, lockPath); // not ours to remove: put it back unless a newer lock exists
    } catch {
      /* a newer lock is in place */
    }
  }
  try {
    fs.unlinkSync(aside);
  } catch {
    /* already gone */
  }
  return text === seen.text;
}

export interface HeldLock {
  path: string;
  release(): void;
}

/**
 * Takes `lockPath`, waiting up to 2 s for a live writer; a stale lock is
 * broken. Refuses with `state file is being written by process <pid>; try again`.
 */
export function acquireLock(lockPath: string, waitMs: number = LOCK_WAIT_MS): HeldLock {
  const deadline = Date.now() + waitMs;
  const mine = lockOwnerText();
  const held: HeldLock = {
    path: lockPath,
    release() {
      try {
        if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
      } catch {
        /* already gone */
      }
    },
  };
  // The lock appears with its owner already in it (quality R1): the owner is written to a private
  // temporary that is then hard-linked to the lock name, which fails with EEXIST like O_EXCL. Creating
  // the lock empty and writing the pid after left, when the writer died in between, a lock without a
  // pid that blocked every save for 60 s. A dead writer's temporary is removed by the next load
  // (`.<name>.lock.tmp-<pid>-<random>`, companions.ts temporariesOf).
  const tmp = tempPathFor(lockPath);
  let linkable = true;
  try {
    fs.writeFileSync(tmp, mine, { flag: 'wx' });
  } catch {
    linkable = false;
  }
  try {
    for (;;) {
      if (tryCreate(lockPath, mine, tmp, linkable)) return held;
      if (removeLockIfStale(lockPath)) continue;
      if (Date.now() >= deadline) {
        const owner = parseLockOwner(readLock(lockPath)?.text ?? '');
        throw new WizardError('busy', `state file is being written by process ${owner.pid ?? 'unknown'}; try again`);
      }
      sleepSync(POLL_MS);
    }
  } finally {
    if (linkable) {
      try {
        fs.unlinkSync(tmp);
      } catch {
        /* gone */
      }
    }
  }
}

/** One attempt to create the lock; false when it exists. */
function tryCreate(lockPath: string, mine: string, tmp: string, linkable: boolean): boolean {
  if (linkable) {
    try {
      fs.linkSync(tmp, lockPath);
      return true;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      // A file system without hard links: fall back to O_EXCL below.
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
    }
  }
  try {
    const fd = fs.openSync(lockPath, 'wx');
    try {
      fs.writeSync(fd, mine);
    } finally {
      fs.closeSync(fd);
    }
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return false;
  }
}
