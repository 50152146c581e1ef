// .okstra/config.yaml (workspace.md › config.yaml): unknown keys and wrong
// types are file errors; the pool-dependent checks (model refs) are the core's.

import type { ProjectConfig } from '../core/ports';
import { FileError } from '../core/types';
import { describeValue, parseYamlText, validateYaml } from './fileErrors';
import { configSchema } from './schemas';

/** Parses config text; throws FileError naming the file, line, column and key. */
export function parseConfig(text: string, shownPath: string): ProjectConfig {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const { value, src } = parseYamlText(body, shownPath);
  const data = value === null || value === undefined ? {} : value;
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new FileError({ path: shownPath, line: 1, column: 1, problem: `config must be a mapping, got ${describeValue(data)}` });
  }
  const parsed = validateYaml(configSchema, data, src);
  const out: ProjectConfig = { path: shownPath };
  // Copy only the keys that are set, so that consumers can test with `in`/`!== undefined` alike.
  for (const [k, v] of Object.entries(parsed)) {
    if (v !== undefined) (out as unknown as Record<string, unknown>)[k] = v;
  }
  return out;
}
