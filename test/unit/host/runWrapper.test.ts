// The run wrapper (src/host/runWrapper.ts, dist/run-wrapper.js) and the run's exit file (src/host/runExit.ts): Run
// starts okstra through the wrapper, which passes okstra exactly the argv Run decided, passes on the signals that end
// a run, and records how okstra ended next to the state file, for a window that reloaded during the run. The exit
// file comes with the repository like the state file: reading it trusts nothing.
import { strict as assert } from 'node:assert';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { extensionBundles } from '../../../scripts/bundles.mjs';
import { runExitFileOf } from '../../../src/core/run/runExitName';
import { readRunExit, removeRunExit, writeRunExit } from '../../../src/host/runExit';
import { endFromExitFile, processIsRun } from '../../../src/host/runLife';
import { parseWrapperArgs, UNSET_ELECTRON_FLAG } from '../../../src/host/runWrapper';
import { REPO_ROOT } from '../cli/cliHarness';

const RUN_ID = '0123456789abcdef';
const linux = process.platform === 'linux';

/** Waits until `check` holds (each 20 ms), up to 10 s: the condition, never a fixed time. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`never happened: ${what}`);
}

describe('host: the run wrapper starts okstra with the exact argv and records how it ended', function () {
  this.timeout(30_000);
  let dir: string;
  let wrapper: string;
  const children: ChildProcess[] = [];

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-run-wrapper-'));
    const out = path.join(dir, 'dist');
    const esbuild = require('esbuild') as typeof import('esbuild');
    const bundle = extensionBundles({ root: REPO_ROOT, outdir: out, common: { logLevel: 'error' }, release: true }).find(
      (b) => b.name === 'run wrapper',
    )!;
    const { name: _name, ...options } = bundle;
    await esbuild.build(options);
    wrapper = path.join(out, 'run-wrapper.js');
  });
  after(() => {
    for (const c of children) c.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A state file's exit file in a fresh folder. */
  function exitFile(): { state: string; file: string } {
    const folder = fs.mkdtempSync(path.join(dir, 'task-'));
    const state = path.join(folder, 'refund-timeout.wizard.json');
    return { state, file: runExitFileOf(state, RUN_ID)! };
  }

  /** A stand-in okstra: node, writing the arguments it got to `argsOut`, then exiting with `code`. */
  function standIn(argsOut: string, code: number): string[] {
    const script = `require('fs').writeFileSync(${JSON.stringify(argsOut)}, JSON.stringify(process.argv.slice(1))); process.exit(${code})`;
    return [process.execPath, '-e', script];
  }

  it('parses `[--unset-electron-run-as-node] <exit file> -- <program> [args…]` and refuses anything else', () => {
    const file = `/p/.okstra/tasks/payments/x.wizard.json.run-${RUN_ID}.exit`;
    assert.deepEqual(parseWrapperArgs([file, '--', 'okstra', 'render-bundle']), {
      exitFile: file,
      runId: RUN_ID,
      argv: ['okstra', 'render-bundle'],
      unsetElectron: false,
    });
    assert.equal((parseWrapperArgs([UNSET_ELECTRON_FLAG, file, '--', 'okstra']) as { unsetElectron: boolean }).unsetElectron, true);
    for (const bad of [
      [],
      [file],
      [file, 'okstra'],
      [file, '--'],
      [file, '--', ''],
      ['/etc/passwd', '--', 'okstra'],
      [`${file}x`, '--', 'okstra'],
    ]) {
      assert.ok('error' in parseWrapperArgs(bad), JSON.stringify(bad));
    }
  });

  it('passes okstra its argv exactly (spaces, quotes, $( ), an empty word), ends with its exit code and records it', () => {
    const { state, file } = exitFile();
    const argsOut = path.join(dir, 'args-1.json');
    const words = ['render-bundle', '--task-id', 'refund timeout', `it's "quoted"`, '$(touch /tmp/pwned)', '', '--brief=a;b|c'];
    const r = spawnSync(process.execPath, [wrapper, file, '--', ...standIn(argsOut, 3), ...words], { encoding: 'utf8' });
    assert.equal(r.status, 3, r.stderr);
    assert.deepEqual(JSON.parse(fs.readFileSync(argsOut, 'utf8')), words);
    const read = readRunExit(state, RUN_ID);
    assert.equal(read.kind, 'ended');
    assert.deepEqual({ ...(read as { record: object }).record, endedAt: 'x' }, { runId: RUN_ID, exitCode: 3, signal: null, endedAt: 'x' });
    assert.deepEqual(endFromExitFile(state, RUN_ID), { end: { kind: 'exit', exitCode: 3 } });
  });

  it('a Stop (SIGTERM to the wrapper) reaches okstra; the record names the signal and the wrapper ends by it', async function () {
    if (!linux) this.skip();
    const { state, file } = exitFile();
    const args = ['render-bundle', '--task-id', 'refund-timeout'];
    const child = spawn(process.execPath, [wrapper, file, '--', process.execPath, '-e', 'setInterval(() => {}, 1000)', ...args], {
      stdio: 'ignore',
    });
    children.push(child);
    // The process Run recorded (the wrapper) is the run: its arguments end with the run's.
    await until(() => processIsRun(child.pid, ['okstra', ...args]), 'the wrapper runs');
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // The stand-in must be running before the signal, or the wrapper has nothing to pass it on to.
    const childrenOf = `/proc/${child.pid}/task/${child.pid}/children`;
    await until(() => fs.readFileSync(childrenOf, 'utf8').trim() !== '', 'okstra runs');
    child.kill('SIGTERM');
    assert.equal(await ended, 'SIGTERM');
    const read = readRunExit(state, RUN_ID);
    assert.equal(read.kind === 'ended' && read.record.signal, 'SIGTERM');
    assert.deepEqual(endFromExitFile(state, RUN_ID)?.end, { kind: 'unknown', why: 'ended by SIGTERM' });
  });

  it('SIGUSR1 to the wrapper reaches okstra (the demo stand-in finishes on it): its exit code 0 is recorded', async function () {
    if (!linux) this.skip();
    const { state, file } = exitFile();
    const ready = path.join(dir, 'usr1-ready');
    const finishOnUsr1 = `process.on('SIGUSR1', () => process.exit(0)); require('fs').writeFileSync(${JSON.stringify(ready)}, ''); setInterval(() => {}, 1000)`;
    const child = spawn(process.execPath, [wrapper, file, '--', process.execPath, '-e', finishOnUsr1, 'render-bundle'], {
      stdio: 'ignore',
    });
    children.push(child);
    const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // The stand-in listens to SIGUSR1 before it is sent (Node's own SIGUSR1 starts its inspector).
    await until(() => fs.existsSync(ready), 'okstra listens to SIGUSR1');
    child.kill('SIGUSR1');
    assert.equal(await ended, 0);
    assert.deepEqual(endFromExitFile(state, RUN_ID), { end: { kind: 'exit', exitCode: 0 } });
  });

  it('a program that cannot start ends with 127 and is recorded; with the flag okstra does not get ELECTRON_RUN_AS_NODE', () => {
    const missing = exitFile();
    const r = spawnSync(process.execPath, [wrapper, missing.file, '--', path.join(dir, 'no-such-okstra'), 'render-bundle'], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 127);
    assert.match(r.stderr, /cannot start .*no-such-okstra/);
    assert.deepEqual(endFromExitFile(missing.state, RUN_ID), { end: { kind: 'exit', exitCode: 127 } });

    const envOut = path.join(dir, 'env.json');
    const show = `require('fs').writeFileSync(${JSON.stringify(envOut)}, JSON.stringify(process.env.ELECTRON_RUN_AS_NODE ?? null))`;
    for (const [flag, seen] of [
      [[UNSET_ELECTRON_FLAG], null],
      [[], '1'],
    ] as const) {
      const { file } = exitFile();
      const s = spawnSync(process.execPath, [wrapper, ...flag, file, '--', process.execPath, '-e', show], {
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      });
      assert.equal(s.status, 0);
      assert.equal(JSON.parse(fs.readFileSync(envOut, 'utf8')), seen);
    }
  });

  it('refuses to write anything but a run exit file (exit 2, okstra not started)', () => {
    const target = path.join(dir, 'config.yaml');
    const argsOut = path.join(dir, 'args-refused.json');
    const r = spawnSync(process.execPath, [wrapper, target, '--', ...standIn(argsOut, 0)], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /not a run's exit file/);
    assert.equal(fs.existsSync(target), false);
    assert.equal(fs.existsSync(argsOut), false);
  });
});

