// The writer's lock `<name>.lock` (docs/state-file.md › Files beside a state file): it appears
// complete (hard-linked from a private temporary, or O_EXCL), holding
// `{"pid":…,"host":…,"start":…}`: the writer's pid, host and process start
// time (field 22 of /proc/<pid>/stat, where there is a /proc). The old form
// `<pid>@<hostname>` is still read. A lock has expired when its writer cannot
// be alive:
//   - it is not a regular file (a directory, a symbolic link, dangling or
//     not, a FIFO …): the wizard never makes one;
//   - same host: the pid is gone, or it is alive but started at another
//     time than the writer (a reused pid);
//   - it names no writer (empty, garbage) and is older than 60 s or dated
//     in the future;
//   - another host: older than 60 s, or dated more than 60 s in the future.
// Where the wizard cannot decide (a live writer, or a young lock of another
// host), the refusal names the lock file and says when removing it is safe.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WizardError } from '../core/types';
import { tempPathFor, uniqueSuffix } from './companions';

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

/**
 * When process `pid` started, as field 22 of /proc/<pid>/stat (clock ticks
 * since boot), or null where there is no /proc or the process is gone.
 */
export function processStartTime(pid: number | 'self'): string | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces or ')': the fields after the last ')'.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const start = rest[22 - 3];
  return start && /^\d+$/.test(start) ? start : null;
}

let ownStart: string | null | undefined;
function ownStartTime(): string | null {
  if (ownStart === undefined) ownStart = processStartTime('self');
  return ownStart;
}

export function lockOwnerText(): string {
  return JSON.stringify({ pid: process.pid, host: os.hostname(), start: ownStartTime() });
}

export interface LockOwner {
  pid: number | null;
  host: string | null;
  /** The writer's process start time, when the lock records one. */
  start: string | null;
}

export function parseLockOwner(text: string): LockOwner {
  const t = text.trim();
  if (t.startsWith('{')) {
    try {
      const o = JSON.parse(t) as Record<string, unknown>;
      const pid = typeof o.pid === 'number' && Number.isSafeInteger(o.pid) && o.pid > 0 ? o.pid : null;
      const host = typeof o.host === 'string' ? o.host : null;
      const start = typeof o.start === 'string' && /^\d+$/.test(o.start) ? o.start : null;
      return pid === null || host === null ? { pid: null, host: null, start: null } : { pid, host, start };
    } catch {
      return { pid: null, host: null, start: null };
    }
  }
  const m = /^(\d+)@(.*)$/s.exec(t);
  if (!m) return { pid: null, host: null, start: null };
  return { pid: Number(m[1]), host: m[2]!, start: null };
}

/** Can the writer of this lock still be running? `ageMs` is the lock file's age (negative: dated in the future). */
export function isLockStale(
  owner: LockOwner,
  ageMs: number,
  now: { host: string; startOf: (pid: number) => string | null; alive: (pid: number) => boolean } = LOCAL,
): boolean {
  if (owner.pid === null) return ageMs > STALE_FOREIGN_MS || ageMs < 0; // garbage or empty: no writer makes one now
  if (owner.host === now.host) {
    if (!now.alive(owner.pid)) return true;
    // Alive: the same process only if it started when the writer did (a reused pid did not).
    if (owner.start === null) return false;
    const start = now.startOf(owner.pid);
    return start !== null && start !== owner.start;
  }
  return ageMs > STALE_FOREIGN_MS || ageMs < -STALE_FOREIGN_MS;
}

const LOCAL = {
  get host() {
    return os.hostname();
  },
  startOf: (pid: number) => processStartTime(pid),
  alive: isPidAlive,
};

/** What is at the lock path: a lock file's text and age, something that is not a lock file, or nothing. */
type LockSeen =
  { kind: 'file'; text: string; ageMs: number } | { kind: 'other'; what: 'directory' | 'link' | 'special'; empty: boolean } | null;

