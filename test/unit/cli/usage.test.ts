// Usage, --help, --version and the exit statuses that need no project.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baseEnv, cleanupTemp, cli, REPO_ROOT, tempDir } from './cliHarness';
import { ErrorDocSchema, VersionDocSchema } from '../../../src/host/documentSchemas';
import { COMMAND_NAMES } from '../../../src/cli/args';

const pkgVersion = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function assertUsageError(args: string[], error: string | RegExp, env = baseEnv()): void {
  const r = cli(args, { env });
  assert.equal(r.code, 2, r.stdout + r.stderr);
  ErrorDocSchema.parse(r.json);
  assert.deepEqual(Object.keys(r.json), ['ok', 'code', 'error']);
  assert.equal(r.json.code, 'usage');
  if (typeof error === 'string') assert.equal(r.json.error, error);
  else assert.match(r.json.error, error);
  assert.match(r.stderr, /^usage: okstra-wizard <command>/);
}

describe('cli: usage, help, version', () => {
  after(cleanupTemp);

  it('--help prints the usage on stdout and exits 0', () => {
    for (const args of [['--help'], ['-h'], ['step', '--help'], ['init', '--state', 'x', '-h']]) {
      const r = cli(args);
      assert.equal(r.code, 0);
      assert.match(r.stdout, /^usage: okstra-wizard <command> \[options\]/);
      assert.ok(COMMAND_NAMES.length >= 8, COMMAND_NAMES.join(', '));
      for (const cmd of COMMAND_NAMES) {
        assert.ok(r.stdout.includes(`\n  ${cmd} `), `usage lists ${cmd}`);
      }
      assert.equal(r.stderr, '');
    }
  });

  it('--version prints {"ok": true, "version"} with the package version', () => {
    const r = cli(['--version']);
    assert.equal(r.code, 0);
    VersionDocSchema.parse(r.json);
    assert.equal(r.stdout, `{\n  "ok": true,\n  "version": "${pkgVersion}"\n}\n`);
  });

  it('R-CLI-2: --no-submit with --answer is refused, exit 2', () => {
    assertUsageError(['step', '--state', 'x.json', '--no-submit', '--answer', 'run'], '--no-submit and --answer are mutually exclusive');
  });

  it('bad usage exits 2 with an error document and the usage on stderr', () => {
    assertUsageError([], /^missing command/);
    assertUsageError(['launch', '--state', 'x'], `unknown command 'launch' (known: ${COMMAND_NAMES.join(', ')})`);
    assertUsageError(['step'], "'step' needs --state FILE");
    assertUsageError(['step', '--state'], "option '--state' needs a value");
    assertUsageError(['step', '--state', 'x', '--to', 'brief'], /^unknown option '--to' for 'step'/);
    assertUsageError(['rewind', '--state', 'x'], "'rewind' needs --to ID");
    assertUsageError(['init', '--state', 'x'], "'init' needs --project-root DIR");
    assertUsageError(['tree', '--state', 'x', 'extra'], "unexpected argument 'extra' for 'tree'");
    assertUsageError(['step', '--state', 'x', '--no-submit=yes'], "option '--no-submit' takes no value");
    assertUsageError(['step', '--state', 'x', '--answer', '-x'], /^option '--answer' needs a value; write --answer=-x/);
    assertUsageError(['--state', 'x'], /^expected a command before --state/);
  });

  it('a bad OKSTRA_TERMINAL_BACKEND is bad usage (exit 2) with the exact message, before the state is read', () => {
    const dir = tempDir();
    const missing = path.join(dir, 'missing.wizard.json');
    for (const cmd of ['step', 'abort']) {
      assertUsageError(
        [cmd, '--state', missing],
        "OKSTRA_TERMINAL_BACKEND must be one of tmux, zellij, vscode-terminal, none: 'screen'",
        baseEnv({ OKSTRA_TERMINAL_BACKEND: 'screen' }),
      );
    }
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  it('a bad OKSTRA_MODEL_DEFAULTS file is bad usage (exit 2) naming the file', () => {
    const dir = tempDir();
    const missing = path.join(dir, 'missing.wizard.json');
    const bad = path.join(dir, 'defaults.yaml');
    fs.writeFileSync(bad, 'analyser: claude/opus-4.5\n');
    assertUsageError(
      ['step', '--state', missing],
      new RegExp(`^OKSTRA_MODEL_DEFAULTS: ${escape(bad)}:1:\\d+: analyser: `),
      baseEnv({ OKSTRA_MODEL_DEFAULTS: bad }),
    );
    assertUsageError(
      ['step', '--state', missing],
      new RegExp(`^OKSTRA_MODEL_DEFAULTS: ${escape(path.join(dir, 'nope.yaml'))}: `),
      baseEnv({ OKSTRA_MODEL_DEFAULTS: path.join(dir, 'nope.yaml') }),
    );
  });
});
