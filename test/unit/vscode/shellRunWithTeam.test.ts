// New Run with This Team in the shell (src/vscode/commands/start.ts newRun's `defaults`, the host's FreshOptions):
// the wizard starts on the run's task, with its run type and team as the defaults of task-type and team-pick.
import { strict as assert } from 'node:assert';
import type { FakeQuickPick } from './fakeWindow';
import { answerUntil, openShell, stepOf, type Shell } from './shellHarness';

describe('vscode shell: New Run with a run’s team', function () {
  this.timeout(20_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  /** New Run on payments/partial-refunds with these defaults: the run type and the team team-pick offers first. */
  async function defaultsShown(defaults?: Record<string, string>): Promise<[string | undefined, string | undefined]> {
    void shell.command('newRun', { fsPath: shell.project }, 'payments/partial-refunds', ...(defaults ? [{ defaults }] : []));
    const first = (await shell.next()) as FakeQuickPick;
    assert.equal(stepOf(first), 'task-type', 'the row answered task-pick');
    const type = first.activeItems[0]?.model?.value;
    const { input } = await answerUntil(shell, first, 'team-pick', {
      'task-type': (i) => (i as FakeQuickPick).choose('implementation-planning'),
    });
    return [type, (input as FakeQuickPick).activeItems[0]?.model?.value];
  }

  it('task-pick is answered, task-type and team-pick default to the run’s', async () => {
    // Without defaults: the next phase (release-handoff) and the team of the last planning run (usual-panel).
    assert.deepEqual(await defaultsShown(), ['release-handoff', 'usual-panel']);
    await shell.win.input?.escape();
    shell.close();
    shell = openShell();
    const defaults = { 'task-pick': 'payments/partial-refunds', 'task-type': 'implementation-planning', 'team-pick': 'one-by-one' };
    assert.deepEqual(await defaultsShown(defaults), ['implementation-planning', 'one-by-one']);
  });
});
