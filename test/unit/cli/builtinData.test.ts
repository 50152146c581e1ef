// The built-in profiles and registry parsed at build time (scripts/builtinData.ts, src/core/roles/builtinData.ts):
// the data written to dist/builtins.json equals what parsing the shipped files gives at run time, the CLI installs
// that file from its own folder (src/host/prebuilt.ts), and a prebuilt value is used only for exactly the text it
// was parsed from.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { installBuiltins, type BuiltinData } from '../../../src/core/roles/builtinData';
import { FileError } from '../../../src/core/types';
import { parseRegistry } from '../../../src/core/roles/registry';
import { parseRoleProfile } from '../../../src/core/roles/roleProfile';
import { builtinDataJson } from '../../../scripts/builtinData';
import { BUILTIN_DATA_FILE, usePrebuiltBuiltins } from '../../../src/host/prebuilt';
import { REPO_ROOT, cleanupTemp, tempDir } from './cliHarness';

const PROFILES = path.join(REPO_ROOT, 'profiles');

describe('built-in profiles and registry parsed at build time', function () {
  this.timeout(60000);
  let data: BuiltinData;
  before(() => {
    data = JSON.parse(builtinDataJson(REPO_ROOT)) as BuiltinData;
  });
  after(cleanupTemp);

  it('holds every shipped profile and the registry, each equal to a run-time parse of the same file', () => {
    const shipped = fs
      .readdirSync(PROFILES)
      .filter((n) => n.endsWith('.md'))
      .sort();
    assert.deepEqual(
      data.profiles.map((p) => `${p.taskType}.md`),
      shipped,
    );
    for (const p of data.profiles) {
      const text = fs.readFileSync(path.join(PROFILES, `${p.taskType}.md`), 'utf8');
      assert.equal(p.text, text);
      assert.equal(p.path, `profiles/${p.taskType}.md`);
      assert.deepStrictEqual(p.value, JSON.parse(JSON.stringify(parseRoleProfile(p.path, text, p.taskType))));
    }
    const text = fs.readFileSync(path.join(PROFILES, 'registry.yaml'), 'utf8');
    assert.ok(data.registry);
    assert.equal(data.registry.text, text);
    const parsed = parseRegistry('profiles/registry.yaml', text);
    assert.deepStrictEqual(data.registry.providers, [...parsed.providers.values()]);
    assert.deepStrictEqual(data.registry.models, parsed.models);
  });

  it('once installed, gives the prebuilt values for the same texts and parses any other text as before', () => {
    installBuiltins(data);
    const regText = data.registry!.text;
    const fresh = parseRegistry('profiles/registry.yaml', regText);
    assert.deepStrictEqual([...fresh.providers.values()], data.registry!.providers);
    assert.ok(fresh.providers instanceof Map);
    assert.equal(parseRegistry('profiles/registry.yaml', regText), fresh, 'the same prebuilt value each time');
    // Another path or another text: a real parse, with its errors.
    assert.notEqual(parseRegistry('.okstra/registry.yaml', regText), fresh);
    assert.throws(() => parseRegistry('profiles/registry.yaml', `${regText}\nbogus: 1\n`), FileError);
    const p = data.profiles[0]!;
    assert.equal(parseRoleProfile(p.path, p.text, p.taskType), parseRoleProfile(p.path, p.text, p.taskType));
    assert.throws(() => parseRoleProfile(p.path, p.text, 'another-type'), /must be 'another-type'/);
    assert.throws(() => parseRoleProfile(p.path, p.text.replace(/^taskType: .*$/m, 'taskType: [1'), p.taskType), FileError);
  });

  it('the CLI installs dist/builtins.json from its own folder; a missing or broken file is none', () => {
    // A registry text no real parse accepts (an unknown key): only an installed prebuilt value answers it.
    const text = 'prebuilt-only: true\n';
    const providers = [{ id: 'only', display: 'Only', cli: 'only' }];
    const dir = tempDir('okstra-prebuilt-');
    fs.writeFileSync(
      path.join(dir, BUILTIN_DATA_FILE),
      JSON.stringify({ registry: { path: 'profiles/registry.yaml', text, providers, models: [] }, profiles: [] }),
    );
    assert.throws(() => parseRegistry('profiles/registry.yaml', text), FileError);
    for (const broken of ['{', '{"registry": 3, "profiles": 4}']) {
      const other = tempDir('okstra-prebuilt-');
      fs.writeFileSync(path.join(other, BUILTIN_DATA_FILE), broken);
      usePrebuiltBuiltins(other);
    }
    usePrebuiltBuiltins(tempDir('okstra-prebuilt-'));
    assert.throws(() => parseRegistry('profiles/registry.yaml', text), FileError);
    usePrebuiltBuiltins(dir);
    assert.deepStrictEqual([...parseRegistry('profiles/registry.yaml', text).providers.values()], providers);
  });
});
