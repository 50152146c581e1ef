// File-system failures in words, and the one way every reader opens a file:
// non-blocking, fstat before reading, refusing anything that is not a
// regular file (a FIFO would block forever, a device never ends). The core
// holds no fs: the caller passes its `fs` module (or, in tests, one that
// fails on purpose) as FileSystemCalls.

import { FileError } from '../types';

/** The node:fs calls a reader needs (structurally: `import * as fs from 'node:fs'` fits). */
export interface FileSystemCalls {
  openSync(path: string, flags: number): number;
  fstatSync(fd: number): FileKind & { size: number };
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number;
  closeSync(fd: number): void;
  constants: { O_RDONLY: number; O_NONBLOCK?: number; O_NOCTTY?: number };
}

/** What an fs.Stats (or Dirent) says about the kind of file. */
export interface FileKind {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
}

/** `a directory`, `a FIFO`, … for a file that is not a regular one. */
export function kindOf(st: FileKind): string {
  if (st.isFile()) return 'a regular file';
  if (st.isDirectory()) return 'a directory';
  if (st.isSymbolicLink()) return 'a symbolic link';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  return 'not a file';
}

/** `not a regular file (a FIFO)`: the problem for a reader or writer that found one. */
export function notRegularProblem(st: FileKind): string {
  return `not a regular file (${kindOf(st)})`;
}

const WORDS: Record<string, string> = {
  ENOENT: 'not found',
  ENOTDIR: 'not found (a folder on its path is a file)',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'not a regular file (a directory)',
  ELOOP: 'too many levels of symbolic links (a link loop)',
  ENAMETOOLONG: 'the name is too long',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exhausted',
  EROFS: 'the file system is read-only',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  EIO: 'input/output error',
  ENXIO: 'no such device (a socket or a FIFO without a writer)',
  EAGAIN: 'would block (not a regular file)',
  EBUSY: 'the file is busy',
  EXDEV: 'it is on another device',
  ETXTBSY: 'the file is busy',
};

/** A file-system error as words with its code: `permission denied (EACCES)`. */
export function fsErrorProblem(e: unknown): string {
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err?.code === 'string' ? err.code : undefined;
  if (code && WORDS[code]) return `${WORDS[code]} (${code})`;
  if (code) return `${code}: ${String(err.message ?? '')}`.replace(/: $/, '');
  return String(err?.message ?? e);
}

/** Is this the "there is no such file" of an fs call? */
export function isMissingError(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A FileError for a failed read: `<path>: cannot read: permission denied (EACCES)`. */
export function readFailure(shownPath: string, e: unknown): FileError {
  if (e instanceof FileError) return e;
  return new FileError({ path: shownPath, problem: `cannot read: ${fsErrorProblem(e)}` });
}

/** A FileError for a failed write: `<path>: cannot write: no space left on the device (ENOSPC)`. */
export function writeFailure(shownPath: string, e: unknown): FileError {
  if (e instanceof FileError) return e;
  return new FileError({ path: shownPath, problem: `cannot write: ${fsErrorProblem(e)}` });
}

/** Largest file any reader accepts: 64 MiB (okstra's files are kilobytes; a bigger one is not one of them). */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

/**
 * The bytes of a regular file, or null when there is none (`ENOENT`,
 * `ENOTDIR`). Opened non-blocking and fstat'ed before anything is read: a
 * FIFO, device, socket or directory is a FileError `<path>: not a regular
 * file (a FIFO)` at once, never a hang; any other failure is a FileError
 * naming the file (`cannot read: permission denied (EACCES)`).
 */
export function readRegularFileBytes(fs: FileSystemCalls, absPath: string, shownPath: string): Uint8Array | null {
  let fd: number;
  try {
    fd = fs.openSync(absPath, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOCTTY ?? 0));
  } catch (e) {
    if (isMissingError(e)) return null;
    throw readFailure(shownPath, e);
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new FileError({ path: shownPath, problem: notRegularProblem(st) });
    if (st.size > MAX_READ_BYTES)
      throw new FileError({ path: shownPath, problem: `the file is ${st.size} bytes; the limit is ${MAX_READ_BYTES} (64 MiB)` });
    // One byte more than the size: a short read is the end of the file; a file that grows while it is read
    // is read on, in chunks, up to the limit.
    const chunks: Uint8Array[] = [];
    let total = 0;
    let want = st.size + 1;
    for (;;) {
      const buf = new Uint8Array(want);
      let got = 0;
      while (got < want) {
        const n = fs.readSync(fd, buf, got, want - got, null);
        if (n === 0) break;
        got += n;
      }
      chunks.push(got === want ? buf : buf.subarray(0, got));
      total += got;
      if (got < want) break;
      if (total > MAX_READ_BYTES)
        throw new FileError({ path: shownPath, problem: `the file is more than ${MAX_READ_BYTES} bytes (64 MiB)` });
      want = 64 * 1024;
    }
    if (chunks.length === 1) return chunks[0]!;
    const out = new Uint8Array(total);
    let off = 0;
    for (const c of chunks) {
      out.set(c, off);
      off += c.length;
    }
    return out;
  } catch (e) {
    throw readFailure(shownPath, e);
  } finally {
    try {
      fs.closeSync(fd);
    } catch {
      // The bytes are read; a failing close changes nothing for the reader.
    }
  }
}

/** readRegularFileBytes as UTF-8 text, as readFileSync(…, 'utf8') gives it (a BOM kept, invalid sequences replaced). */
export function readRegularFileText(fs: FileSystemCalls, absPath: string, shownPath: string): string | null {
  const bytes = readRegularFileBytes(fs, absPath, shownPath);
  return bytes === null ? null : new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}
