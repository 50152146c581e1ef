// How `npm run package` packs (scripts/packaging.ts): a local package keeps the README's relative picture links and
// says so; a marketplace package has vsce rewrite them onto package.json's `repository` or a given base URL, and is
// refused without one; the packaged README of a marketplace package has only absolute https pictures.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { imageLinks, readmeImageProblems, vscePackageArgs } from '../../../scripts/packaging';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
const noRepo = { ...manifest, repository: undefined };
const withRepo = { ...manifest, repository: { type: 'git', url: 'https://github.com/acme/okstra-wizard.git' } };
const out = '/tmp/x.vsix';

describe('publishing: the package for a marketplace and the local one (npm run package)', () => {
  it('a local package keeps the relative links, says that it is local, and needs no repository', () => {
    const plan = vscePackageArgs({ manifest: noRepo, marketplace: false, out });
    assert.ok(plan.ok);
    assert.deepEqual(plan.args, [
      'package',
      '--no-dependencies',
      '--out',
      out,
      '--no-rewrite-relative-links',
      '--allow-missing-repository',
    ]);
    assert.match(plan.notes.join('\n'), /^a local package: the README's pictures are links relative to the repository/);
    const withOne = vscePackageArgs({ manifest: withRepo, marketplace: false, out });
    assert.ok(withOne.ok && !withOne.args.includes('--allow-missing-repository'));
  });

  it('a marketplace package without a repository or a base URL is refused before anything is built', () => {
    const plan = vscePackageArgs({ manifest: noRepo, marketplace: true, out });
    assert.equal(plan.ok, false);
    assert.match(
      !plan.ok ? plan.error : '',
      /set package\.json "repository".*or pass --base-url .*would be broken on the VS Code Marketplace and Open VSX\. Nothing was built\./s,
    );
  });

  it('a marketplace package lets vsce rewrite the links: onto the repository, or onto the base URL given', () => {
    const fromRepo = vscePackageArgs({ manifest: withRepo, marketplace: true, out });
    assert.ok(fromRepo.ok);
    assert.deepEqual(fromRepo.args, ['package', '--no-dependencies', '--out', out]);
    const fromBase = vscePackageArgs({ manifest: noRepo, marketplace: true, baseUrl: 'https://example.com/okstra', out });
    assert.ok(fromBase.ok);
    assert.deepEqual(fromBase.args, [
      'package',
      '--no-dependencies',
      '--out',
      out,
      '--baseContentUrl',
      'https://example.com/okstra/',
      '--baseImagesUrl',
      'https://example.com/okstra/',
      '--allow-missing-repository',
    ]);
    const images = vscePackageArgs({
      manifest: noRepo,
      marketplace: true,
      baseUrl: 'https://a.example/',
      baseImagesUrl: 'https://b.example/raw/',
      out,
    });
    assert.ok(images.ok && images.args.join(' ').includes('--baseImagesUrl https://b.example/raw/'));
  });

  it('refuses a base URL that is not absolute https, images without a base, and a base for a local package', () => {
    const error = (o: Partial<Parameters<typeof vscePackageArgs>[0]>) => {
      const plan = vscePackageArgs({ manifest: noRepo, marketplace: true, out, ...o });
      return plan.ok ? '' : plan.error;
    };
    assert.match(error({ baseUrl: 'docs/' }), /--base-url must be an absolute URL/);
    assert.match(error({ baseUrl: 'http://example.com/' }), /--base-url must be an https URL/);
    assert.match(error({ baseImagesUrl: 'https://example.com/' }), /--base-images-url needs --base-url/);
    assert.match(error({ marketplace: false, baseUrl: 'https://example.com/' }), /--base-url is for a marketplace package/);
  });

  it("finds a README's pictures, Markdown and HTML, and names the ones that would be broken", () => {
    const md = [
      '![a](docs/a.png)',
      'text ![b](https://x.example/b.png "title") <img alt="c" src="./docs/c.png">',
      '![d](http://x.example/d.png)',
    ].join('\n');
    assert.deepEqual(imageLinks(md), ['docs/a.png', 'https://x.example/b.png', './docs/c.png', 'http://x.example/d.png']);
    const exists = (f: string) => f === 'docs/a.png';
    assert.deepEqual(readmeImageProblems(md, { exists, absolute: false }), [
      'README picture ./docs/c.png: no such file in the repository',
      'README picture http://x.example/d.png: not an https URL (the marketplaces load only https pictures)',
    ]);
    assert.deepEqual(readmeImageProblems('![a](docs/a.png)', { exists, absolute: true }), [
      'README picture docs/a.png: still a relative link, which the marketplaces cannot load',
    ]);
  });

  it("this README's pictures all exist in the repository", () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    assert.ok(imageLinks(readme).length > 0);
    assert.deepEqual(readmeImageProblems(readme, { exists: (f) => fs.existsSync(path.join(REPO_ROOT, f)), absolute: false }), []);
  });
});
