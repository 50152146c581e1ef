// Generates the JSON Schemas of the files and documents people and programs exchange with okstra-wizard, from the
// zod schemas the product validates with (sources.ts), with zod's z.toJSONSchema:
//   schemas/prompt.schema.json          the prompt document of the CLI (docs/protocol.md)
//   schemas/cli/<document>.schema.json  each JSON document the CLI prints (docs/protocol.md)
//   schemas/okstra-config.schema.json   .okstra/config.yaml (docs/profiles.md), contributed to VS Code (yamlValidation)
//   schemas/wizard-state.schema.json    <task-id>.wizard.json (docs/state-file.md), contributed (jsonValidation)
// The generated files are committed (VS Code reads them from the package; a clone has them before any build);
// scripts/build.mjs regenerates them on every build and test/unit/docs/schemas.test.ts fails when a committed file
// differs from what this script generates.
//   node --import tsx scripts/schemas/generate.ts           write schemas/
//   node --import tsx scripts/schemas/generate.ts --check   exit 1 when schemas/ is out of date
// On top of the zod schemas this adds what only the shipped data knows, for completion while editing by hand: the
// built-in providers, model refs, role ids, task types and hosts (as enums where the product accepts nothing
// else, as examples where a project may add its own). The descriptions of the state file's fields are the schema's
// own (src/core/wizard/stateSchema.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod';
import { cli, configSchema, stateFileSchema } from './sources';
import { TASK_TYPE_VALUES } from '../../src/core/types';
import { HOST_IDS, resolveHost } from '../../src/core/roles/hostRegistry';
import { parseRegistry } from '../../src/core/roles/registry';
import { LEADER_REQUIREMENT, parseRoleProfile } from '../../src/core/roles/roleProfile';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const PROFILES = path.join(REPO_ROOT, 'profiles');

// A JSON Schema node as z.toJSONSchema returns it; the generator walks and amends it by key.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = { [key: string]: any };

export interface SchemaFile {
  /** Repository-relative, with '/'. */
  file: string;
  schema: Json;
}

/** What the shipped profiles and the engine know: the values offered for completion. */
export interface KnownValues {
  providers: Array<{ id: string; display: string }>;
  modelRefs: string[];
  roles: string[];
  taskTypes: string[];
  hosts: string[];
  entryModes: string[];
}

export function knownValues(): KnownValues {
  const registry = parseRegistry('profiles/registry.yaml', fs.readFileSync(path.join(PROFILES, 'registry.yaml'), 'utf8'));
  const roles = new Set<string>([LEADER_REQUIREMENT.role]);
  for (const taskType of TASK_TYPE_VALUES) {
    const rel = `profiles/${taskType}.md`;
    for (const r of parseRoleProfile(rel, fs.readFileSync(path.join(REPO_ROOT, rel), 'utf8'), taskType).roles) roles.add(r.role);
  }
  return {
    providers: [...registry.providers.values()].map((p) => ({ id: p.id, display: p.display })),
    modelRefs: registry.models.map((m) => m.ref),
    roles: [...roles].sort(),
    taskTypes: [...TASK_TYPE_VALUES],
    hosts: [...HOST_IDS],
    entryModes: [...new Set(HOST_IDS.flatMap((h) => resolveHost(h).entryModes))].sort(),
  };
}

/** The non-null branch of an optional-or-null property (`anyOf: [X, {type: 'null'}]`), else the node itself. */
function valueBranch(node: Json): Json {
  if (Array.isArray(node.anyOf)) {
    const others = node.anyOf.filter((b: Json) => b.type !== 'null');
    if (others.length === 1) return valueBranch(others[0]);
  }
  return node;
}

function toJson(schema: z.core.$ZodType, io: 'input' | 'output', title: string): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'throw' }) as Json;
  const { $schema, ...rest } = out;
  return { $schema, title, ...rest };
}

function configJson(known: KnownValues): Json {
  const root = toJson(configSchema, 'input', 'okstra project settings (.okstra/config.yaml)');
  const props = root.properties;
  const providers = valueBranch(props.providers);
  providers.properties = Object.fromEntries(
    known.providers.map((p) => [
      p.id,
      { ...providers.additionalProperties, description: `The built-in provider ${p.display}: change how it is shown or started, or turn it off.` },
    ]),
  );
  const defaults = valueBranch(props.modelDefaults);
  valueBranch(defaults.additionalProperties).items.examples = known.modelRefs;
  defaults.properties = Object.fromEntries(
    known.roles.map((role) => [role, { ...defaults.additionalProperties, description: `Default models of the ${role} role, in order of preference.` }]),
  );
  const model = valueBranch(props.models).items.properties;
  model.ref.examples = known.modelRefs;
  const roleLists = [valueBranch(model.roles).anyOf.find((b: Json) => b.type === 'array'), valueBranch(model.defaultFor)];
  for (const list of roleLists) list.items.examples = known.roles;
  return root;
}

