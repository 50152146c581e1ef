// Usage, --help, --version and the exit statuses that need no project.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baseEnv, cleanupTemp, cli, REPO_ROOT, tempDir } from './cliHarness';
import { ErrorDocSchema, VersionDocSchema } from '../../../src/host/documentSchemas';
import { COMMAND_NAMES } from '../../../src/cli/args';

const pkgVersion = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function assertUsageError(args: string[], error: string | RegExp, env = baseEnv()): Promise<void> {
  const r = await cli(args, { env });
  assert.equal(r.code, 2, r.stdout + r.stderr);
  ErrorDocSchema.parse(r.json);
  assert.deepEqual(Object.keys(r.json), ['ok', 'code', 'error']);
  assert.equal(r.json.code, 'usage');
  if (typeof error === 'string') assert.equal(r.json.error, error);
  else assert.match(r.json.error, error);
  // One line saying where the usage is, not the usage itself.
  const cmd = COMMAND_NAMES.find((c) => c === args[0]);
  assert.equal(r.stderr, cmd ? `run 'okstra-wizard ${cmd} --help' for its usage\n` : `run 'okstra-wizard --help' for the usage\n`);
}

describe('cli: usage, help, version', () => {
  after(cleanupTemp);

  it("<command> --help prints that command's usage only, exit 0", async () => {
    for (const [args, cmd] of [
      [['step', '--help'], 'step'],
      [['init', '--state', 'x', '-h'], 'init'],
      [['tree', '--help'], 'tree'],
    ] as const) {
      const r = await cli([...args]);
      assert.equal(r.code, 0);
      assert.ok(r.stdout.startsWith(`usage: okstra-wizard ${cmd} `), r.stdout);
      for (const other of COMMAND_NAMES.filter((c) => c !== cmd))
        assert.ok(!r.stdout.includes(`\n  ${other} `), `${cmd} --help lists ${other}`);
      assert.match(r.stdout, /okstra-wizard --help: every command/);
      assert.ok(r.stdout.length < 1000, `${r.stdout.length} bytes`);
      assert.equal(r.stderr, '');
    }
    assert.match((await cli(['step', '--help'])).stdout, /--revision R/, "step's usage says how an answer is bound");
  });

  it('--help prints the usage on stdout and exits 0', async () => {
    for (const args of [['--help'], ['-h']]) {
      const r = await cli(args);
      assert.equal(r.code, 0);
      assert.match(r.stdout, /^usage: okstra-wizard <command> \[options\]/);
      assert.ok(COMMAND_NAMES.length >= 8, COMMAND_NAMES.join(', '));
      for (const cmd of COMMAND_NAMES) {
        assert.ok(r.stdout.includes(`\n  ${cmd} `), `usage lists ${cmd}`);
      }
      assert.equal(r.stderr, '');
    }
  });

  it('--version prints {"ok": true, "version"} with the package version', async () => {
    const r = await cli(['--version']);
    assert.equal(r.code, 0);
    VersionDocSchema.parse(r.json);
    assert.equal(r.stdout, `{\n  "ok": true,\n  "version": "${pkgVersion}"\n}\n`);
  });

  it('a state file that is not there says to start a wizard with init (exit 1)', async () => {
    const dir = tempDir();
    const r = await cli(['step', '--state', 'none.wizard.json'], { cwd: dir });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.deepEqual(r.json, {
      ok: false,
      code: 'file-error',
      error:
        'none.wizard.json: state file not found; start a wizard in it with okstra-wizard init --state none.wizard.json --project-root DIR',
    });
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  it('R-CLI-2: --no-submit with --answer is refused, exit 2', async () => {
    await assertUsageError(
      ['step', '--state', 'x.json', '--no-submit', '--answer', 'run'],
      '--no-submit and --answer are mutually exclusive',
    );
  });

  it('bad usage exits 2 with an error document and a one-line hint on stderr', async () => {
    await assertUsageError([], /^missing command/);
    await assertUsageError(['launch', '--state', 'x'], `unknown command 'launch' (known: ${COMMAND_NAMES.join(', ')})`);
    await assertUsageError(['step'], "'step' needs --state FILE");
    await assertUsageError(['step', '--state'], "option '--state' needs a value");
    await assertUsageError(['step', '--state', 'x', '--to', 'brief'], /^unknown option '--to' for 'step'/);
    await assertUsageError(['rewind', '--state', 'x'], "'rewind' needs --to ID");
    await assertUsageError(['init', '--state', 'x'], "'init' needs --project-root DIR");
    await assertUsageError(['tree', '--state', 'x', 'extra'], "unexpected argument 'extra' for 'tree'");
    await assertUsageError(['step', '--state', 'x', '--no-submit=yes'], "option '--no-submit' takes no value");
    await assertUsageError(['step', '--state', 'x', '--answer', '-x'], /^option '--answer' needs a value; write --answer=-x/);
    await assertUsageError(['--state', 'x'], /^expected a command before --state/);
  });

  it('a bad OKSTRA_TERMINAL_BACKEND is bad usage (exit 2) with the exact message, before the state is read', async () => {
    const dir = tempDir();
    const missing = path.join(dir, 'missing.wizard.json');
    for (const cmd of ['step', 'abort']) {
      await assertUsageError(
        [cmd, '--state', missing],
        "OKSTRA_TERMINAL_BACKEND must be one of tmux, zellij, vscode-terminal, none: 'screen'",
        baseEnv({ OKSTRA_TERMINAL_BACKEND: 'screen' }),
      );
    }
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  it('a bad OKSTRA_MODEL_DEFAULTS file is bad usage (exit 2) naming the file', async () => {
    const dir = tempDir();
    const missing = path.join(dir, 'missing.wizard.json');
    const bad = path.join(dir, 'defaults.yaml');
    fs.writeFileSync(bad, 'analyser: claude/opus-4.5\n');
    await assertUsageError(
      ['step', '--state', missing],
      new RegExp(`^OKSTRA_MODEL_DEFAULTS: ${escape(bad)}:1:\\d+: analyser: `),
      baseEnv({ OKSTRA_MODEL_DEFAULTS: bad }),
    );
    await assertUsageError(
      ['step', '--state', missing],
      new RegExp(`^OKSTRA_MODEL_DEFAULTS: ${escape(path.join(dir, 'nope.yaml'))}: `),
      baseEnv({ OKSTRA_MODEL_DEFAULTS: path.join(dir, 'nope.yaml') }),
    );
  });
});
