// The demo's PATH folder (demo/.demo-bin): stand-ins for okstra and the agent
// CLIs. What they print is what a user reads in the terminal after Run, and
// what the UI tests compare with the argv the wizard rendered.
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
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

  it('okstra --version prints one version line and exits 0', () => {
    const res = run('okstra', ['--version']);
    assert.equal(res.status, 0, res.stderr);
    assert.equal(res.stdout, 'okstra 0.9.0 (demo stand-in)\n');
  });

  /** A project with one task, as the demo has them. */
  function oneTaskProject(): { root: string; task: string } {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-standin-'));
    const task = path.join(root, '.okstra', 'tasks', 'payments', 'refunds');
    fs.mkdirSync(task, { recursive: true });
    const manifest = { taskGroup: 'payments', taskId: 'refunds', runs: [{ runId: 'old-1', taskType: 'error-analysis', status: 'completed' }] };
    fs.writeFileSync(path.join(task, 'task-manifest.json'), JSON.stringify(manifest));
    return { root, task };
  }
  const renderArgv = (root: string) => [
    'render-bundle', '--project-root', root, '--task-group', 'payments', '--task-id', 'refunds', '--task-type', 'error-analysis',
    '--directive', 'look at p99', '--related-tasks', '', '--role-count', 'analyser=2',
    '--role-model', 'leader=claude/opus-4.5', '--role-model', 'analyser=claude/opus-4.5', '--role-model', 'analyser=codex/gpt-5.1-codex',
  ];

  it('okstra render-bundle that succeeds records the run in its task folder, as a finished okstra run does', () => {
    const { root, task } = oneTaskProject();
    const res = run('okstra', renderArgv(root));
    assert.equal(res.status, 0, res.stderr);
    const manifest = JSON.parse(fs.readFileSync(path.join(task, 'task-manifest.json'), 'utf8'));
    assert.equal(manifest.runs.length, 2);
    const entry = manifest.runs[1];
    assert.match(entry.runId, /^\d{4}-\d{2}-\d{2}-1$/);
    assert.deepEqual({ ...entry, runId: 'x' }, { runId: 'x', taskType: 'error-analysis', status: 'completed', outcome: 'accepted', inputs: `runs/${entry.runId}/inputs.json` });
    const inputs = JSON.parse(fs.readFileSync(path.join(task, entry.inputs), 'utf8'));
    assert.deepEqual(inputs, {
      taskType: 'error-analysis',
      directive: 'look at p99',
      relatedTasks: '',
      roleCounts: { analyser: 2 },
      roleModels: { leader: ['claude/opus-4.5'], analyser: ['claude/opus-4.5', 'codex/gpt-5.1-codex'] },
    });
    assert.match(res.stderr, /recorded run \d{4}-\d{2}-\d{2}-1 in payments\/refunds/);
    // A second run gets the next id of the day.
    run('okstra', renderArgv(root));
    const again = JSON.parse(fs.readFileSync(path.join(task, 'task-manifest.json'), 'utf8'));
    assert.match(again.runs[2].runId, /-2$/);
  });

  it('okstra records nothing when it fails (OKSTRA_DEMO_EXIT) or names no task of the project', () => {
    const { root, task } = oneTaskProject();
    const before = fs.readFileSync(path.join(task, 'task-manifest.json'), 'utf8');
    assert.equal(run('okstra', renderArgv(root), { OKSTRA_DEMO_EXIT: '3' }).status, 3);
    assert.equal(run('okstra', ['render-bundle', '--project-root', root, '--task-group', '../x', '--task-id', 'refunds', '--task-type', 'a']).status, 0);
    assert.equal(fs.readFileSync(path.join(task, 'task-manifest.json'), 'utf8'), before);
    assert.equal(fs.existsSync(path.join(task, 'runs')), false);
  });

  it('OKSTRA_DEMO_SECONDS makes okstra render-bundle take its time, saying so, and a stop ends it before it records', async () => {
    const { root, task } = oneTaskProject();
    const res = run('okstra', renderArgv(root), { OKSTRA_DEMO_SECONDS: '0.2' });
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stderr, /agents working… 0\/0\.2 s/);
    assert.match(res.stderr, /recorded run/);
    // Stopped once it says it is working (its signal handlers are in place then).
    const child = spawn('okstra', renderArgv(root), {
      env: { ...process.env, OKSTRA_DEMO_EXIT: '', OKSTRA_DEMO_SECONDS: '30', PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` },
    });
    let stderr = '';
    const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (/agents working/.test(stderr) && !child.killed) child.kill('SIGTERM');
    });
    assert.equal(await ended, 143, stderr);
    assert.match(stderr, /stopped by SIGTERM/);
    const manifest = JSON.parse(fs.readFileSync(path.join(task, 'task-manifest.json'), 'utf8'));
    assert.equal(manifest.runs.length, 2, 'only the first, finished run is recorded');
    const bad = run('okstra', ['render-bundle'], { OKSTRA_DEMO_SECONDS: 'forever' });
    assert.match(bad.stderr, /OKSTRA_DEMO_SECONDS must be a number of seconds 0\.\.3600: "forever"/);
  });

  it('SIGUSR1 makes a slow okstra render-bundle finish now: it exits as its time being up would, and records the run', async () => {
    const { root, task } = oneTaskProject();
    const child = spawn('okstra', renderArgv(root), {
      env: { ...process.env, OKSTRA_DEMO_EXIT: '', OKSTRA_DEMO_SECONDS: '600', PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` },
    });
    let stderr = '';
    const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let asked = false;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (/agents working/.test(stderr) && !asked) asked = child.kill('SIGUSR1');
    });
    assert.equal(await ended, 0, stderr);
    assert.match(stderr, /asked to finish now \(SIGUSR1\)/);
    const manifest = JSON.parse(fs.readFileSync(path.join(task, 'task-manifest.json'), 'utf8'));
    assert.equal(manifest.runs.length, 2, 'the finished run is recorded after the one the project had');
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
