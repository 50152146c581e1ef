// The marketplace checks of `npm run package` (scripts/packaging.ts listingProblems): what a listing on the VS Code
// Marketplace or Open VSX needs that vsce does not check itself, on the real manifest and on broken ones.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { listingProblems, pngSize } from '../../../scripts/packaging';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, any>;

/** The entries a good vsix of this manifest holds (as vsce names them). */
function entriesFor(manifest: Record<string, any>): string[] {
  const files = ['package.json', 'readme.md', 'changelog.md', 'LICENSE.txt', String(manifest.main).replace(/^\.\//, '')];
  if (manifest.icon) files.push(manifest.icon);
  for (const w of manifest.contributes?.walkthroughs ?? []) for (const st of w.steps) files.push(st.media.image);
  return files.map((f) => `extension/${f}`);
}

describe('marketplace checks (npm run package)', () => {
  it('the manifest passes them: icon, README, CHANGELOG, LICENSE, walkthrough pictures', () => {
    const { problems, warnings } = listingProblems(pkg, entriesFor(pkg), ROOT);
    assert.deepEqual(problems, []);
    assert.ok(
      warnings.every((w) => /repository/.test(w)),
      warnings.join('; '),
    );
  });

  it('the icon is a 128×128 PNG and the extension runs where the files are (extensionKind workspace)', () => {
    assert.deepEqual(pngSize(fs.readFileSync(path.join(ROOT, pkg.icon))), { width: 128, height: 128 });
    assert.deepEqual(pkg.extensionKind, ['workspace']);
    assert.deepEqual(pkg.categories, ['AI', 'Other']);
    assert.equal(pkg.galleryBanner.theme, 'dark');
  });

  it('settings that hold paths of this machine are machine-overridable, the others resource-scoped', () => {
    const props = pkg.contributes.configuration.properties as Record<string, { scope: string }>;
    assert.equal(props['okstra.providers'].scope, 'machine-overridable');
    assert.equal(props['okstra.command'].scope, 'machine-overridable');
    for (const k of ['okstra.hostRuntime', 'okstra.hostEntryMode', 'okstra.runIn', 'okstra.modelDefaults', 'okstra.teams'])
      assert.equal(props[k].scope, 'resource', k);
  });

  it('refuses what a listing would refuse', () => {
    const bad = (change: Record<string, unknown>, entries?: string[]) => {
      const m = { ...pkg, ...change };
      return listingProblems(m, entries ?? entriesFor(m), ROOT).problems.join('\n');
    };
    assert.match(bad({ activationEvents: ['*'] }), /activationEvents has `\*`/);
    assert.match(bad({ icon: 'media/okstra.svg' }), /not a PNG/);
    assert.match(bad({ icon: undefined }), /no icon/);
    assert.match(
      bad(
        {},
        entriesFor(pkg).filter((e) => !/changelog|license|walkthrough\/run/i.test(e)),
      ),
      /no CHANGELOG\.md[\s\S]*no LICENSE[\s\S]*walkthrough step run/,
    );
  });
});
