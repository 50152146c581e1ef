// The built-in profiles and registry parsed at build time (scripts/builtinData.mjs, src/core/roles/builtinData.ts):
// the data bundled into the CLI equals what parsing the shipped files gives at run time, and a prebuilt value is
// used only for exactly the text it was parsed from.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { installBuiltins, type BuiltinData } from '../../../src/core/roles/builtinData';
import { FileError } from '../../../src/core/types';
import { parseRegistry } from '../../../src/core/roles/registry';
import { parseRoleProfile } from '../../../src/core/roles/roleProfile';
import { REPO_ROOT } from './cliHarness';

const PROFILES = path.join(REPO_ROOT, 'profiles');

async function bundledData(): Promise<BuiltinData> {
  const { builtinDataJson } = (await import(path.join(REPO_ROOT, 'scripts', 'builtinData.mjs'))) as {
    builtinDataJson(root: string): Promise<string>;
  };
  return JSON.parse(await builtinDataJson(REPO_ROOT)) as BuiltinData;
}

describe('built-in profiles and registry parsed at build time', function () {
  this.timeout(60000);
  let data: BuiltinData;
  before(async () => {
    data = await bundledData();
  });

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
});
