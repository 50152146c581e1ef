// persistActions (docs/steps.md › The confirmation): applied
// when Run starts. `set-config` sets one top-level key of `.okstra/config.yaml`
// and keeps the rest of the file byte for byte: the value's text is replaced
// in place, or `key: value` is appended. (Re-printing the whole YAML document
// would re-indent maps, fold long strings and move comments: a diff in lines
// the user never touched.)

import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMap, isScalar, parseDocument, stringify, type Document } from 'yaml';
import { writeFileAtomic } from '../../store/atomicWrite';
import type { PersistAction } from '../wizard/session';

export function applyPersistAction(projectRootAbs: string, action: PersistAction): string {
  if (action.action !== 'set-config') throw new Error(`unknown persist action '${action.action}'`);
  const file = path.resolve(projectRootAbs, action.file);
  const rel = path.relative(projectRootAbs, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`${action.file}: persist action outside the project`);
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const next = setTopLevelKey(text, action.key, action.value, action.file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // The store's one write: an exclusive temporary, never through a link, only over a regular file.
  writeFileAtomic(file, next, { shownPath: action.file });
  return `${action.file}: ${action.key} = ${action.value}`;
}

/** One YAML scalar as it would be written after `key: ` (quoted only when it must be, never folded). */
function scalarText(value: string): string {
  return stringify(value, { lineWidth: 0 }).replace(/\n$/, '');
}

/** `text` with the top-level `key` set to `value`; everything else unchanged. */
export function setTopLevelKey(text: string, key: string, value: string, shownFile: string): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Error(`${shownFile}: ${doc.errors[0].message}`);
  const contents = doc.contents;
  if (contents !== null && !isMap(contents)) throw new Error(`${shownFile}: the document is not a mapping, so '${key}' cannot be set`);
  const pair = contents?.items.find((p) => isScalar(p.key) && p.key.value === key);
  const v = pair?.value;
  // In place: a plain or quoted scalar value (its comment, if any, stays after it).
  if (pair && isScalar(v) && v.range && v.range[1] > v.range[0] && v.type !== 'BLOCK_LITERAL' && v.type !== 'BLOCK_FOLDED') {
    return text.slice(0, v.range[0]) + scalarText(value) + text.slice(v.range[1]);
  }
  // Appended: a missing key of a block mapping (or an empty / comment-only file) in a one-document file.
  const appendable = !pair && (contents === null || !contents.flow) && !/^\.\.\.\s*$/m.test(text);
  if (appendable) {
    const sep = text === '' || text.endsWith('\n') ? '' : '\n';
    return `${text}${sep}${scalarText(key)}: ${scalarText(value)}\n`;
  }
  // Anything else (a flow mapping, an empty or block value, an explicit document end): re-print the document.
  return reprinted(doc, key, value);
}

function reprinted(doc: Document, key: string, value: string): string {
  if (doc.contents === null) doc.contents = doc.createNode({}) as never;
  doc.set(key, value);
  return doc.toString({ flowCollectionPadding: false, lineWidth: 0 });
}
