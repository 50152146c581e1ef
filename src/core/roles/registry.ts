// The model registry (docs/profiles.md › Models and providers): the built-in YAML
// shipped with the extension merged with config.yaml `providers` / `models`.

import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';
import { FileError } from '../types';
import type { ModelDecl, ProjectConfig, ProviderDecl } from '../ports';
import { parseWithSchema, YamlSource } from '../files/fileErrors';
import { pyReprString } from '../pyRepr';
import { PrebuiltParses } from './parseCache';

export interface ProviderEntry {
  id: string;
  display: string;
  cli: string;
  enabled: boolean;
}

export interface ModelEntry {
  /** `<provider>/<model>`. */
  ref: string;
  providerId: string;
  /** The part after the first `/`. */
  modelName: string;
  display: string;
  aliases: string[];
  roles: '*' | string[];
  defaultFor: string[];
}

export interface Registry {
  providers: Map<string, ProviderEntry>;
  /** Registry order is the pool's order. */
  models: ModelEntry[];
}

const MODEL_REF = /^[a-z0-9][a-z0-9_-]*\/[^\s/][^\s]*$/;
const roleName = lazySchema(() => z.string().check(z.regex(/^[a-z][a-z0-9-]*$/, { error: 'must be a role name ([a-z][a-z0-9-]*)' })));

const providerSchema = lazySchema(() =>
  z.strictObject({
    display: z.optional(z.string()),
    cli: z.optional(z.string().check(z.minLength(1, { error: 'must not be empty' }))),
    enabled: z.optional(z.boolean()),
  }),
);

const modelSchema = lazySchema(() =>
  z.strictObject({
    ref: z.string().check(z.regex(MODEL_REF, { error: "must be '<provider>/<model>'" })),
    display: z.optional(z.string()),
    aliases: z.optional(z.array(z.string().check(z.minLength(1, { error: 'must not be empty' })))),
    roles: z.optional(z.union([z.literal('*'), z.array(roleName)], { error: "must be '*' or a list of roles" })),
    defaultFor: z.optional(z.array(roleName)),
  }),
);

const registrySchema = lazySchema(() =>
  z.strictObject({
    providers: z.record(
      z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]*$/, { error: 'must be a provider id ([a-z0-9][a-z0-9_-]*)' })),
      providerSchema,
    ),
    models: z.array(modelSchema),
  }),
);

function providerEntry(id: string, decl: ProviderDecl, base?: ProviderEntry): ProviderEntry {
  return {
    id,
    display: decl.display ?? base?.display ?? id,
    cli: decl.cli ?? base?.cli ?? id,
    enabled: decl.enabled ?? base?.enabled ?? true,
  };
}

function modelEntry(decl: ModelDecl, base?: ModelEntry): ModelEntry {
  const slash = decl.ref.indexOf('/');
  return {
    ref: decl.ref,
    providerId: decl.ref.slice(0, slash),
    modelName: decl.ref.slice(slash + 1),
    display: decl.display ?? base?.display ?? decl.ref,
    aliases: decl.aliases ?? base?.aliases ?? [],
    roles: decl.roles ?? base?.roles ?? '*',
    defaultFor: decl.defaultFor ?? base?.defaultFor ?? [],
  };
}

/** Registries parsed at build time (src/core/roles/builtinData.ts), by path; used only for the same text. */
export const prebuiltRegistries = new PrebuiltParses<Registry>();

/** Parses `profiles/registry.yaml` (or any registry text); errors are FileErrors. */
export function parseRegistry(path: string, text: string): Registry {
  return prebuiltRegistries.get(path, text) ?? parseRegistryText(path, text);
}

function parseRegistryText(path: string, text: string): Registry {
  const source = new YamlSource(path, text);
  const data = parseWithSchema(source, registrySchema);
  const providers = new Map<string, ProviderEntry>();
  for (const [id, decl] of Object.entries(data.providers)) providers.set(id, providerEntry(id, decl));
  const models: ModelEntry[] = [];
  const seen = new Set<string>();
  data.models.forEach((decl, i) => {
    if (seen.has(decl.ref)) throw source.error(['models', i, 'ref'], `duplicate model ${pyReprString(decl.ref)}`);
    seen.add(decl.ref);
    const entry = modelEntry(decl);
    if (!providers.has(entry.providerId)) {
      throw source.error(['models', i, 'ref'], `unknown provider ${pyReprString(entry.providerId)}`);
    }
    models.push(entry);
  });
  return { providers, models };
}

/**
 * Built-in registry merged with the project's config (docs/profiles.md › Models and providers): providers
 * merge key by key; a project model with a built-in ref takes that model's
 * place (its keys over the built-in ones), other project models follow in the
 * order written. `registry.replaceBuiltins` uses the project's alone.
 */
export function mergeRegistry(builtin: Registry, config: ProjectConfig | null): Registry {
  if (!config) return builtin;
  const replace = config.registry?.replaceBuiltins === true;
  const providers = new Map<string, ProviderEntry>(replace ? [] : builtin.providers);
  for (const [id, decl] of Object.entries(config.providers ?? {})) {
    providers.set(id, providerEntry(id, decl, providers.get(id)));
  }
  const models: ModelEntry[] = replace ? [] : builtin.models.slice();
  const index = new Map(models.map((m, i) => [m.ref, i]));
  (config.models ?? []).forEach((decl, i) => {
    if (!MODEL_REF.test(decl.ref)) {
      throw new FileError({
        path: config.path,
        keyPath: `models[${i}].ref`,
        problem: `must be '<provider>/<model>': ${pyReprString(decl.ref)}`,
      });
    }
    const at = index.get(decl.ref);
    if (at !== undefined) {
      models[at] = modelEntry(decl, models[at]);
    } else {
      index.set(decl.ref, models.length);
      models.push(modelEntry(decl));
    }
  });
  return { providers, models };
}