function readLock(lockPath: string): LockSeen {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(lockPath);
  } catch {
    return null;
  }
  if (st.isSymbolicLink()) return { kind: 'other', what: 'link', empty: true };
  if (st.isDirectory()) {
    let empty = false;
    try {
      empty = fs.readdirSync(lockPath).length === 0;
    } catch {
      /* cannot tell: not empty */
    }
    return { kind: 'other', what: 'directory', empty };
  }
  if (!st.isFile()) return { kind: 'other', what: 'special', empty: true };
  try {
    // Non-blocking and without following a link that replaced the file meanwhile.
    const fd = fs.openSync(lockPath, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOFOLLOW ?? 0));
    try {
      const fst = fs.fstatSync(fd);
      if (!fst.isFile()) return { kind: 'other', what: 'special', empty: true };
      const buf = Buffer.alloc(Math.min(fst.size, 4096));
      const n = fs.readSync(fd, buf, 0, buf.length, 0);
      return { kind: 'file', text: buf.toString('utf8', 0, n), ageMs: Date.now() - fst.mtimeMs };
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
}

/**
 * Removes what sits at the lock path without being a lock the wizard makes:
 * a symbolic link (the link itself, never its target), an empty directory,
 * a FIFO or device node. A directory with files in it is left alone (false).
 */
function removeNonLock(lockPath: string, seen: Extract<LockSeen, { kind: 'other' }>): boolean {
  try {
    if (seen.what === 'directory') {
      if (!seen.empty) return false;
      fs.rmdirSync(lockPath);
    } else fs.unlinkSync(lockPath);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes the lock when it is stale. It is first renamed to a private name
 * and its content compared, so that a lock another process took meanwhile is
 * put back instead of being deleted.
 */
export function removeLockIfStale(lockPath: string): boolean {
  return removeStale(lockPath) === true;
}

/**
 * Errors that say the folder cannot be written at all (a read-only mount, no permission): a stale lock there can
 * never be removed, and waiting for it would only end in naming a writer that is gone.
 */
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM']);

/** removeLockIfStale, with the error that kept a stale lock in place when the folder cannot be written. */
function removeStale(lockPath: string): boolean | NodeJS.ErrnoException {
  const seen = readLock(lockPath);
  if (!seen) return false;
  if (seen.kind === 'other') return removeNonLock(lockPath, seen);
  if (!isLockStale(parseLockOwner(seen.text), seen.ageMs)) return false;
  const aside = path.join(path.dirname(lockPath), `.${path.basename(lockPath)}.stale-${process.pid}-${uniqueSuffix()}`);
  try {
    fs.renameSync(lockPath, aside);
  } catch (e) {
    return UNWRITABLE.has((e as NodeJS.ErrnoException).code ?? '') ? (e as NodeJS.ErrnoException) : false;
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
 * broken. Refuses with `state file is being written by process <pid>; try again`;
 * a stale lock in a folder that cannot be written (read-only, no permission)
 * throws the file system's error instead (the caller names the file).
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
      const removed = removeStale(lockPath);
      // A read-only file system: the write cannot happen, whoever held the lock; its own error says so.
      if (removed instanceof Error) throw removed;
      if (removed) continue;
      if (Date.now() >= deadline) throw new WizardError('busy', busyMessage(lockPath, readLock(lockPath)));
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

/**
 * The refusal when the lock cannot be taken: who holds it, and the file to
 * remove when that writer is known not to run (the lock only keeps two saves
 * from overlapping: removing it touches no state file).
 */
function busyMessage(lockPath: string, seen: LockSeen): string {
  if (seen && seen.kind === 'other') {
    return `state file is locked by ${lockPath}, which is a ${seen.what === 'directory' ? 'directory with files in it' : 'file the wizard did not make'}; remove it (the wizard never makes one, so no save is using it) and try again`;
  }
  const owner = seen && seen.kind === 'file' ? parseLockOwner(seen.text) : { pid: null, host: null, start: null };
  const who =
    owner.pid === null
      ? 'process unknown'
      : `process ${owner.pid}${owner.host && owner.host !== os.hostname() ? ` on host ${owner.host}` : ''}`;
  return `state file is being written by ${who}; try again. If no okstra-wizard or okstra extension is running ${owner.host && owner.host !== os.hostname() ? `on ${owner.host}` : 'there'}, remove ${lockPath}: it only keeps two saves from overlapping, and removing it changes no state file`;
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
