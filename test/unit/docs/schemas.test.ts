// The JSON Schemas of schemas/ are generated from the product's zod schemas (scripts/schemas/generate.ts) and
// committed: they are current, every property is described, the known values are offered, and what the product
// accepts and refuses agrees with what the schema accepts and refuses.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { generateSchemas, knownValues, outOfDate, propertyMaps } from '../../../scripts/schemas/generate';
import { parseConfig } from '../../../src/workspace/config';
import { HOST_IDS } from '../../../src/core/roles/hostRegistry';
import { TASK_TYPE_VALUES } from '../../../src/core/types';
import { problems, REPO_ROOT } from './schemaValidator';
import { contentProblems } from '../../../scripts/packaging';

function filesNamed(dir: string, test: (name: string) => boolean): string[] {
  return fs
    .readdirSync(path.join(REPO_ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((rel) => test(path.basename(rel)))
    .map((rel) => path.join(dir, rel))
    .sort();
}

function configAccepted(text: string): boolean {
  try {
    parseConfig(text, 'config.yaml');
    return true;
  } catch {
    return false;
  }
}

describe('JSON Schemas (schemas/)', () => {
  it('the committed schemas are the ones the zod schemas generate now (run node scripts/build.mjs)', () => {
    assert.deepEqual(outOfDate(), []);
  });

  it('every property of the config and state schemas has a description (hover text)', () => {
    for (const f of generateSchemas().filter((x) => /okstra-config|wizard-state/.test(x.file))) {
      assert.ok(f.schema.description, `${f.file}: no description at the top`);
      for (const { at, properties } of propertyMaps(f.schema)) {
        for (const [name, prop] of Object.entries<any>(properties)) {
          const described = prop.description ?? prop.anyOf?.find((b: any) => b.description)?.description;
          assert.ok(described, `${f.file}: ${at ? at + '.' : ''}${name} has no description`);
        }
      }
    }
  });

  it('offers the known values: hosts, entry modes and task types as enums, providers, roles and models for completion', () => {
    const state = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/wizard-state.schema.json'), 'utf8'));
    const top = propertyMaps(state).filter((m) => m.at === '' && m.properties.host_runtime);
    assert.ok(top.length > 0);
    for (const { properties } of top) {
      assert.deepEqual(properties.host_runtime.enum, [...HOST_IDS]);
      assert.deepEqual(properties.host_entry_mode.enum, ['current-session', 'spawn-process']);
      assert.deepEqual(properties.task_type.enum, ['', ...TASK_TYPE_VALUES]);
    }
    const config = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/okstra-config.schema.json'), 'utf8'));
    const known = knownValues();
    const providers = config.properties.providers.anyOf[0];
    assert.deepEqual(Object.keys(providers.properties), ['claude', 'codex', 'antigravity', 'grok', 'kimi']);
    const defaults = config.properties.modelDefaults.anyOf[0];
    assert.ok(Object.keys(defaults.properties).includes('report-writer'));
    assert.ok(known.roles.includes('leader') && known.roles.includes('analyser'));
    assert.ok(config.properties.models.anyOf[0].items.properties.ref.examples.includes('claude/opus-4.5'));
  });

  it('package.json contributes the config and state schemas to VS Code, and the files exist', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    const [json] = manifest.contributes.jsonValidation;
    const [yaml] = manifest.contributes.yamlValidation;
    assert.equal(json.url, './schemas/wizard-state.schema.json');
    assert.ok(json.fileMatch.includes('*.wizard.json'));
    assert.equal(yaml.url, './schemas/okstra-config.schema.json');
    assert.ok(yaml.fileMatch.includes('**/.okstra/config.yaml'));
    for (const { url } of [json, yaml]) assert.ok(fs.existsSync(path.join(REPO_ROOT, url)), url);
  });

  it('a package without the contributed schemas is refused by the package check', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    const base = [
      'extension.vsixmanifest',
      'extension/package.json',
      'extension/dist/extension.js',
      'extension/dist/engine.js',
      'extension/dist/run-wrapper.js',
      'extension/dist/cli.js',
      'extension/dist/cli-main.js',
      'extension/dist/mcp.js',
      'extension/dist/builtins.json',
    ];
    const schemas = ['extension/schemas/wizard-state.schema.json', 'extension/schemas/okstra-config.schema.json'];
    assert.deepEqual(contentProblems([...base, ...schemas], manifest), []);
    assert.deepEqual(contentProblems(base, manifest), [
      'missing extension/schemas/wizard-state.schema.json: it must not be excluded by .vscodeignore',
      'missing extension/schemas/okstra-config.schema.json: it must not be excluded by .vscodeignore',
    ]);
  });

  describe('config.yaml', () => {
    const files = [...filesNamed('demo', (n) => n === 'config.yaml'), ...filesNamed('test/fixtures', (n) => n === 'config.yaml')];

    it('the schema accepts exactly the config files of the demo and the fixtures that the product accepts', () => {
      assert.ok(files.length >= 5, files.join(', '));
      for (const file of files) {
        const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
        const accepted = configAccepted(text);
        const refusal = problems('okstra-config.schema.json', parseYaml(text) ?? {});
        assert.equal(refusal === null, accepted, `${file}: product ${accepted ? 'accepts' : 'refuses'}, schema says ${refusal ?? 'valid'}`);
      }
      assert.ok(!configAccepted(fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/broken-config/.okstra/config.yaml'), 'utf8')));
    });

    const refused: Record<string, string> = {
      'an unknown key': 'projectId: p\nprTemplates: x.md\n',
      'an empty projectId': "projectId: ''\n",
      'an empty okstraCommand list': 'okstraCommand: []\n',
      'a role id with capitals': 'modelDefaults:\n  Analyser: [claude/opus-4.5]\n',
      'model defaults that are not a list': 'modelDefaults:\n  analyser: claude/opus-4.5\n',
      'an empty model ref in the defaults': "modelDefaults:\n  analyser: ['']\n",
      'a model ref without a provider': 'models:\n  - ref: opus\n',
      'an unknown key of a model': 'models:\n  - { ref: claude/opus-5, name: Opus 5 }\n',
      'a provider key that is not known': 'providers:\n  grok: { enable: false }\n',
      'enabled written as text': 'providers:\n  grok: { enabled: "no" }\n',
      'roles that are neither * nor a list': 'models:\n  - { ref: claude/opus-5, roles: all }\n',
      'replaceBuiltins as a number': 'registry:\n  replaceBuiltins: 1\n',
      'an empty prTemplate': "prTemplate: ''\n",
    };
    for (const [what, text] of Object.entries(refused)) {
      it(`the product and the schema both refuse ${what}`, () => {
        assert.equal(configAccepted(text), false, 'the product accepts it');
        assert.notEqual(problems('okstra-config.schema.json', parseYaml(text)), null, 'the schema accepts it');
      });
    }

    it('the example of every key is accepted by both', () => {
      const text = [
        'projectId: payments-service',
        'okstraCommand: [uvx, okstra]',
        'modelDefaults:',
        '  analyser: [claude/opus-4.5, codex/gpt-5.1-codex]',
        'providers:',
        '  grok: { enabled: false }',
        '  acme: { display: Acme, cli: acme-agent }',
        'models:',
        '  - { ref: acme/coder-1, display: Acme Coder 1, aliases: [coder], roles: [implementer], defaultFor: [implementer] }',
        '  - { ref: claude/opus-5, roles: "*" }',
        'registry:',
        '  replaceBuiltins: false',
        'prTemplate: .github/pull_request_template.md',
        '',
      ].join('\n');
      assert.ok(configAccepted(text));
      assert.equal(problems('okstra-config.schema.json', parseYaml(text)), null);
    });
  });
});