describe('host: a run’s exit file read after a reload trusts nothing', () => {
  let dir: string;
  let state: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-run-exit-'));
    state = path.join(dir, 'refund-timeout.wizard.json');
    file = runExitFileOf(state, RUN_ID)!;
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const good = { runId: RUN_ID, exitCode: 0, signal: null, endedAt: '2026-12-06T05:00:00.000Z' };

  it('no file, or a run id that is not one: no end known (null)', () => {
    assert.deepEqual(readRunExit(state, RUN_ID), { kind: 'none' });
    assert.equal(endFromExitFile(state, RUN_ID), null);
    assert.equal(endFromExitFile(state, undefined), null);
    assert.equal(runExitFileOf(state, '../../etc/passwd'), null);
    assert.deepEqual(readRunExit(state, '../x'), { kind: 'none' });
  });

  it('written and read back; removed once recorded', () => {
    writeRunExit(file, good);
    assert.deepEqual(readRunExit(state, RUN_ID), { kind: 'ended', record: good });
    removeRunExit(state, RUN_ID);
    assert.equal(fs.existsSync(file), false);
  });

  const hostile: Array<[string, () => void, RegExp]> = [
    ['bad JSON', () => fs.writeFileSync(file, '{"runId":'), /not JSON/],
    [
      'another run',
      () => fs.writeFileSync(file, JSON.stringify({ ...good, runId: 'ffffffffffffffff' })),
      /records run ffffffffffffffff, not run/,
    ],
    ['an exit code out of range', () => fs.writeFileSync(file, JSON.stringify({ ...good, exitCode: 999 })), /exitCode/],
    ['a key of its own', () => fs.writeFileSync(file, JSON.stringify({ ...good, argv: ['rm', '-rf'] })), /not a run's exit record/],
    ['an array', () => fs.writeFileSync(file, '[1,2]'), /not a run's exit record/],
    ['JSON nested 100,000 levels', () => fs.writeFileSync(file, '['.repeat(100_000)), /bytes|not JSON/],
    ['1 MB', () => fs.writeFileSync(file, ' '.repeat(1_000_000)), /1000000 bytes/],
    ['a folder', () => fs.mkdirSync(file), /not a regular file/],
    [
      'a link to a good record elsewhere',
      () => {
        const elsewhere = path.join(dir, 'elsewhere.json');
        fs.writeFileSync(elsewhere, JSON.stringify(good));
        fs.symlinkSync(elsewhere, file);
      },
      /symbolic link/,
    ],
    ['a link to /dev/zero', () => fs.symlinkSync('/dev/zero', file), /symbolic link/],
    ['a link loop', () => fs.symlinkSync(file, file), /symbolic link/],
  ];
  if (linux) hostile.push(['a FIFO (never blocks)', () => execFileSync('mkfifo', [file]), /not a regular file/]);

  for (const [name, make, problem] of hostile) {
    it(`${name}: a problem that names the file, the end unknown, the file kept`, () => {
      make();
      const read = readRunExit(state, RUN_ID);
      assert.equal(read.kind, 'bad');
      const text = (read as { problem: string }).problem;
      assert.ok(text.includes(file), text);
      assert.match(text, problem);
      const found = endFromExitFile(state, RUN_ID);
      assert.equal(found?.end.kind, 'unknown');
      assert.ok(found?.problem);
      assert.ok(fs.lstatSync(file, { throwIfNoEntry: false }), 'reading leaves it in place');
    });
  }

  it('removing an exit file leaves a link (and its target) and a folder where they are', () => {
    const elsewhere = path.join(dir, 'elsewhere.json');
    fs.writeFileSync(elsewhere, JSON.stringify(good));
    fs.symlinkSync(elsewhere, file);
    removeRunExit(state, RUN_ID);
    assert.ok(fs.lstatSync(file).isSymbolicLink());
    assert.ok(fs.existsSync(elsewhere));
    fs.unlinkSync(file);
    fs.mkdirSync(file);
    removeRunExit(state, RUN_ID);
    assert.ok(fs.statSync(file).isDirectory());
  });
});
