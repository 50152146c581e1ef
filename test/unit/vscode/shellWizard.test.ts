// The VS Code shell driven in plain Node with a fake window (shellHarness.ts): the prompt loop, Back, Edit
// from Here, the one confirmation and Run, on a copy of the demo with the real engine and store.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { COMMAND_IDS } from '../../../src/vscode/commandIds';
import { FakeQuickPick, until } from './fakeWindow';
import { answerUntil, openShell, startTask, stepOf, type Shell } from './shellHarness';

describe('vscode shell: the prompt loop with a fake window', function () {
  this.timeout(20_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  it('New Run lists the demo tasks, and a whole wizard ends in ONE confirmation whose Run starts okstra', async () => {
    void shell.command('newRun');
    const first = (await shell.next()) as FakeQuickPick;
    assert.equal(stepOf(first), 'task-pick');
    assert.ok(first.values().includes('payments/currency-rounding'), first.values().join(' '));
    await first.choose('payments/currency-rounding');
    const { input: confirm, seen } = await answerUntil(shell, await shell.next(first), 'confirm');
    assert.ok(seen.includes('role-model:planner:2'), seen.join(' → '));
    const doc = await until('the confirmation document', () => shell.win.documents.get('okstra render-bundle'));
    assert.match(doc, /^<h1 [^>]*>implementation-planning · payments\/currency-rounding<\/h1>$/m);
    assert.match(doc, /^\| task-type +\| implementation-planning +\|$/m);
    assert.match(doc, /^\| planner +\| 2 +\| codex\/gpt-5\.1-codex +\|$/m);
    assert.match(doc, /^okstra render-bundle .*--task-group payments .*--task-id currency-rounding/m);
    const qp = confirm as FakeQuickPick;
    assert.deepEqual(qp.values(), ['run', 'edit', 'abort']);
    await qp.choose((i) => /Copy Command Line/.test(i.label));
    assert.match(shell.win.clipboard, /^okstra render-bundle /);
    assert.equal(qp.placeholder, 'Copied the command line to the clipboard.');
    assert.equal(shell.win.input, qp, 'Copy keeps the confirmation open');
    await qp.choose('run');
    await until('okstra to run', () => shell.runs.length === 1);
    assert.deepEqual(shell.runs[0].argv.slice(0, 2), ['okstra', 'render-bundle']);
    assert.equal(shell.win.messages.filter((m) => m.modal).length, 0, 'no second (modal) confirmation');
    assert.equal(shell.win.documents.size, 0, 'the confirmation document closes');
    const saved = JSON.parse(fs.readFileSync(shell.stateFile('payments/currency-rounding'), 'utf8'));
    assert.equal(saved.confirmed, true);
    await until(
      'the exit code recorded',
      () => JSON.parse(fs.readFileSync(shell.stateFile('payments/currency-rounding'), 'utf8')).last_run?.exitCode === 0,
    );
  });

  it('Team: picking the demo’s usual-panel answers every agent of a planning run; the Wizard view shows each as its own row', async () => {
    const taskType = await startTask(shell, 'payments/currency-rounding');
    const { input: teamPick } = await answerUntil(shell, taskType, 'team-pick');
    const qp = teamPick as FakeQuickPick;
    // review-panel names analysers, which a planning run does not have: it is listed under "Not available".
    const disabled = qp.items
      .filter((i) => i.model?.kind === 'option' && (i.model as { disabled?: boolean }).disabled)
      .map((i) => [i.label, i.detail]);
    assert.deepEqual(disabled, [
      [
        'review-panel — Opus and GPT-5.1 Codex read independently, Gemini critiques',
        "role 'analyser' is not selectable in the implementation-planning profile",
      ],
    ]);
    await qp.choose('usual-panel');
    const next = await shell.next(qp);
    assert.equal(stepOf(next), 'directive-pick', 'the team answered every agent question');
    const rows = shell.view.rows();
    assert.deepEqual(
      rows.filter((id) => id === 'team-pick' || id.startsWith('role-')),
      [
        'team-pick',
        'role-count:planner',
        'role-add:critic',
        'role-model:leader:1',
        'role-model:planner:1',
        'role-model:planner:2',
        'role-model:report-writer:1',
      ],
    );
    const saved = JSON.parse(fs.readFileSync(shell.stateFile('payments/currency-rounding'), 'utf8'));
    assert.equal(saved.teamPick, 'usual-panel');
    assert.deepEqual(saved.roleModels.planner, ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro']);
  });

  it('Back returns to the previous prompt; Edit from Here asks before clearing and reopens at that step', async () => {
    const taskType = await startTask(shell, 'payments/currency-rounding');
    assert.equal(stepOf(taskType), 'task-type');
    await taskType.enter();
    const brief = await shell.next(taskType);
    assert.equal(stepOf(brief), 'brief');
    await brief.pressBack();
    const again = await shell.next(brief);
    assert.equal(stepOf(again), 'task-type');
    // planner #2 gets a model that is not the default, so that preselecting it is visible.
    let chosen: string | undefined;
    const { input: confirm } = await answerUntil(shell, again, 'confirm', {
      'role-model:planner:2': async (i) => {
        const qp = i as FakeQuickPick;
        const active = qp.activeItems[0]?.model?.value;
        chosen = qp.items.find((x) => x.model?.kind === 'option' && x.model.value !== active && x.iconPath === undefined)?.model?.value;
        assert.ok(chosen, 'another selectable model');
        await qp.choose(chosen);
      },
    });
    await confirm.escape();
    shell.win.answers = [[/^Change this answer and ask/, 'Change and Ask Again']];
    void shell.command('editFromHere', 'role-model:planner:2');
    const edited = (await shell.next(confirm)) as FakeQuickPick;
    assert.equal(stepOf(edited), 'role-model:planner:2');
    // The question lists the answers that will be asked again in words, not step ids.
    const asked = shell.win.messages.find((m) => m.modal && /^Change this answer and ask \d+ later answers? again\?$/.test(m.message));
    assert.ok(asked, shell.win.messages.map((m) => m.message).join(' | '));
    assert.doesNotMatch(asked.detail ?? '', /role-model:/);
    assert.match(asked.detail ?? '', /^• .+ = .+$/m);
    // The answer being changed is preselected: the shell keeps the engine's default active.
    assert.equal(edited.activeItems[0]?.model?.value, chosen);
  });

  it('prompt titles are readable words, one default marker on one row, the count range when a count is typed out of range', async () => {
    const taskType = (await startTask(shell, 'payments/currency-rounding')) as FakeQuickPick;
    assert.equal(stepOf(taskType), 'task-type');
    assert.match(taskType.title ?? '', /^acme-payments › payments\/currency-rounding › [A-Z][a-z]+ [a-z]+ {2}\(/);
    assert.doesNotMatch(taskType.title ?? '', /task-type/);
    let count: FakeQuickPick | undefined;
    const { input: model } = await answerUntil(shell, taskType, 'role-model:planner:2', {
      'role-count:planner': async (i) => {
        count = i as FakeQuickPick;
        await count.typeFilter('99');
        assert.match(count.errorText() ?? '', /from \d+ to \d+/);
        assert.equal(count.items[0].alwaysShow, true);
        assert.equal((count.items[0].iconPath as { id?: string }).id, 'error');
        await count.typeFilter('');
        assert.equal(count.errorText(), undefined, 'the hint goes when the text matches again');
        await count.enter();
      },
    });
    assert.ok(count, 'a planner count was asked');
    const items = (model as FakeQuickPick).items;
    const marked = items.filter((i) => /default/.test(`${i.label} ${i.description ?? ''} ${i.detail ?? ''}`));
    assert.equal(marked.length, 1, marked.map((i) => `${i.label} | ${i.description ?? ''}`).join(' / '));
    assert.equal(marked[0].description, 'default');
    assert.ok(
      items.every((i) => !i.label.includes('$(')),
      'icons are iconPath, never $(…) in a label',
    );
  });

  it('Escape pauses; Resume lists every unfinished wizard when there are several', async () => {
    const taskType = await startTask(shell, 'checkout/idempotency-keys');
    await taskType.escape();
    await until('paused', () => shell.win.input === undefined);
    shell.win.quickPickAnswer = (items) => items[0];
    void shell.command('resume');
    const prompt = await shell.next(taskType);
    const listed = shell.win.quickPicks.at(-1);
    assert.ok(listed, 'Resume showed a list');
    const labels = listed.items.map((i) => i.label);
    assert.equal(labels.length, 2, labels.join(' | '));
    assert.ok(
      labels.some((l) => l.startsWith('checkout/idempotency-keys')),
      labels.join(' | '),
    );
    assert.ok(
      labels.some((l) => l.startsWith('payments/refund-timeout')),
      labels.join(' | '),
    );
    assert.equal(stepOf(prompt), 'task-type');
  });

  it('registers a handler for every command id', () => {
    assert.deepEqual([...shell.win.registered.keys()].sort(), Object.values(COMMAND_IDS).sort());
  });
});
