// What a person met on the third walk through the extension, driven in plain Node with the fake window
// (shellHarness.ts) on a copy of the demo: the count pick after a hint, Abort in the confirm step, step numbers
// after a rewind, the rewind question's order, unavailable models in words, Enter on a Wizard-view row.
import { strict as assert } from 'node:assert';
import { ko } from '../../../src/core/text/ko';
import { taskPickerLabel } from '../../../src/core/wizard/workspaceRules';
import { COMMAND_IDS } from '../../../src/vscode/commandIds';
import { resumeLabel } from '../../../src/vscode/commands/start';
import { COMMAND_BLOCK_START, confirmationMarkdown, PROMPT_BAND } from '../../../src/vscode/confirm/confirmationDoc';
import { rowCommand, treeRowModels, type TreeTexts } from '../../../src/vscode/tree/treeModel';
import { FakeQuickPick, until } from './fakeWindow';
import { answerUntil, openShell, startTask, stepOf, type Shell } from './shellHarness';

const numberOf = (title: string | undefined): string => /\((\d+ of \d+)\)$/.exec(title ?? '')?.[1] ?? `no number in ${title}`;

describe('vscode shell: the third walk', function () {
  this.timeout(30_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  it('a count pick: 4 (out of range), then select-all and 3 leaves the row 3 active, and Enter answers 3', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'role-count:planner');
    const count = input as FakeQuickPick;
    assert.deepEqual(count.values(), ['1', '2', '3']);
    assert.match(shell.win.statusItem.text, / — planner count \(\d+ of \d+\)$/, 'the step in words, not its id');
    await count.typeFilter('4');
    assert.match(count.errorText() ?? '', /from 1 to 3/);
    await count.typeFilter('3');
    assert.equal(count.errorText(), undefined);
    // The default (2) is filtered out by "3": making it active left no row active, and Enter did nothing.
    assert.equal(count.activeItems[0]?.model?.value, '3');
    await count.enter();
    const next = await shell.next(count);
    assert.notEqual(stepOf(next), 'role-count:planner');
    assert.equal(shell.wizard.session!.wizard.state.role_counts.planner, 3);
  });

  it('"Abort the wizard" in the confirm step asks first, as the palette\'s Abort does; No keeps the confirmation open', async () => {
    const first = await startTask(shell, 'payments/partial-refunds');
    const { input } = await answerUntil(shell, first, 'confirm');
    const confirm = input as FakeQuickPick;
    shell.win.answers = [[/^Abort the wizard for /, undefined]];
    await confirm.choose('abort');
    const asked = shell.win.messages.filter((m) => m.modal && /^Abort the wizard for payments\/partial-refunds\?$/.test(m.message));
    assert.equal(asked.length, 1, shell.win.messages.map((m) => m.message).join(' | '));
    assert.equal(shell.wizard.session!.wizard.state.aborted, false);
    assert.equal(shell.win.input, confirm, 'the confirmation stays open');
    shell.win.answers = [[/^Abort the wizard for /, 'Abort Wizard']];
    await confirm.choose('abort');
    await until('aborted', () => shell.wizard.session?.wizard.state.aborted === true);
  });

  it('a step keeps its number when a rewind keeps later answers; Change an answer… has no number', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'confirm');
    const numbers = new Map(shell.win.shownInputs.map((i) => [stepOf(i), numberOf(i.title)]));
    // Edit from Here on a role keeps the directive and the related tasks (they come later): the role step was
    // numbered as if those were asked before it (11 of 15 became 13 of 15).
    shell.win.answers = [[/^Change this answer and ask/, 'Change and Ask Again']];
    await (input as FakeQuickPick).escape();
    void shell.command('editFromHere', 'role-model:planner:2');
    const again = await shell.next(input);
    assert.equal(stepOf(again), 'role-model:planner:2');
    assert.equal(numberOf(again.title), numbers.get('role-model:planner:2'));
    const { input: confirm } = await answerUntil(shell, again, 'confirm');
    assert.equal(numberOf(confirm.title), numbers.get('confirm'));
    await (confirm as FakeQuickPick).choose('edit');
    const menu = await shell.next(confirm);
    assert.equal(stepOf(menu), 'edit-target');
    assert.doesNotMatch(menu.title ?? '', /\(\d+ of \d+\)/, menu.title);
  });

  it('the rewind question lists the answers it clears in wizard order (the roles before the directive)', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'confirm');
    // Answer the roles again after the directive was answered: the roles are now later in the answer order.
    shell.win.answers = [[/^Change this answer and ask/, 'Change and Ask Again']];
    await (input as FakeQuickPick).escape();
    void shell.command('editFromHere', 'role-count:planner');
    const { input: confirm } = await answerUntil(shell, await shell.next(input), 'confirm');
    await (confirm as FakeQuickPick).escape();
    const before = shell.win.messages.length;
    void shell.command('editFromHere', 'task-type');
    await shell.next(confirm);
    const asked = shell.win.messages.slice(before).find((m) => m.modal && /^Change this answer and ask/.test(m.message));
    assert.ok(asked, 'the rewind question');
    const lines = (asked.detail ?? '').split('\n').filter((l) => l.startsWith('• '));
    const where = (re: RegExp) => lines.findIndex((l) => re.test(l));
    assert.ok(where(/planner/) >= 0 && where(/^• Directive/i) >= 0, lines.join('\n'));
    assert.ok(where(/planner/) < where(/^• Directive/i), lines.join('\n'));
    assert.ok(where(/^• Brief/i) < where(/planner/), lines.join('\n'));
  });

  it('models under "Not available" keep their readable names; Enter on one says the reason its row gives', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'role-model:planner:2');
    const qp = input as FakeQuickPick;
    const unavailable = qp.items.filter((i) => i.model?.kind === 'unavailable');
    assert.ok(unavailable.length > 0);
    for (const u of unavailable) assert.match(u.label, /^[A-Z].* — [a-z]+\/\S+$/, u.label);
    const row = unavailable[0];
    await qp.choose((i) => i === row);
    const said = qp.errorText() ?? '';
    // The row says that it is not available, then why: the refusal says the same why.
    assert.ok(said.includes(row.detail?.replace(/^Not available: /, '') ?? '\0'), `${said} | ${row.detail}`);
    assert.doesNotMatch(said, /leaves no complete assignment/);
    assert.ok(said.startsWith(row.label), said);
  });

  it('a click (or Enter) on an answered row asks before it changes anything, even when nothing later is cleared', async () => {
    const first = await startTask(shell, 'payments/partial-refunds');
    const { input } = await answerUntil(shell, first, 'confirm');
    await (input as FakeQuickPick).choose('run');
    await until('the run', () => shell.runs.length === 1);
    assert.equal(shell.wizard.session!.wizard.state.confirmed, true);
    // The last answer: rewinding to it clears no later answer, but it takes the confirmation away.
    shell.win.answers = [[/^Change this answer\?$/, undefined]];
    await shell.command('editFromHere', 'pr-template-pick', 'row');
    const asked = shell.win.messages.find((m) => m.modal && m.message === 'Change this answer?');
    assert.ok(asked, shell.win.messages.map((m) => m.message).join(' | '));
    assert.match(asked.detail ?? '', /^PR template = .+\. The other answers stay; the wizard asks for the confirmation again\.$/);
    assert.equal(shell.wizard.session!.wizard.state.confirmed, true, 'No changes nothing');
    assert.equal(shell.win.input, undefined);
    shell.win.answers = [[/^Change this answer\?$/, 'Change Answer']];
    void shell.command('editFromHere', 'pr-template-pick', 'row');
    assert.equal(stepOf(await shell.next()), 'pr-template-pick');
  });

  it('Run of a wizard that is not finished says so in words, and offers Continue', async () => {
    const first = await startTask(shell, 'payments/partial-refunds');
    await first.escape();
    await shell.command('run');
    const said = shell.win.messages.at(-1);
    assert.ok(said, 'a message');
    assert.doesNotMatch(said.message, /outcome is unavailable|wizard is not complete/);
    assert.match(said.message, /^payments\/partial-refunds is not finished yet; the wizard is at: /);
    assert.deepEqual(said.buttons, ['Continue']);
  });

  it('a text answer starting with "-" is refused in words, without the step id', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'analysis-target');
    await (input as unknown as { type(v: string): Promise<void> }).type('--force');
    const said = (input as unknown as { errorText(): string | undefined }).errorText() ?? '';
    assert.match(said, /^Analysis target cannot start with a dash: okstra would read “--force” as one of its options\.$/);
  });
});

