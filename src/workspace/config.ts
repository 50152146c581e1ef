// .okstra/config.yaml (docs/okstra-files.md › config.yaml): unknown keys and wrong
// types are file errors; the pool-dependent checks (model refs) are the core's.

import type { ProjectConfig } from '../core/ports';
import { readYamlMapping, stripBom } from '../core/files';
import { configSchema } from './schemas';

/** Parses config text; throws FileError naming the file, line, column and key. */
export function parseConfig(text: string, shownPath: string): ProjectConfig {
  const parsed = readYamlMapping(configSchema, stripBom(text), shownPath, 'config must be a mapping');
  const out: ProjectConfig = { path: shownPath };
  // Copy only the keys that are set, so that consumers can test with `in`/`!== undefined` alike.
  for (const [k, v] of Object.entries(parsed)) {
    if (v !== undefined) (out as unknown as Record<string, unknown>)[k] = v;
  }
  return out;
}
