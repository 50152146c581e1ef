// A run's process id comes from the state file, which comes with the repository (src/host/runLife.ts processIsRun):
// a window that reloads watches, and Stop Run signals, only a process that is still the run the file names.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { processIsRun } from '../../../src/host/runLife';

const linux = process.platform === 'linux';

/** A process whose arguments end like a run's (`render-bundle --task-group payments …`), sleeping until killed. */
function fakeRun(args: readonly string[]): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', ...args], { stdio: 'ignore' });
}

describe('host: a run’s process id from the state file is not trusted', () => {
  const children: ChildProcess[] = [];
  after(() => {
    for (const c of children) c.kill('SIGKILL');
  });

  it('the process of the run (its arguments end with the run’s arguments after the program) is the run', function () {
    if (!linux) this.skip();
    const args = ['render-bundle', '--task-group', 'payments', '--task-id', 'refund-timeout'];
    const child = fakeRun(args);
    children.push(child);
    assert.equal(processIsRun(child.pid, ['/usr/local/bin/okstra', ...args]), true);
  });

  it('a process with other arguments, this process, its parent, init, a process that is gone and a missing pid are not', async () => {
    const child = fakeRun(['render-bundle', '--task-id', 'other']);
    children.push(child);
    const argv = ['okstra', 'render-bundle', '--task-id', 'refund-timeout'];
    assert.equal(processIsRun(child.pid, argv), false);
    assert.equal(processIsRun(process.pid, ['node', ...process.argv.slice(1)]), false);
    assert.equal(processIsRun(process.ppid, argv), false);
    assert.equal(processIsRun(1, argv), false);
    assert.equal(processIsRun(undefined, argv), false);
    assert.equal(processIsRun(-1, argv), false);
    assert.equal(processIsRun(1.5, argv), false);
    // A run recorded with the program alone: nothing to compare, never the run.
    assert.equal(processIsRun(child.pid, ['okstra']), false);
    const gone = fakeRun(['render-bundle']);
    const exited = new Promise((r) => gone.once('exit', r));
    gone.kill('SIGKILL');
    await exited;
    assert.equal(processIsRun(gone.pid, ['okstra', 'render-bundle']), false);
  });
});