describe('the Resume list', () => {
  it('numbers a wizard only where its place is known (never "7 of 0")', () => {
    const t = (m: string, ...a: Array<string | number | boolean>) => m.replace(/\{(\d+)\}/g, (_, i: string) => String(a[Number(i)]));
    assert.equal(resumeLabel(t, { taskKey: 'a/b', step: 'Brief', n: 3, total: 9 }), 'a/b — Brief (3 of 9)');
    assert.equal(resumeLabel(t, { taskKey: 'a/b', step: 'task cannot be used', n: 7, total: 0 }), 'a/b — task cannot be used');
  });
});

describe('the Wizard view: Enter on a row', () => {
  const texts: TreeTexts = { current: 'current', changed: 'changed', lastRun: () => 'Last run' };
  const t = (m: string) => m;

  it('an answered step that can be edited is Edit from Here on that step; the current step continues', () => {
    const rows = treeRowModels(
      [
        {
          id: 'task-type',
          group: 'task',
          label: 'Run type',
          echo: 'task-type: bug-fix',
          answered: true,
          editable: true,
          answer: 'Run type = x',
        },
        { id: 'task-pick', group: 'task', label: 'Task', echo: 'task-pick: a/b', answered: true, editable: false, answer: 'Task = a/b' },
        { id: 'brief', group: 'inputs', label: 'Brief', echo: '', answered: false, editable: false },
      ],
      texts,
    );
    assert.deepEqual(rowCommand(rows[0], t), { command: COMMAND_IDS.editFromHere, args: ['task-type', 'row'], title: 'Edit from Here' });
    assert.equal(rowCommand(rows[1], t), undefined, 'a step that cannot be edited does nothing');
    assert.deepEqual(rowCommand(rows[2], t), { command: COMMAND_IDS.resume, args: [], title: 'Continue' });
  });
});

