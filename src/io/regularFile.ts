// The one way every reader of the product opens a file: non-blocking, fstat
// before reading, refusing anything that is not a regular file (a FIFO would
// block forever, a device never ends). The caller passes its `fs` module (or,
// in tests, one that fails on purpose) as FileSystemCalls. The lowest layer
// that does I/O: src/workspace and src/store both read through it. The same
// read exists without blocking the caller's thread (readRegularFileTextAsync),
// for the extension's views, which must never hold up the extension host, and with the stamp of the bytes read
// (readRegularFileStamped), for the task catalogue's cold scan.

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

/** The node:fs callback calls the asynchronous reader needs (structurally: `import * as fs from 'node:fs'` fits). */
interface AsyncFileSystemCalls {
  open(path: string, flags: number, callback: (err: NodeJS.ErrnoException | null, fd: number) => void): void;
  fstat(fd: number, callback: (err: NodeJS.ErrnoException | null, st: FileKind & { size: number }) => void): void;
  read(
    fd: number,
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number | null,
    callback: (err: NodeJS.ErrnoException | null, bytesRead: number) => void,
  ): void;
  close(fd: number, callback: (err: NodeJS.ErrnoException | null) => void): void;
  constants: FileSystemCalls['constants'];
}

/** Largest file any reader accepts: 64 MiB (okstra's files are kilobytes; a bigger one is not one of them). */
const MAX_READ_BYTES = 64 * 1024 * 1024;

/** Non-blocking (a FIFO must not hang the open), no controlling terminal (a tty must not become one). */
function openFlags(constants: FileSystemCalls['constants']): number {
  return constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
}

/** What fstat says against reading the file: not a regular one, or bigger than the limit; null when it may be read. */
function statProblem(st: FileKind & { size: number }): string | null {
  if (!st.isFile()) return notRegularProblem(st);
  if (st.size > MAX_READ_BYTES) return `the file is ${st.size} bytes; the limit is ${MAX_READ_BYTES} (64 MiB)`;
  return null;
}

function grewTooBig(shownPath: string): FileError {
  return new FileError({ path: shownPath, problem: `the file is more than ${MAX_READ_BYTES} bytes (64 MiB)` });
}

/**
 * The chunks of one read: the first one byte bigger than fstat's size (a short read is the end of the file), then
 * 64 KiB more at a time while the file grows, up to the limit.
 */
class Chunks {
  private readonly chunks: Uint8Array[] = [];
  private total = 0;
  private want: number;

  constructor(
    size: number,
    private readonly shown: () => string,
  ) {
    this.want = size + 1;
  }

  /** The buffer the next chunk is read into. */
  next(): Uint8Array {
    return new Uint8Array(this.want);
  }

  /** `buf` was read with `got` bytes; false at the end of the file. */
  filled(buf: Uint8Array, got: number): boolean {
    this.chunks.push(got === buf.length ? buf : buf.subarray(0, got));
    this.total += got;
    if (got < buf.length) return false;
    if (this.total > MAX_READ_BYTES) throw grewTooBig(this.shown());
    this.want = 64 * 1024;
    return true;
  }

  bytes(): Uint8Array {
    if (this.chunks.length === 1) return this.chunks[0]!;
    const out = new Uint8Array(this.total);
    let off = 0;
    for (const c of this.chunks) {
      out.set(c, off);
      off += c.length;
    }
    return out;
  }
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const decodeUtf8 = (bytes: Uint8Array): string => utf8.decode(bytes);

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
    fd = fs.openSync(absPath, openFlags(fs.constants));
  } catch (e) {
    if (isMissingError(e)) return null;
    throw readFailure(shownPath, e);
  }
  try {
    const st = fs.fstatSync(fd);
    const problem = statProblem(st);
    if (problem) throw new FileError({ path: shownPath, problem });
    const chunks = new Chunks(st.size, () => shownPath);
    for (let more = true; more;) {
      const buf = chunks.next();
      let got = 0;
      let n: number;
      do {
        n = fs.readSync(fd, buf, got, buf.length - got, null);
        got += n;
      } while (n > 0 && got < buf.length);
      more = chunks.filled(buf, got);
    }
    return chunks.bytes();
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
  return bytes === null ? null : decodeUtf8(bytes);
}

