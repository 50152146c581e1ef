// persistActions (wizard.md › confirmationText and persistActions): applied
// when Run starts. `set-config` sets one key of `.okstra/config.yaml`, keeping
// the rest of the YAML document (comments, order, formatting) as it was.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseDocument } from 'yaml';
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
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Error(`${action.file}: ${doc.errors[0].message}`);
  // An empty or comment-only file has no map to set the key in.
  if (doc.contents === null) doc.contents = doc.createNode({}) as never;
  doc.set(action.key, action.value);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, doc.toString({ flowCollectionPadding: false }));
  fs.renameSync(tmp, file);
  return `${action.file}: ${action.key} = ${action.value}`;
}
