// dist/cli.js (src/cli/launcher.ts): the executable starts dist/cli-main.js from a V8 code cache in the user's
// cache folder, and runs the same commands without one (no folder, a folder others may write, a rejected cache).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cliBundles } from '../../../scripts/bundles.mjs';
import { writeBuiltinData } from '../../../scripts/builtinData';
import { BUILTIN_DATA_FILE } from '../../../src/host/prebuilt';
import { cleanupTemp, REPO_ROOT, tempDir } from './cliHarness';

const OUT = path.join(REPO_ROOT, 'out', 'test-launcher', String(process.pid), 'dist');

const common: import('esbuild').BuildOptions = { logLevel: 'error' };

/** The CLI's release bundles and dist/builtins.json, as scripts/build.mjs --release writes them, into OUT. */
async function buildRelease(): Promise<string> {
  const esbuild = require('esbuild') as typeof import('esbuild');
  await Promise.all(cliBundles({ root: REPO_ROOT, outdir: OUT, common, release: true }).map(({ name: _name, ...o }) => esbuild.build(o)));
  writeBuiltinData(REPO_ROOT, path.join(OUT, BUILTIN_DATA_FILE));
  return path.join(OUT, 'cli.js');
}

function run(cli: string, cacheHome: string, args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: path.dirname(process.execPath), XDG_CACHE_HOME: cacheHome, HOME: cacheHome },
    encoding: 'utf8',
  });
  return { code: r.status, json: JSON.parse(r.stdout), stderr: r.stderr };
}

function cacheFiles(cacheHome: string): string[] {
  const dir = path.join(cacheHome, 'okstra-wizard');
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.startsWith('cli-main-'))
        .map((f) => path.join(dir, f))
    : [];
}

describe('cli launcher: dist/cli.js and its V8 code cache', function () {
  this.timeout(60_000);
  let cli: string;
  before(async () => {
    cli = await buildRelease();
  });
  after(() => {
    fs.rmSync(path.dirname(OUT), { recursive: true, force: true });
    cleanupTemp();
  });

  it('writes the cache on the first run, uses it on the next, and rewrites one V8 rejects', () => {
    const home = tempDir('okstra-cache-');
    const version = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version;
    const first = run(cli, home, ['--version']);
    assert.deepEqual(first.json, { ok: true, version });
    const [file] = cacheFiles(home);
    assert.ok(file, 'no cache written');
    assert.equal(fs.statSync(file).mode & 0o077, 0, 'the cache is readable by its owner only');
    const bytes = fs.readFileSync(file);

    assert.deepEqual(run(cli, home, ['--version']).json, first.json);
    assert.ok(fs.readFileSync(file).equals(bytes), 'an accepted cache is not rewritten');

    fs.writeFileSync(file, Buffer.alloc(bytes.length, 7));
    assert.deepEqual(run(cli, home, ['--version']).json, first.json);
    assert.ok(!fs.readFileSync(file).every((b) => b === 7), 'a rejected cache is replaced');
  });

  it('two builds run in turn keep both caches, and the caches of other builds beyond the newest three go', () => {
    const home = tempDir('okstra-cache-');
    // A second build: the same files with another mtime, so another build stamp (src/cli/launcher.ts buildStamp).
    const other = path.join(path.dirname(OUT), 'other');
    fs.cpSync(OUT, other, { recursive: true });
    const later = new Date(fs.statSync(path.join(OUT, 'cli-main.js')).mtimeMs + 60_000);
    fs.utimesSync(path.join(other, 'cli-main.js'), later, later);
    const cli2 = path.join(other, 'cli.js');
    run(cli, home, ['--version']);
    run(cli2, home, ['--version']);
    const both = cacheFiles(home).sort();
    assert.equal(both.length, 2, both.join(', '));
    const bytes = both.map((f) => fs.readFileSync(f));
    run(cli, home, ['--version']);
    run(cli2, home, ['--version']);
    assert.deepEqual(cacheFiles(home).sort(), both, "neither build deleted the other one's cache");
    assert.ok(
      both.every((f, i) => fs.readFileSync(f).equals(bytes[i]!)),
      'neither cache was rewritten',
    );

    // Four caches of older builds: after this build writes its own, the newest three of them are left.
    const dir = path.join(home, 'okstra-wizard');
    for (const f of both) fs.rmSync(f);
    const stale = [1, 2, 3, 4].map((n) => path.join(dir, `cli-main-old${n}.cache`));
    stale.forEach((f, n) => {
      fs.writeFileSync(f, 'x', { mode: 0o600 });
      const t = new Date(Date.now() - (n + 1) * 3_600_000);
      fs.utimesSync(f, t, t);
    });
    run(cli, home, ['--version']);
    assert.deepEqual(
      cacheFiles(home)
        .map((f) => path.basename(f))
        .filter((f) => f.includes('-old'))
        .sort(),
      ['cli-main-old1.cache', 'cli-main-old2.cache', 'cli-main-old3.cache'],
    );
    assert.equal(cacheFiles(home).length, 4);
  });

  it('runs without a cache when the cache folder may be written by others', () => {
    const home = tempDir('okstra-cache-');
    fs.mkdirSync(path.join(home, 'okstra-wizard'), { mode: 0o777 });
    fs.chmodSync(path.join(home, 'okstra-wizard'), 0o777);
    const r = run(cli, home, ['step', '--state', path.join(home, 'missing.json')]);
    assert.equal(r.code, 1);
    assert.equal(r.json.ok, false);
    assert.deepEqual(cacheFiles(home), []);
  });

  it('holds no zod classic in the commands bundle (zod/mini only), and still words zod problems in English', async () => {
    const esbuild = require('esbuild') as typeof import('esbuild');
    const { name: _name, ...main } = cliBundles({ root: REPO_ROOT, outdir: OUT, common, release: true }).find(
      (b) => b.name === 'cli main',
    )!;
    const { metafile } = await esbuild.build({ ...main, write: false, metafile: true });
    const zod = Object.keys(metafile.inputs).filter((f) => f.includes('node_modules/zod/'));
    assert.ok(
      zod.some((f) => f.includes('/v4/mini/')),
      'zod/mini is in the bundle',
    );
    assert.deepEqual(
      zod.filter((f) => f.includes('/v4/classic/')),
      [],
    );
    // zod/mini has no default locale: without src/core/lazySchema.ts installing English this would read "Invalid input".
    const home = tempDir('okstra-cache-');
    fs.mkdirSync(path.join(home, '.okstra'));
    fs.writeFileSync(path.join(home, '.okstra', 'config.yaml'), 'modelDefaults:\n  Bad: [x]\n');
    const r = run(cli, home, ['init', '--state', path.join(home, 's.wizard.json'), '--project-root', home]);
    assert.equal(r.json.error, '.okstra/config.yaml:2:3: modelDefaults.Bad: Invalid key in record');
  });

  it('serves `mcp` from dist/mcp.js', async () => {
    const home = tempDir('okstra-cache-');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp', '--project-root', home],
      env: { PATH: path.dirname(process.execPath), HOME: home },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'launcher-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      assert.equal(client.getServerVersion()?.name, 'okstra-wizard');
      assert.ok((await client.listTools()).tools.some((t) => t.name === 'wizard_answer'));
    } finally {
      await client.close();
    }
  });
});
