// `npm run package` produces a .vsix that a real VS Code (code-server) installs
// with --install-extension. The package is built into a temp folder, offline
// when the machine can drop the network for a child (unshare -n), so a step
// that reaches for the network fails here rather than on a user's machine.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { contentProblems, imageLinks, listingProblems, pngSize, vsixFiles } from '../../scripts/packaging';
import { needTool } from '../helpers/skip';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  publisher: string;
  version: string;
  main?: string;
  bin?: Record<string, string>;
  icon?: string;
  extensionKind?: string[];
  contributes: { walkthroughs?: Array<{ steps: Array<{ id: string; media: { image?: string } }> }> };
};
/** `npm run package`: scripts/package.ts through tsx. */
const PACKAGE = ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'package.ts')];
const SIZE_BUDGET = 2 * 1024 * 1024; // far above the bundles' own budgets: catches node_modules or sources slipping in

/** code-server from $OKSTRA_CODE_SERVER or the harness in .tools/ (never installed from here: that takes minutes). */
function findCodeServer(): string | null {
  if (process.env.OKSTRA_CODE_SERVER) return process.env.OKSTRA_CODE_SERVER;
  const tools = process.env.OKSTRA_TOOLS_DIR ?? path.join(REPO_ROOT, '.tools');
  const bin = path.join(tools, 'vscode-harness', 'node_modules', '.bin', 'code-server');
  return fs.existsSync(bin) ? bin : null;
}

/** Runs argv without network when `unshare -n` is allowed here, else as is. */
function offline(argv: string[]): string[] {
  const probe = spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore' });
  return probe.status === 0 ? ['unshare', '-n', ...argv] : argv;
}

