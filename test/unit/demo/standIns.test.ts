// The demo's PATH folder (demo/.demo-bin): stand-ins for okstra and the agent
// CLIs. What they print is what a user reads in the terminal after Run, and
// what the UI tests compare with the argv the wizard rendered.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { skipHere } from '../../helpers/skip';

const BIN = path.resolve(__dirname, '..', '..', '..', 'demo', '.demo-bin');
const AGENTS = ['claude', 'codex', 'antigravity', 'grok', 'kimi'];
const POSIX = process.platform !== 'win32';

/** Runs a stand-in by name through PATH, as a terminal would. */
function run(name: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const res = spawnSync(name, args, {
    encoding: 'utf8',
    env: { ...process.env, OKSTRA_DEMO_EXIT: '', ...env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  if (res.error) throw res.error;
  return res;
}

// Arguments a wizard can render: spaces, quotes, shell metacharacters, a newline, non-ASCII, an empty string.
const HOSTILE = ['--directive', "Don't `rm -rf` $HOME; \"quote\"\nsecond line", 'ünïcode 한국어', '', '--role-model', 'analyser=claude/opus-4.5'];

describe('demo stand-ins (demo/.demo-bin)', () => {
  before(function () {
    if (!POSIX) skipHere(this, 'the stand-ins are node scripts with a shebang: POSIX only');
  });

  it('every stand-in is an executable file and the README names each of them', () => {
    const readme = fs.readFileSync(path.join(BIN, 'README.md'), 'utf8');
    for (const name of ['okstra', ...AGENTS]) {
      const st = fs.statSync(path.join(BIN, name));
      assert.ok(st.isFile() && (st.mode & 0o111) === 0o111, `${name} is not executable by everyone`);
      assert.ok(readme.includes(`\`${name}\``), `README.md does not mention ${name}`);
    }
    assert.equal(fs.statSync(path.join(BIN, 'agent-stand-in.cjs')).mode & 0o111, 0, 'the shared body must not be a command');
  });

  it('okstra prints the demo header, then every argument JSON-quoted on its own line, and exits 0', () => {
    const argv = ['render-bundle', '--lead-runtime', 'claude-code', ...HOSTILE];
    const res = run('okstra', argv);
    assert.equal(res.status, 0, res.stderr);
    const lines = res.stdout.split('\n');
    assert.equal(lines.pop(), '', 'stdout ends with a newline');
    assert.equal(lines[0], 'okstra (demo stand-in) render-bundle');
    assert.deepEqual(lines.slice(1).map((l) => JSON.parse(l) as string), argv);
    assert.match(res.stderr, /^okstra \(demo stand-in\): working directory "/);
  });

  it('okstra exits with OKSTRA_DEMO_EXIT when it is set, and refuses a value that is not a status', () => {
    assert.equal(run('okstra', ['render-bundle'], { OKSTRA_DEMO_EXIT: '3' }).status, 3);
    assert.equal(run('okstra', ['render-bundle'], { OKSTRA_DEMO_EXIT: '0' }).status, 0);
    const bad = run('okstra', ['render-bundle'], { OKSTRA_DEMO_EXIT: 'soon' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /OKSTRA_DEMO_EXIT must be an integer 0\.\.255: "soon"/);
  });

  for (const agent of AGENTS) {
    it(`${agent} says it is a demo stand-in and prints what it was asked to do`, () => {
      const res = run(agent, HOSTILE);
      assert.equal(res.status, 0, res.stderr);
      const lines = res.stdout.trimEnd().split('\n');
      assert.equal(lines[0], `${agent} (demo stand-in): asked to run with ${HOSTILE.length} arguments`);
      assert.deepEqual(lines.slice(1, 1 + HOSTILE.length).map((l) => JSON.parse(l) as string), HOSTILE);
      assert.match(res.stdout, new RegExp(`${agent} \\(demo stand-in\\): no model was called`));
    });
  }
});