describe('the confirmation document', () => {
  const texts = {
    setting: 'Setting',
    value: 'Value',
    role: 'Role',
    ordinal: '#',
    model: 'Model',
    roles: 'Agents',
    commandLine: (shell: string) => `Command line (${shell})`,
    howToRun: 'How',
  };
  const md = confirmationMarkdown(
    'okstra render-bundle — a/b\n  task-type : bug-fix\n  directive : rm -rf x\n  role : leader #1 = claude/opus-4.5',
    { line: "okstra render-bundle --directive 'rm -rf x'", shell: 'bash' },
    texts,
  );
  const lines = md.split('\n');

  it('starts with a band the prompt covers, then the heading, then the command line, then the agents and the settings', () => {
    assert.equal(lines[0], PROMPT_BAND);
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
    assert.ok(at(/^<h1 [^>]*>bug-fix · a\/b<\/h1>$/) > 0);
    assert.ok(at(/^<h2 [^>]*>Command line \(bash\)<\/h2>$/) > at(/^<h1 /));
    assert.ok(at(/^\| leader/) > at(/^okstra render-bundle --directive/), 'the command line comes before the agents');
    assert.ok(at(/^\| task-type/) > at(/^\| leader/), 'the agents come before the settings');
  });

  it('the command line has no shell grammar (rm inside a quoted directive was coloured as a command)', () => {
    const fence = lines[lines.indexOf("okstra render-bundle --directive 'rm -rf x'") - 1];
    assert.equal(fence, COMMAND_BLOCK_START);
    assert.doesNotMatch(md, /```(sh|bash)/);
  });
});

describe('the task picker in Korean', () => {
  it("says next, contract and latest in the catalogue's words; English stays as R-NPH-2 has it", () => {
    const entry = {
      key: 'a/b',
      manifest: {
        title: 'T',
        workflow: { currentPhase: 'implementation', nextRecommendedPhase: 'final-verification' },
        contract: { outcome: 'accepted' },
      },
    } as never;
    const o = ko.steps.task_pick!.options;
    const words = { next: o.next!, contract: o.contract!, latest: o.latest!, unreadable: o.unreadable! };
    assert.equal(taskPickerLabel(entry, true, words), 'a/b  ·  implementation  ·  다음: final-verification  ·  계약: accepted  (최신)');
    assert.equal(taskPickerLabel(entry, true), 'a/b  ·  implementation  ·  next: final-verification  ·  contract: accepted  (latest)');
  });
});

describe('vscode shell: the status bar opens its own wizard', function () {
  this.timeout(30_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  it("a paused wizard's item resumes that wizard, not the list of every unfinished one", async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const statePath = shell.stateFile('payments/currency-rounding');
    await (first as FakeQuickPick).escape();
    await until('the paused item', () => /debug-pause/.test(shell.win.statusItem.text));
    const item = shell.win.statusItem.command;
    assert.ok(item && typeof item === 'object', `a command with its wizard: ${JSON.stringify(item)}`);
    assert.equal(item.command, COMMAND_IDS.resume);
    assert.deepEqual(item.arguments, [statePath]);
    const picks = shell.win.quickPicks.length;
    void shell.win.runCommand(item.command, ...(item.arguments ?? []));
    const again = await shell.next(first);
    assert.equal(stepOf(again), stepOf(first));
    assert.equal(shell.win.quickPicks.length, picks, 'no list of the unfinished wizards (the demo has another one)');
    assert.equal(shell.wizard.session?.wizard.statePath, statePath);
  });
});

describe('vscode shell: Escape at the first prompt', function () {
  this.timeout(30_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  it('leaves no "(no task yet)" wizard behind: nothing to resume, no status-bar item, the view is empty', async () => {
    void shell.command('newRun');
    const first = (await shell.next()) as FakeQuickPick;
    assert.equal(stepOf(first), 'task-pick');
    await first.escape();
    await until('the wizard dropped', () => shell.wizard.session === undefined);
    const list = await shell.wizard.factory.listUnfinished(shell.wizard.folders());
    assert.deepEqual(
      list.filter((w) => w.statePath === null),
      [],
      'nothing left in workspace storage',
    );
    // New Run starts afresh at the task list.
    void shell.command('newRun');
    assert.equal(stepOf(await shell.next(first)), 'task-pick');
  });
});