describe('the .vsix (npm run package)', function () {
  this.timeout(180_000);
  let tmp = '';
  let vsix = '';

  before(function () {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-vsix-'));
    vsix = path.join(tmp, `${manifest.name}-${manifest.version}.vsix`);
    // vsce itself is installed (once, from the npm registry) before the offline run.
    const tools = spawnSync(process.execPath, [...PACKAGE, '--install-tools'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    assert.equal(tools.status, 0, `installing vsce failed:\n${tools.stdout}\n${tools.stderr}`);
    const [cmd, ...args] = offline([process.execPath, ...PACKAGE, '--quiet', '--out', vsix]);
    const res = spawnSync(cmd!, args, { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(res.status, 0, `npm run package failed:\n${res.stdout}\n${res.stderr}`);
    localOutput = res.stdout + res.stderr;
  });
  let localOutput = '';

  /** `npm run package -- <args>` offline, with the vsce installed above. */
  function packageRun(...args: string[]): { status: number | null; output: string } {
    const [cmd, ...rest] = offline([process.execPath, ...PACKAGE, '--quiet', ...args]);
    const r = spawnSync(cmd!, rest, { cwd: REPO_ROOT, encoding: 'utf8' });
    return { status: r.status, output: r.stdout + r.stderr };
  }

  after(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('holds the extension bundle, the CLI, the manifest and the profiles, and nothing meant for contributors', async () => {
    const names = [...(await vsixFiles(REPO_ROOT, vsix)).keys()];
    assert.deepEqual(contentProblems(names, manifest), []);
    for (const n of names) assert.doesNotMatch(n, /\.(m?ts|mjs|map)$|eslint|tsconfig/, `${n} is for contributors`);
    assert.ok(names.includes('extension/profiles/registry.yaml'), 'the built-in model registry is not packaged');
    assert.ok(
      names.some((n) => /^extension\/profiles\/[a-z-]+\.md$/.test(n)),
      'the built-in role profiles are not packaged',
    );
    const size = fs.statSync(vsix).size;
    assert.ok(size < SIZE_BUDGET, `the vsix is ${size} bytes (budget ${SIZE_BUDGET}); check .vscodeignore`);
  });

  it("is ready for both marketplaces: a 128×128 PNG icon, README, CHANGELOG, LICENSE, the walkthrough's pictures", async () => {
    const names = [...(await vsixFiles(REPO_ROOT, vsix)).keys()];
    const { problems } = listingProblems(manifest, names, REPO_ROOT);
    assert.deepEqual(problems, []);
    assert.ok(manifest.icon && names.includes(`extension/${manifest.icon}`), 'the icon is packaged');
    assert.deepEqual(pngSize(fs.readFileSync(path.join(REPO_ROOT, manifest.icon!))), { width: 128, height: 128 });
    for (const f of ['extension/readme.md', 'extension/changelog.md', 'extension/license.txt'])
      assert.ok(names.includes(f), `${f} is not packaged`);
    const images = (manifest.contributes.walkthroughs ?? []).flatMap((w) => w.steps.map((st) => st.media.image));
    assert.equal(images.length, 6, 'six walkthrough steps, each with a picture');
    for (const img of images) assert.ok(names.includes(`extension/${img}`), `${img} is not packaged`);
    assert.ok(!names.includes('extension/media/icon.svg'), "the icon's source stays out");
    assert.deepEqual(manifest.extensionKind, ['workspace']);
  });

  it("a local package keeps the README's relative pictures and says so", async () => {
    assert.match(localOutput, /package: a local package: the README's pictures are links relative to the repository/);
    const readme = (await vsixFiles(REPO_ROOT, vsix)).get('extension/readme.md')?.toString('utf8') ?? '';
    assert.ok(imageLinks(readme).length > 0 && imageLinks(readme).every((u) => u.startsWith('docs/images/')), imageLinks(readme).join(' '));
  });

  it('a marketplace package without the repository URL is refused before anything is built; with a base URL its README pictures are absolute', async () => {
    const refusedOut = path.join(tmp, 'refused.vsix');
    const refused = packageRun('--marketplace', '--out', refusedOut);
    assert.equal(refused.status, 1, refused.output);
    assert.match(refused.output, /a marketplace package needs the URL its README pictures are loaded from/);
    assert.equal(fs.existsSync(refusedOut), false);
    // An address that is only an input of this test (example.com is reserved for examples).
    const base = 'https://example.com/okstra-wizard/';
    const marketOut = path.join(tmp, 'marketplace.vsix');
    const market = packageRun('--marketplace', '--base-url', base, '--out', marketOut);
    assert.equal(market.status, 0, market.output);
    const pictures = imageLinks((await vsixFiles(REPO_ROOT, marketOut)).get('extension/readme.md')?.toString('utf8') ?? '');
    assert.ok(pictures.length > 0);
    for (const url of pictures) {
      assert.ok(url.startsWith(`${base}docs/images/`), url);
      assert.ok(fs.existsSync(path.join(REPO_ROOT, url.slice(base.length))), `${url}: no such file in the repository`);
    }
  });

  it('installs into code-server with --install-extension and is listed with its version', function () {
    const codeServer = findCodeServer();
    needTool(this, codeServer !== null, 'no code-server (npm run setup:harness, or set OKSTRA_CODE_SERVER)');
    if (!codeServer) return;
    // A private profile: code-server otherwise writes into ~/.config and ~/.local/share.
    const env = {
      ...process.env,
      XDG_CONFIG_HOME: path.join(tmp, 'xdg-config'),
      XDG_DATA_HOME: path.join(tmp, 'xdg-data'),
      TMPDIR: path.join(tmp, 'cs-tmp'),
    };
    fs.mkdirSync(env.TMPDIR, { recursive: true });
    const extensionsDir = path.join(tmp, 'extensions');
    const common = [
      '--config',
      path.join(tmp, 'code-server.yaml'),
      '--user-data-dir',
      path.join(tmp, 'user-data'),
      '--extensions-dir',
      extensionsDir,
    ];

    const install = spawnSync(codeServer, [...common, '--install-extension', vsix], { env, encoding: 'utf8' });
    assert.equal(install.status, 0, `--install-extension failed:\n${install.stdout}\n${install.stderr}`);
    assert.match(install.stdout, /successfully installed/);

    const list = spawnSync(codeServer, [...common, '--list-extensions', '--show-versions'], { env, encoding: 'utf8' });
    assert.equal(list.status, 0, list.stderr);
    const id = `${manifest.publisher}.${manifest.name}`;
    assert.ok(list.stdout.split('\n').includes(`${id}@${manifest.version}`), `not listed:\n${list.stdout}`);

    const installed = path.join(extensionsDir, `${id}-${manifest.version}`);
    for (const f of ['package.json', manifest.main ?? 'dist/extension.js', ...Object.values(manifest.bin ?? {})]) {
      assert.ok(fs.existsSync(path.join(installed, f)), `${f} is missing from the installed extension`);
    }
  });
});
