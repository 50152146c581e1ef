// package.json's `contributes.languageModelTools` is generated from the agent tools' one definition
// (src/host/tools.ts → src/host/languageModelTools.ts, written by scripts/languageModelTools.ts on every build):
// the committed file must be what the generator writes, as the JSON Schemas in schemas/ are (schemas.test.ts).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nlsWithTools, packageJsonWithTools } from '../../../scripts/languageModelTools';
import { WIZARD_TOOLS } from '../../../src/host/tools';

const PACKAGE_JSON = path.resolve(__dirname, '..', '..', '..', 'package.json');

describe("docs: package.json's language-model tools are generated from src/host/tools.ts", () => {
  it('the committed package.json is what `node scripts/build.mjs` writes (run it and commit package.json)', () => {
    const text = fs.readFileSync(PACKAGE_JSON, 'utf8');
    assert.equal(packageJsonWithTools(text), text);
  });

  it('a hand edit of a generated field is found: a rewritten modelDescription, a dropped tool, a changed input schema', () => {
    const text = fs.readFileSync(PACKAGE_JSON, 'utf8');
    const edits: Array<(tools: any[]) => void> = [
      (tools) => (tools[0].modelDescription += ' (edited)'),
      (tools) => tools.pop(),
      (tools) => (tools[4].inputSchema.required = ['task']),
    ];
    for (const edit of edits) {
      const pkg = JSON.parse(text);
      edit(pkg.contributes.languageModelTools);
      const edited = `${JSON.stringify(pkg, null, 2)}\n`;
      assert.notEqual(packageJsonWithTools(edited), edited);
    }
  });

  it("package.nls*.json hold each tool's display name and user description as its definition gives them (English and Korean)", () => {
    for (const [nls, language] of [
      ['package.nls.json', 'en'],
      ['package.nls.ko.json', 'ko'],
    ] as const) {
      const text = fs.readFileSync(path.resolve(PACKAGE_JSON, '..', nls), 'utf8');
      assert.equal(nlsWithTools(text, language), text, `${nls} is out of date: run node scripts/build.mjs`);
      const edited = text.replace(/("lm\.tasks\.displayName": ")/, '$1(edited) ');
      assert.notEqual(nlsWithTools(edited, language), edited);
      const texts = JSON.parse(text);
      for (const key of Object.keys(WIZARD_TOOLS)) {
        for (const field of ['displayName', 'userDescription'])
          assert.equal(typeof texts[`lm.${key}.${field}`], 'string', `${nls}: lm.${key}.${field}`);
      }
    }
  });
});