function callback<T>(run: (done: (err: NodeJS.ErrnoException | null, value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => run((err, value) => (err ? reject(err) : resolve(value))));
}

/**
 * readRegularFileText without blocking the caller: the same checks and errors (null for no file, a FileError for
 * anything that is not a regular file or cannot be read), each file-system call on libuv's threads. `shown` gives
 * the path an error names (asked only for an error: a scan reads thousands of good files).
 */
export async function readRegularFileTextAsync(fs: AsyncFileSystemCalls, absPath: string, shown: () => string): Promise<string | null> {
  let fd: number;
  try {
    fd = await callback<number>((done) => fs.open(absPath, openFlags(fs.constants), done));
  } catch (e) {
    if (isMissingError(e)) return null;
    throw readFailure(shown(), e);
  }
  try {
    const st = await callback<FileKind & { size: number }>((done) => fs.fstat(fd, done));
    const problem = statProblem(st);
    if (problem) throw new FileError({ path: shown(), problem });
    const chunks = new Chunks(st.size, shown);
    for (let more = true; more;) {
      const buf = chunks.next();
      let got = 0;
      let n: number;
      do {
        n = await callback<number>((done) => fs.read(fd, buf, got, buf.length - got, null, done));
        got += n;
      } while (n > 0 && got < buf.length);
      more = chunks.filled(buf, got);
    }
    return decodeUtf8(chunks.bytes());
  } catch (e) {
    throw readFailure(shown(), e);
  } finally {
    fs.close(fd, () => undefined);
  }
}

/** What a reader compares to know that a file it read is unchanged (the catalogue's manifests and folders). */
export interface FileStamp {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
}

export function fileStampOf(st: { mtimeMs: number; ctimeMs: number; size: number }): FileStamp {
  return { mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, size: st.size };
}

/** The node:fs calls the stamped read needs (structurally: `import * as fs from 'node:fs'` fits). */
interface StampedFileSystemCalls {
  openSync(path: string, flags: number): number;
  fstatSync(fd: number): FileKind & FileStamp;
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number;
  closeSync(fd: number): void;
  constants: FileSystemCalls['constants'];
}

/** The bytes of one file at a time (a scan reads synchronously, one file after another); a bigger file gets its own buffer. */
const scratch = new Uint8Array(64 * 1024);

/**
 * A file's text and stamp from one open file (open, fstat, one read, close): a cold scan of 10,000 task manifests
 * saves a path lookup and a read per file over stat + read (docs/performance.md P3), and the stamp is that of the
 * bytes read. `missing`: no such file. `notRegular`: a FIFO, device, socket or directory (why, in words).
 * `fallback`: any other failure (or a file over the limit); the caller takes readRegularFileText, whose error names
 * the problem.
 */
export function readRegularFileStamped(
  fs: StampedFileSystemCalls,
  absPath: string,
): { stamp: FileStamp; text: string } | { stamp: FileStamp; notRegular: string } | 'missing' | 'fallback' {
  let fd: number;
  try {
    fd = fs.openSync(absPath, openFlags(fs.constants));
  } catch (e) {
    return isMissingError(e) ? 'missing' : 'fallback';
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { stamp: fileStampOf(st), notRegular: notRegularProblem(st) };
    if (statProblem(st)) return 'fallback';
    // One byte more than the size: a short read is the end of the file.
    const want = st.size + 1;
    const buf = want <= scratch.length ? scratch : new Uint8Array(want);
    let got = 0;
    let n: number;
    do {
      n = fs.readSync(fd, buf, got, want - got, null);
      got += n;
    } while (n > 0 && got < want);
    // A full one: the file grew since fstat; the whole read of readRegularFileText (the stamp is older, so the next
    // scan reads it again).
    if (got === want) return 'fallback';
    return { stamp: fileStampOf(st), text: decodeUtf8(buf.subarray(0, got)) };
  } catch {
    return 'fallback';
  } finally {
    try {
      fs.closeSync(fd);
    } catch {
      // The text is read; a failing close changes nothing for the scan.
    }
  }
}
