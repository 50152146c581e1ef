// The run after Run (docs/run.md) in the shell with a fake window: a run in progress is recorded as running, Stop Run
// asks first and records what ended it, and a window that loaded again follows a run its wizard's file says is running
// (to its exit code) or says that it ended unseen, never showing it running forever.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { writeRunExit } from '../../../src/host/runExit';
import { followRunsAfterLoad } from '../../../src/vscode/commands/runLife';
import type { RunRequest, RunResult } from '../../../src/vscode/run/runPort';
import { until } from './fakeWindow';
import { answerUntil, openShell, startTask, type Shell } from './shellHarness';

const TASK = 'ledger/fx-rate-cache';

/** The run record in the wizard's state file, as a window that loads it reads it. */
function lastRunOnDisk(shell: Shell): Record<string, unknown> | null {
  const doc = JSON.parse(fs.readFileSync(shell.stateFile(TASK), 'utf8')) as Record<string, unknown>;
  return (doc.lastRun ?? doc.last_run ?? null) as Record<string, unknown> | null;
}

/** A confirmed wizard of TASK whose Run starts at once (no confirmation dialog). */
async function confirmed(shell: Shell): Promise<void> {
  const first = await startTask(shell, TASK);
  const { input } = await answerUntil(shell, first, 'confirm');
  const session = shell.wizard.session!;
  await input.escape();
  assert.ok((await session.submit('run')).ok);
  shell.win.settings.confirmBeforeRun = false;
}

/** A run port whose okstra runs until stop() ends it (with `exitCode`). */
function endlessRun(exitCode = 143) {
  const started: RunRequest[] = [];
  const stopped: string[] = [];
  let end: ((r: RunResult) => void) | undefined;
  return {
    started,
    stopped,
    port: {
      execute: (request: RunRequest) => {
        started.push(request);
        return new Promise<RunResult>((resolve) => (end = resolve));
      },
      stop: (runId: string) => {
        stopped.push(runId);
        end?.({ ok: true, exitCode });
        return true;
      },
    },
  };
}

