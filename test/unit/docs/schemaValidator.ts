// The generated JSON Schemas (schemas/*.json, scripts/schemas/generate.ts) loaded into ajv, a standard validator:
// what an editor or a script using them would see.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { REPO_ROOT } from '../../helpers/tempDirs';

export { REPO_ROOT };

const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, allowUnionTypes: true });
const compiled = new Map<string, ValidateFunction>();

/** The committed schema `schemas/<rel>` as a validator. */
export function schema(rel: string): ValidateFunction {
  let v = compiled.get(rel);
  if (!v) {
    v = ajv.compile(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas', rel), 'utf8')));
    compiled.set(rel, v);
  }
  return v;
}

/** A setting's schema of package.json as a validator (VS Code's own keywords, such as markdownDescription, left out). */
export function settingValidator(setting: object): (data: unknown) => boolean {
  const VSCODE_KEYS = new Set(['markdownDescription', 'patternErrorMessage', 'scope', 'order', 'default']);
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k]) => !VSCODE_KEYS.has(k))
        .map(([k, v]) => [
          k,
          k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, strip(s)])) : strip(v),
        ]),
    );
  };
  const v = ajv.compile(strip(setting) as object);
  return (data) => v(data) === true;
}

/** Null when `data` is valid, else ajv's errors as one line. */
export function problems(rel: string, data: unknown): string | null {
  const v = schema(rel);
  return v(data) ? null : ajv.errorsText(v.errors);
}
