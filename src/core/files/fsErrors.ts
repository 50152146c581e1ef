// File-system failures in words: what a kind of file is, and the problem an
// errno stands for. Pure text; the reader that opens files is
// src/io/regularFile.ts (the core does no I/O).

import { FileError } from '../types';

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
