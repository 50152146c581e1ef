// Edits of `.okstra/config.yaml` (docs/okstra-files.md › config.yaml): one key set through the yaml library's
// Document model, never by splicing text, so a value can never become YAML of its own (a key, a second
// document). Comments and the other keys stay as they are; the edited text is parsed again before it is
// written, and refused (nothing written) unless the key reads back as exactly the value and every other key
// is unchanged. The file keeps its BOM and its line endings (CRLF stays CRLF). The write is checked like a
// state file's (src/store/atomicWrite.ts writeChecked): under the file's lock, the bytes on disk must still be
// the bytes read, or the edit is refused (`stale-state`) and the other writer's edit is kept.
import { isDeepStrictEqual } from 'node:util';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMap, isScalar, parseDocument, type Document } from 'yaml';
import { pyReprString } from '../core/pyRepr';
import { FileError, WizardError } from '../core/types';
import { MAX_YAML_CHARS, readFailure, writeFailure } from '../core/files';
import { readBytesIfExists, sha256Hex, writeChecked } from './atomicWrite';

/** A key path: `['prTemplate']` for a top-level key, `['teams', 'payments']` for a nested one. */
type ConfigKeyPath = readonly string[];

function refused(shownFile: string, problem: string): FileError {
  return new FileError({ path: shownFile, problem });
}

function parsed(text: string, shownFile: string): Document {
  if (text.length > MAX_YAML_CHARS) throw refused(shownFile, `is over ${MAX_YAML_CHARS} characters (1 MiB); it is not edited`);
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) throw refused(shownFile, `is not valid YAML (${doc.errors[0]!.message.split('\n')[0]}); it is not edited`);
  return doc;
}

/** `data` (plain YAML data) with `keyPath` set to `value`, as the edit must leave it. */
function withKey(data: unknown, keyPath: ConfigKeyPath, value: unknown): unknown {
  const [head, ...rest] = keyPath as [string, ...string[]];
  const base = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(base))
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  const next = rest.length === 0 ? value : withKey(base[head], rest, value);
  Object.defineProperty(out, head, { value: next, enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * Every mapping above the key exists: a key left without a value (`teams:`, what deleting the last team leaves)
 * becomes an empty mapping; a key holding anything else (a list, a word) is refused naming it.
 */
function makeParents(doc: Document, keyPath: ConfigKeyPath, shownFile: string): void {
  for (let i = 1; i < keyPath.length; i++) {
    const parent = keyPath.slice(0, i);
    const node = doc.getIn(parent, true);
    if (node === undefined || isMap(node)) continue;
    if (isScalar(node) && node.value === null) {
      // The comment on the empty key (`teams: ~ # none yet`) stays with the mapping that replaces it.
      const map = doc.createNode({});
      map.comment = node.comment;
      doc.setIn(parent, map);
      continue;
    }
    throw refused(
      shownFile,
      `${pyReprString(parent.join('.'))} is not a mapping, so ${pyReprString(keyPath.join('.'))} cannot be set; it is not edited`,
    );
  }
}

/**
 * `text` (a config.yaml, possibly empty) with `keyPath` set to `value`. Throws a FileError naming `shownFile`
 * when the file is not one YAML mapping, or when the edit would not read back exactly (a value YAML cannot hold,
 * an alias of the replaced value elsewhere).
 */
export function setYamlKey(text: string, keyPath: ConfigKeyPath, value: unknown, shownFile: string): string {
  if (keyPath.length === 0 || keyPath.some((k) => typeof k !== 'string' || k === '')) {
    throw new WizardError('internal', `config key path must be non-empty names: ${JSON.stringify(keyPath)}`);
  }
  const doc = parsed(text, shownFile);
  if (doc.contents !== null && !isMap(doc.contents)) {
    throw refused(shownFile, `is not a mapping of keys, so ${pyReprString(keyPath.join('.'))} cannot be set; it is not edited`);
  }
  const before = doc.toJS({ maxAliasCount: -1 }) as unknown;
  if (doc.contents === null) doc.contents = doc.createNode({}) as never;
  makeParents(doc, keyPath, shownFile);
  doc.setIn([...keyPath], doc.createNode(value));
  let next: string;
  try {
    next = doc.toString({ lineWidth: 0, flowCollectionPadding: false });
  } catch {
    // An alias of the replaced value elsewhere in the file: it would lose its anchor.
    next = '';
  }
  // The file's own BOM and line endings: the library writes neither.
  if (next !== '' && /\r\n/.test(text) && !/(^|[^\r])\n/.test(text)) next = next.replace(/\n/g, '\r\n');
  if (next !== '' && text.startsWith('\uFEFF')) next = `\uFEFF${next}`;
  // What is written is UTF-8: check the text as it will be read back (a lone surrogate would not survive).
  const reread = parseDocument(Buffer.from(next, 'utf8').toString('utf8'), { uniqueKeys: true });
  const after = next !== '' && reread.errors.length === 0 ? (reread.toJS({ maxAliasCount: -1 }) as unknown) : undefined;
  if (after === undefined || !isDeepStrictEqual(after, withKey(before, keyPath, value))) {
    const shown = typeof value === 'string' ? pyReprString(value) : JSON.stringify(value);
    throw refused(shownFile, `${pyReprString(keyPath.join('.'))} cannot be set to ${shown} without changing other keys; it is not edited`);
  }
  return next;
}

/** How setConfigKey is told about the file. */
interface SetConfigKeyOptions {
  /** How the file is named in messages (default: its absolute path). */
  shownPath?: string;
  /**
   * Called with the data of the file as read (null when missing or empty) before anything is written; it may
   * throw to refuse the edit (a team that appeared since the caller planned it). What it saw is what is
   * replaced: the write is refused when the file changed after this read.
   */
  check?: (data: unknown) => void;
}

/**
 * Sets one key of a YAML config file (`.okstra/config.yaml`) and writes it atomically through the store's checked
 * write; the folder is created when missing. The file is read as UTF-8; a missing file starts empty. A file
 * changed on disk (or created) since it was read is refused with code `stale-state`, nothing written.
 * Returns the text written.
 */
export function setConfigKey(fileAbs: string, keyPath: ConfigKeyPath, value: unknown, options: SetConfigKeyOptions = {}): string {
  const shown = options.shownPath ?? fileAbs;
  let bytes: Buffer | null;
  try {
    bytes = readBytesIfExists(fileAbs, shown);
  } catch (e) {
    throw readFailure(shown, e);
  }
  const text = bytes === null ? '' : bytes.toString('utf8');
  if (options.check) options.check(text === '' ? null : (parsed(text, shown).toJS({ maxAliasCount: -1 }) as unknown));
  const next = setYamlKey(text, keyPath, value, shown);
  try {
    fs.mkdirSync(path.dirname(fileAbs), { recursive: true });
  } catch (e) {
    throw readFailure(path.dirname(shown), e);
  }
  try {
    writeChecked({
      target: fileAbs,
      bytes: Buffer.from(next, 'utf8'),
      expected: [{ path: fileAbs, sha256: bytes === null ? null : sha256Hex(bytes) }],
      lockPath: `${fileAbs}.lock`,
      shownPath: shown,
    });
  } catch (e) {
    if (e instanceof WizardError && e.code === 'stale-state') {
      throw new WizardError('stale-state', `${shown}: changed on disk since it was read; nothing was written (try again)`);
    }
    if (e instanceof WizardError) throw e;
    throw writeFailure(shown, e);
  }
  return next;
}