/** Every `properties` map under `node` (through anyOf, items and additionalProperties), with its parent's path. */
export function propertyMaps(node: Json, at = ''): Array<{ at: string; properties: Json }> {
  if (node === null || typeof node !== 'object') return [];
  const out: Array<{ at: string; properties: Json }> = [];
  if (node.properties) {
    out.push({ at, properties: node.properties });
    for (const [name, child] of Object.entries<Json>(node.properties)) out.push(...propertyMaps(child, at ? `${at}.${name}` : name));
  }
  for (const branch of node.anyOf ?? []) out.push(...propertyMaps(branch, at));
  if (node.items) out.push(...propertyMaps(node.items, at));
  if (node.additionalProperties && typeof node.additionalProperties === 'object') out.push(...propertyMaps(node.additionalProperties, at));
  return out;
}

function stateJson(known: KnownValues): Json {
  // Every description comes from the schema (src/core/wizard/stateSchema.ts, the one definition of each field).
  const root = toJson(stateFileSchema, 'input', 'okstra-wizard state file (*.wizard.json)');
  for (const { at, properties } of propertyMaps(root)) {
    if (at !== '') continue;
    for (const [name, prop] of Object.entries<Json>(properties)) {
      if (name === 'host_runtime') Object.assign(prop, { type: 'string', enum: known.hosts });
      if (name === 'host_entry_mode') Object.assign(prop, { type: 'string', enum: known.entryModes });
      if (name === 'task_type') Object.assign(prop, { type: 'string', enum: ['', ...known.taskTypes] });
      if (name === 'roleModels' && prop.additionalProperties) prop.additionalProperties.items.examples = known.modelRefs;
      if ((name === 'roleCounts' || name === 'roleModels') && prop.type === 'object') prop.propertyNames = { ...(prop.propertyNames ?? {}), examples: known.roles };
    }
  }
  return root;
}

/** `CurrentDocSchema` → `current`, `RenderArgsDocSchema` → `render-args`. */
function documentName(exportName: string): string {
  return exportName
    .replace(/DocSchema$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

export function generateSchemas(): SchemaFile[] {
  const known = knownValues();
  const files: SchemaFile[] = [
    { file: 'schemas/prompt.schema.json', schema: toJson(cli.PromptSchema, 'output', 'okstra-wizard prompt document') },
  ];
  for (const [name, schema] of Object.entries(cli)) {
    if (!name.endsWith('DocSchema')) continue;
    const doc = documentName(name);
    files.push({ file: `schemas/cli/${doc}.schema.json`, schema: toJson(schema as z.ZodType, 'output', `okstra-wizard output: ${doc} document`) });
  }
  files.push({ file: 'schemas/okstra-config.schema.json', schema: configJson(known) });
  files.push({ file: 'schemas/wizard-state.schema.json', schema: stateJson(known) });
  return files;
}

export function schemaText(schema: Json): string {
  return JSON.stringify(schema, null, 2) + '\n';
}

/** The files under schemas/ that differ from what is generated now (missing, changed or left over). */
export function outOfDate(files: SchemaFile[] = generateSchemas()): string[] {
  const stale: string[] = [];
  const expected = new Set(files.map((f) => f.file));
  for (const f of files) {
    const abs = path.join(REPO_ROOT, f.file);
    if (!fs.existsSync(abs) || fs.readFileSync(abs, 'utf8') !== schemaText(f.schema)) stale.push(f.file);
  }
  const dir = path.join(REPO_ROOT, 'schemas');
  if (fs.existsSync(dir)) {
    for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const file = `schemas/${rel.split(path.sep).join('/')}`;
      if (file.endsWith('.json') && !expected.has(file)) stale.push(file);
    }
  }
  return stale.sort();
}

export function writeSchemas(files: SchemaFile[] = generateSchemas()): string[] {
  const changed = outOfDate(files);
  const expected = new Set(files.map((f) => f.file));
  for (const file of changed) {
    const abs = path.join(REPO_ROOT, file);
    const f = files.find((x) => x.file === file);
    if (!f) {
      if (!expected.has(file)) fs.rmSync(abs);
      continue;
    }
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, schemaText(f.schema));
  }
  return changed;
}

if (require.main === module) {
  if (process.argv.includes('--check')) {
    const stale = outOfDate();
    if (stale.length > 0) {
      console.error(`schemas: out of date: ${stale.join(', ')} (run: node --import tsx scripts/schemas/generate.ts)`);
      process.exit(1);
    }
  } else {
    const changed = writeSchemas();
    if (changed.length > 0) console.log(`schemas: wrote ${changed.join(', ')}`);
  }
}
