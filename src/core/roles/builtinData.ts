// The package's built-in profiles (`profiles/<task type>.md`) and model registry (`profiles/registry.yaml`),
// parsed ahead of time. The build (scripts/builtinData.ts) runs `parseBuiltins` over the shipped files and writes
// the result next to the CLI's bundles; a process then `installBuiltins` it (src/host/prebuilt.ts), so that it does
// not parse the same YAML again (docs/performance.md › Start-up). The workspace still reads the files, and a
// prebuilt value is used only for exactly the text it was parsed from: a different text, a user's override or a
// broken file is parsed as before, with the same result and the same errors.

import { parseRegistry, prebuiltRegistries, type ModelEntry, type ProviderEntry } from './registry';
import { parseRoleProfile, prebuiltProfiles, profileKey, type RoleProfile } from './roleProfile';

/** A file of the built-in `profiles/` folder: its name there and its text. */
export interface BuiltinSource {
  name: string;
  text: string;
}

/** Plain data (JSON): what parsing the built-in files gave, with the texts they were parsed from. */
export interface BuiltinData {
  registry: { path: string; text: string; providers: ProviderEntry[]; models: ModelEntry[] } | null;
  profiles: Array<{ taskType: string; path: string; text: string; value: RoleProfile }>;
}

const PROFILE_FILE = /^([a-z][a-z0-9-]*)\.md$/;

/**
 * Parses the built-in files the way the engine does (`profiles/<name>` as the path, the file's type as the
 * expected task type). A file that does not parse is left out: at run time it is parsed, and fails, as before.
 */
export function parseBuiltins(files: readonly BuiltinSource[]): BuiltinData {
  const data: BuiltinData = { registry: null, profiles: [] };
  for (const { name, text } of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = `profiles/${name}`;
    try {
      if (name === 'registry.yaml') {
        const registry = parseRegistry(path, text);
        data.registry = { path, text, providers: [...registry.providers.values()], models: registry.models };
        continue;
      }
      const type = PROFILE_FILE.exec(name)?.[1];
      if (type !== undefined) data.profiles.push({ taskType: type, path, text, value: parseRoleProfile(path, text, type) });
    } catch {
      // not prebuilt: the run-time parse reports it
    }
  }
  return data;
}

/** Makes the parsers return these values for these exact texts. */
export function installBuiltins(data: BuiltinData): void {
  if (data.registry) {
    const { path, text, providers, models } = data.registry;
    prebuiltRegistries.add(path, text, { providers: new Map(providers.map((p) => [p.id, p])), models });
  }
  for (const p of data.profiles) prebuiltProfiles.add(profileKey(p.path, p.taskType), p.text, p.value);
}
