// The one way every reader of the product opens a file: non-blocking, fstat
// before reading, refusing anything that is not a regular file (a FIFO would
// block forever, a device never ends). The caller passes its `fs` module (or,
// in tests, one that fails on purpose) as FileSystemCalls. The lowest layer
// that does I/O: src/workspace and src/store both read through it.

import { isMissingError, notRegularProblem, readFailure, type FileKind } from '../core/files';
import { FileError } from '../core/types';

/** The node:fs calls a reader needs (structurally: `import * as fs from 'node:fs'` fits). */
export interface FileSystemCalls {
  /** When given, asked first whether the file exists (`throwIfNoEntry: false`), which costs no exception. */
  statSync?(path: string, options: { throwIfNoEntry: false }): object | undefined;
  openSync(path: string, flags: number): number;
  fstatSync(fd: number): FileKind & { size: number };
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number;
  closeSync(fd: number): void;
  constants: { O_RDONLY: number; O_NONBLOCK?: number; O_NOCTTY?: number };
}

/** Largest file any reader accepts: 64 MiB (okstra's files are kilobytes; a bigger one is not one of them). */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

/**
 * Whether `absPath` names nothing, asked without an exception. Many files a reader looks for are optional and
 * usually absent (a task type's profile override, a plan not approved yet): a failed open makes Node build an
 * Error with its stack, several times the cost of the stat (docs/performance.md › P7: where an answered step's time goes). False whenever the stat
 * cannot tell (an error other than ENOENT): the open then decides, and words its error.
 */
function isSurelyMissing(fs: FileSystemCalls, absPath: string): boolean {
  if (!fs.statSync) return false;
  try {
    return fs.statSync(absPath, { throwIfNoEntry: false }) === undefined;
  } catch {
    return false;
  }
}

/**
 * The bytes of a regular file, or null when there is none (`ENOENT`,
 * `ENOTDIR`). Opened non-blocking and fstat'ed before anything is read: a
 * FIFO, device, socket or directory is a FileError `<path>: not a regular
 * file (a FIFO)` at once, never a hang; any other failure is a FileError
 * naming the file (`cannot read: permission denied (EACCES)`).
 */
export function readRegularFileBytes(fs: FileSystemCalls, absPath: string, shownPath: string): Uint8Array | null {
  if (isSurelyMissing(fs, absPath)) return null;
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
