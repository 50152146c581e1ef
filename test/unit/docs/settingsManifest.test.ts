// package.json's settings (`contributes.configuration`, the settings restricted in an untrusted workspace) and their
// package.nls*.json texts are generated from the settings' one definition (scripts/settingsManifest.ts, written by
// scripts/languageModelTools.ts on every build): the committed files must be what the generator writes.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nlsWithSettings, packageJsonWithSettings } from '../../../scripts/settingsManifest';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe("docs: package.json's settings and their texts are generated from scripts/settingsManifest.ts", () => {
  it('the committed package.json is what `node scripts/build.mjs` writes; a hand edit of a setting is found', () => {
    const text = read('package.json');
    assert.equal(packageJsonWithSettings(text), text, 'package.json is out of date: run node scripts/build.mjs');
    const edits: Array<(pkg: any) => void> = [
      (pkg) => (pkg.contributes.configuration.properties['okstra.runIn'].default = 'shell'),
      (pkg) => delete pkg.contributes.configuration.properties['okstra.teams'],
      (pkg) => pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.pop(),
    ];
    for (const edit of edits) {
      const pkg = JSON.parse(text);
      edit(pkg);
      const edited = `${JSON.stringify(pkg, null, 2)}\n`;
      assert.notEqual(packageJsonWithSettings(edited), edited);
    }
  });

  it("package.nls.json and package.nls.ko.json hold each setting's texts as its definition gives them", () => {
    for (const [file, language] of [
      ['package.nls.json', 'en'],
      ['package.nls.ko.json', 'ko'],
    ] as const) {
      const text = read(file);
      assert.equal(nlsWithSettings(text, language), text, `${file} is out of date: run node scripts/build.mjs`);
      const edited = text.replace(/("config\.runIn\.description": ")/, '$1(edited) ');
      assert.notEqual(nlsWithSettings(edited, language), edited);
    }
  });
});
