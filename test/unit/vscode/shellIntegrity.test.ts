// An answer lands only on the prompt that was shown, in the shell with a fake window: another
// writer under an open prompt, a stale save (Reload), a state file that no longer parses, a legacy wizard's
// companion, and Open State File on a legacy wizard (§7).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FakeQuickPick } from './fakeWindow';
import { until } from './fakeWindow';
import { answerUntil, openShell, startTask, stepOf, type Shell } from './shellHarness';

/** Another writer (the CLI, another window): a session of its own on the same file answers `answer`. */
async function otherWriter(shell: Shell, statePath: string, answer: string): Promise<void> {
  const other = await shell.wizard.factory.open(statePath, shell.win.folders[0]);
  const r = await other.submit(answer);
  assert.ok(r.ok, r.ok ? '' : r.error);
}

describe('vscode shell: an answer is bound to the prompt it answers', function () {
  this.timeout(20_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  it('a change by another writer under an open prompt closes it and opens the new current prompt with a notice', async () => {
    const taskType = (await startTask(shell, 'checkout/saved-card-migration')) as FakeQuickPick;
    assert.equal(stepOf(taskType), 'task-type');
    const file = shell.stateFile('checkout/saved-card-migration');
    assert.ok(shell.win.watched().includes(file), 'the state file is watched');
    await otherWriter(shell, file, 'requirements-discovery');
    const written = fs.readFileSync(file);
    shell.win.fileChanged(file);
    const next = await shell.next(taskType);
    assert.ok(taskType.disposed, 'the old prompt is closed');
    assert.equal(stepOf(next), 'brief');
    // The notice says what happened; the question follows once (it was said twice: "now at <question> · <question>").
    const shown = next.placeholder ?? next.prompt ?? '';
    assert.match(shown, /^changed outside this window(: kept [^·]+)? · \S/);
    const question = shown.slice(shown.indexOf(' · ') + ' · '.length);
    assert.equal(shown.split(question).length - 1, 1, shown);
    // The old prompt's accept now goes nowhere: nothing more is written.
    await taskType.choose('error-analysis').catch(() => undefined);
    assert.deepEqual(fs.readFileSync(file), written);
  });

  it('when another window answered the open prompt first, the notice says which answer was kept', async () => {
    const taskType = (await startTask(shell, 'checkout/saved-card-migration')) as FakeQuickPick;
    const file = shell.stateFile('checkout/saved-card-migration');
    await otherWriter(shell, file, 'requirements-discovery');
    shell.win.fileChanged(file);
    const next = await shell.next(taskType);
    const shown = next.placeholder ?? next.prompt ?? '';
    // The answer in words, as the Wizard view shows it (the losing window's pick is not saved).
    assert.match(shown, /^changed outside this window: kept Run type = [^·]*requirements[^·]* · \S/i);
  });

  it('an answer bound to a prompt that is no longer current is refused, names both prompts and writes nothing', async () => {
    const taskType = await startTask(shell, 'checkout/saved-card-migration');
    const session = shell.wizard.session!;
    const revision = session.wizard.revision;
    await taskType.enter();
    await shell.next(taskType);
    const file = shell.stateFile('checkout/saved-card-migration');
    const before = fs.readFileSync(file);
    const r = await session.submit('error-analysis', { prompt: 'task-type', revision });
    assert.equal(r.ok, false);
    assert.ok(!r.ok && r.code === 'wrong-prompt');
    assert.match(!r.ok ? r.error : '', /^the current prompt is 'brief', not 'task-type'; nothing was written$/);
    const stale = await session.submit('x', { prompt: 'brief', revision });
    assert.match(
      !stale.ok ? stale.error : '',
      /^the state changed since prompt 'brief' was shown \(revision [0-9a-f]{16} is now [0-9a-f]{16}\); nothing was written$/,
    );
    assert.deepEqual(fs.readFileSync(file), before);
  });

  it('a save refused as stale (the writer came before any change event) offers Reload, which opens the new current prompt', async () => {
    const taskType = (await startTask(shell, 'checkout/saved-card-migration')) as FakeQuickPick;
    const file = shell.stateFile('checkout/saved-card-migration');
    await otherWriter(shell, file, 'requirements-discovery');
    const cliBytes = fs.readFileSync(file);
    shell.win.answers = [[/changed in another window/, 'Reload']];
    await taskType.choose('error-analysis');
    // In words; the protocol text stays in the log.
    assert.match(taskType.errorText() ?? '', /changed somewhere else/);
    const next = await shell.next(taskType);
    assert.ok(shell.win.messages.some((m) => m.severity === 'warning' && m.buttons.includes('Reload')));
    assert.equal(stepOf(next), 'brief');
    assert.equal(shell.wizard.session!.wizard.state.task_type, 'requirements-discovery');
    assert.deepEqual(fs.readFileSync(file), cliBytes, 'the refused answer wrote nothing');
    // The change event comes late: the prompt stays; a new command still gets its prompt (one loop at a time).
    shell.win.fileChanged(file);
    await next.escape();
    void shell.command('newRun');
    const fresh = await shell.next(next);
    assert.equal(stepOf(fresh), 'task-pick');
    assert.equal(shell.win.inputs.length, 1);
  });

  it('a new command while the loop shows a prompt closes it and shows its own (no second loop, no stale prompt)', async () => {
    const taskType = await startTask(shell, 'checkout/saved-card-migration');
    let done = false;
    void shell.command('newRun').then(() => (done = true));
    const pick = await shell.next(taskType);
    assert.equal(stepOf(pick), 'task-pick');
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(shell.win.input, pick, 'nothing replaced it');
    assert.equal(shell.win.inputs.length, 1);
    // Escape ends it: the command is over and no prompt comes back.
    await pick.escape();
    await until('New Run to end', () => done);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(shell.win.input, undefined);
  });

  it('a state file that no longer parses is shown at once (file:line:column), and answers are refused with that message', async () => {
    const taskType = (await startTask(shell, 'checkout/saved-card-migration')) as FakeQuickPick;
    const file = shell.stateFile('checkout/saved-card-migration');
    fs.writeFileSync(file, '{\n  "executionIdentityVersion": 2,\n  "answered": [\n}\n');
    shell.win.fileChanged(file);
    const note = await until('the notification', () =>
      shell.win.messages.find((m) => m.severity === 'error' && /no longer parses/.test(m.message)),
    );
    assert.match(note.message, /checkout\/saved-card-migration\.wizard\.json:\d+:\d+: /);
    assert.ok(note.buttons.includes('Open State File'));
    await until('the prompt to close', () => taskType.disposed);
    assert.match(shell.view.rows()[0] ?? '', /^error: .*saved-card-migration\.wizard\.json:\d+:\d+: /);
    const r = await shell.wizard.session!.submit('error-analysis');
    assert.ok(!r.ok && /saved-card-migration\.wizard\.json:\d+:\d+: /.test(r.error), !r.ok ? r.error : '');
    assert.match(fs.readFileSync(file, 'utf8'), /"answered": \[\n\}/, 'nothing was written over the broken file');
  });

  it('a legacy v1 wizard: the companion is watched, the conversion is said once, Open State File opens the companion and says why', async () => {
    const v1 = shell.stateFile('payments/refund-timeout');
    const v1Bytes = fs.readFileSync(v1);
    shell.win.answers = [[/was opened from an older or moved state file\.$/, 'Details']];
    void shell.command('resume', v1);
    const first = await shell.next();
    assert.equal(stepOf(first), 'role-add:critic');
    // One short notification (a long one is cut off); its Details show the notes whole, paths and all.
    const toast = await until('the opening note', () =>
      shell.win.messages.find((m) => !m.modal && /^The wizard of payments\/refund-timeout was opened from/.test(m.message)),
    );
    assert.deepEqual(toast.buttons, ['Details']);
    const details = await until('its details', () =>
      shell.win.messages.find((m) => m.modal && m.message === 'The wizard of payments/refund-timeout'),
    );
    assert.match(details.detail ?? '', /version-1 state file: its answers were converted/);
    const session = shell.wizard.session!;
    const companion = session.wizard.watchPaths()[1];
    assert.ok(
      companion && companion !== v1 && shell.win.watched().includes(companion),
      `companion watched: ${shell.win.watched().join(', ')}`,
    );
    await first.enter();
    const second = await shell.next(first);
    assert.ok(fs.existsSync(companion));
    // The CLI answers through the companion: the open prompt follows.
    await otherWriter(shell, v1, (shell.wizard.session!.wizard.current().prompt!.options.find((o) => o.default) ?? { value: '' }).value);
    shell.win.fileChanged(companion);
    const third = await shell.next(second);
    assert.match(third.placeholder ?? third.prompt ?? '', /^changed outside this window/);
    await third.escape();
    await shell.command('openStateFile');
    assert.equal(shell.win.opened.at(-1)?.file, companion);
    const why = shell.win.messages.find((m) => m.message.includes('is a version-1 file, never written'));
    assert.ok(why, shell.win.messages.map((m) => m.message).join(' | '));
    assert.ok(why.message.startsWith('.okstra/tasks/payments/refund-timeout.wizard.json '), why.message);
    assert.ok(!why.message.includes(path.basename(companion)) && !why.message.includes(shell.project), 'no long names in a notification');
    assert.deepEqual(fs.readFileSync(v1), v1Bytes, 'the v1 file is untouched');
    // Said once: opening the wizard again says nothing new.
    void shell.command('resume', v1);
    await shell.next(third);
    assert.equal(shell.win.messages.filter((m) => /was opened from an older or moved state file/.test(m.message)).length, 1);
  });

  it('a legacy v1 file whose bytes changed after its continuation was saved: continued from that companion, and the UI says so', async () => {
    const v1 = shell.stateFile('payments/refund-timeout');
    void shell.command('resume', v1);
    const first = await shell.next();
    await first.enter();
    const second = await shell.next(first);
    await second.escape();
    const answered = shell.wizard.session!.wizard.state.answered.length;
    // git's autocrlf (or a hand edit) rewrites the v1 bytes: the companion named after the old sha256 is no longer the match.
    fs.writeFileSync(v1, fs.readFileSync(v1, 'utf8').replace(/\n/g, '\r\n'));
    // Another window (or a reload) opens it afresh.
    const reopened = await shell.wizard.factory.open(v1, shell.win.folders[0]!);
    assert.notEqual(reopened.wizard.current().prompt?.step, 'role-add:critic', 'not restarted from the v1 answers');
    assert.equal(reopened.wizard.state.answered.length, answered, 'every answer of the continuation kept');
    const said = reopened.openingMessages().filter((m) => /changed since its continuation was saved/.test(m));
    assert.equal(said.length, 1, reopened.openingMessages().join(' | '));
  });

  it('the confirm step binds too: Run after another writer rewound it is refused, nothing runs', async () => {
    const first = await startTask(shell, 'ledger/fx-rate-cache');
    const { input: confirm } = await answerUntil(shell, first, 'confirm');
    const file = shell.stateFile('ledger/fx-rate-cache');
    const other = await shell.wizard.factory.open(file, shell.win.folders[0]);
    const r = await other.rewind('task-type');
    assert.ok(r.ok);
    // No change event yet: the accept races the watcher.
    await (confirm as FakeQuickPick).choose('run');
    assert.equal(shell.runs.length, 0, 'nothing ran');
    assert.notEqual(JSON.parse(fs.readFileSync(file, 'utf8')).confirmed, true);
  });
});