describe('vscode shell: the run after Run', function () {
  this.timeout(20_000);
  let shell: Shell;
  afterEach(() => shell.close());

  it('a run in progress is recorded as running with its run id; Stop Run asks first, ends it by that id and records it as stopped', async () => {
    const run = endlessRun();
    shell = openShell({ run: run.port });
    await confirmed(shell);
    void shell.command('run');
    await until('okstra to start', () => run.started.length === 1);
    await until('the run to be recorded', () => lastRunOnDisk(shell)?.status === 'running');
    const runId = lastRunOnDisk(shell)!.runId as string;
    assert.match(runId, /\S/);
    assert.equal(run.started[0]!.runId, runId, 'the task is started under the run id the file records');
    assert.match(shell.win.statusItem.text, /running/);

    // Declined: nothing is stopped.
    shell.win.answers = [[/^Stop the okstra run of ledger\/fx-rate-cache\?$/, undefined as never]];
    await shell.command('stopRun');
    assert.deepEqual(run.stopped, []);
    assert.equal(lastRunOnDisk(shell)?.status, 'running');

    shell.win.answers = [[/^Stop the okstra run of ledger\/fx-rate-cache\?$/, 'Stop Run']];
    await shell.command('stopRun');
    assert.deepEqual(run.stopped, [runId]);
    await until('the run to be recorded as stopped', () => lastRunOnDisk(shell)?.status === 'stopped');
    assert.equal(lastRunOnDisk(shell)!.endedBy, 'Stop Run');
    assert.doesNotMatch(shell.win.statusItem.text, /running/);
  });

  it('after a reload, a run whose task and process are gone is recorded as ended unseen, and the person is told', async () => {
    const run = endlessRun();
    shell = openShell({ run: { ...run.port, processAlive: () => false } });
    await confirmed(shell);
    void shell.command('run');
    await until('the run to be recorded', () => lastRunOnDisk(shell)?.status === 'running');
    shell = shell.reload();
    await followRunsAfterLoad(shell.wizard);
    assert.equal(lastRunOnDisk(shell)?.status, 'unknown');
    assert.ok(
      shell.win.messages.some((m) =>
        /^The okstra run of ledger\/fx-rate-cache ended while the window was closed; its exit code is unknown\.$/.test(m.message),
      ),
      JSON.stringify(shell.win.messages),
    );
  });

  it('after a reload, a run that ended while the window was closed: its exit code from the run wrapper’s exit file, which then goes', async () => {
    const run = endlessRun();
    shell = openShell({ run: { ...run.port, processAlive: () => false } });
    await confirmed(shell);
    void shell.command('run');
    await until('the run to be recorded', () => lastRunOnDisk(shell)?.status === 'running');
    const runId = lastRunOnDisk(shell)!.runId as string;
    const exitFile = run.started[0]!.exitFile!;
    assert.equal(exitFile, `${shell.stateFile(TASK)}.run-${runId}.exit`, 'Run names the exit file next to the state file');
    // What the wrapper writes when okstra ends (src/host/runWrapper.ts).
    writeRunExit(exitFile, { runId, exitCode: 4, signal: null, endedAt: new Date().toISOString() });
    shell = shell.reload();
    await followRunsAfterLoad(shell.wizard);
    assert.equal(lastRunOnDisk(shell)?.status, 'exited');
    assert.equal(lastRunOnDisk(shell)?.exitCode, 4);
    assert.equal(fs.existsSync(exitFile), false, 'the exit file goes once its end is recorded');
    await until('the person to be told', () => shell.win.messages.some((m) => /failed with exit code 4/.test(m.message)));
  });

  it('after a reload, a run watched by its process: its exit code from the exit file when the process ends; a broken file is not used', async () => {
    for (const [content, status, exitCode] of [
      ['ok', 'exited', 0],
      ['{"runId":"0000000000000000","exitCode":0,"signal":null,"endedAt":"x"}', 'unknown', null],
    ] as const) {
      const run = endlessRun();
      let alive = true;
      shell = openShell({ run: { ...run.port, follow: () => null, processAlive: () => alive } });
      await confirmed(shell);
      void shell.command('run');
      await until('the run to be recorded', () => lastRunOnDisk(shell)?.status === 'running');
      const runId = lastRunOnDisk(shell)!.runId as string;
      const exitFile = run.started[0]!.exitFile!;
      shell = shell.reload();
      await followRunsAfterLoad(shell.wizard);
      assert.equal(lastRunOnDisk(shell)?.status, 'running', 'still running while its process runs');
      if (content === 'ok') writeRunExit(exitFile, { runId, exitCode: 0, signal: null, endedAt: new Date().toISOString() });
      else fs.writeFileSync(exitFile, content);
      alive = false;
      await until('the end to be recorded', () => lastRunOnDisk(shell)?.status !== 'running');
      assert.equal(lastRunOnDisk(shell)?.status, status);
      assert.equal(lastRunOnDisk(shell)?.exitCode, exitCode);
      // A file that is not this run's record stays where it is (the output channel says why it was not used).
      assert.equal(fs.existsSync(exitFile), content !== 'ok');
      shell.close();
    }
  });

  it('after a reload, a run VS Code kept running is followed to its end and its exit code recorded', async () => {
    const run = endlessRun();
    let finish: ((r: RunResult) => void) | undefined;
    const ended = new Promise<RunResult>((resolve) => (finish = resolve));
    shell = openShell({ run: { ...run.port, follow: () => ({ ended }), processAlive: () => true } });
    await confirmed(shell);
    void shell.command('run');
    await until('the run to be recorded', () => lastRunOnDisk(shell)?.status === 'running');
    shell = shell.reload();
    await followRunsAfterLoad(shell.wizard);
    assert.equal(lastRunOnDisk(shell)?.status, 'running', 'still running while its task runs');
    finish!({ ok: true, exitCode: 3 });
    await until('the exit code to be recorded', () => lastRunOnDisk(shell)?.status === 'exited');
    assert.equal(lastRunOnDisk(shell)!.exitCode, 3);
  });

  it('after a reload, a run whose task VS Code reconnects only after the extension loaded is followed to its exit code', async () => {
    const run = endlessRun();
    let finish: ((r: RunResult) => void) | undefined;
    const ended = new Promise<RunResult>((resolve) => (finish = resolve));
    // The task is not among VS Code's tasks when the window loads; it is a moment later.
    let reconnected = false;
    const follow = () => (reconnected ? { ended } : null);
    shell = openShell({ run: { ...run.port, follow, processAlive: () => true } });
    await confirmed(shell);
    void shell.command('run');
    await until('the run to be recorded', () => lastRunOnDisk(shell)?.status === 'running');
    shell = shell.reload();
    await followRunsAfterLoad(shell.wizard);
    assert.equal(lastRunOnDisk(shell)?.status, 'running', 'still running while its process runs');
    reconnected = true;
    finish!({ ok: true, exitCode: 3 });
    await until('the exit code to be recorded', () => lastRunOnDisk(shell)?.status === 'exited');
    assert.equal(lastRunOnDisk(shell)!.exitCode, 3);
  });
});
