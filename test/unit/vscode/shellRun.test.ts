// Run, its one confirmation and what a person sees around it, in the shell with a fake window (R6
// through the one trust gate too).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { confirmationMarkdown, confirmationRows } from '../../../src/vscode/confirm/confirmationDoc';
import { terminalEnvironment } from '../../../src/vscode/settings/terminalEnvironment';
import { providerCliEnvVar } from '../../../src/workspace/environment';
import { PromptRunner } from '../../../src/vscode/prompt/promptRunner';
import { BROWSE, FakeWindow, type FakeInputBox, type FakeQuickPick, until } from './fakeWindow';
import { answerUntil, openShell, startTask, stepOf, type Shell } from './shellHarness';
import { applyPersistAction } from '../../../src/host/run';

/** A complete (confirmed) wizard of `key`, Run declined at the confirm step (Escape). */
async function completeWizard(shell: Shell, key: string): Promise<void> {
  const first = await startTask(shell, key);
  const { input } = await answerUntil(shell, first, 'confirm');
  // Confirmed without running: what another window or the CLI would leave.
  const session = shell.wizard.session!;
  await input.escape();
  const r = await session.submit('run');
  assert.ok(r.ok);
  shell.wizard.refresh();
}

describe('vscode shell: Run and the confirmation', function () {
  this.timeout(20_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  it('Run from outside the wizard shows the same confirmation first; Run there starts okstra once', async () => {
    // The run environment is checked in the extension host's environment: the demo's stand-ins on its PATH.
    const pathBefore = process.env.PATH;
    process.env.PATH = `${path.join(shell.project, '.demo-bin')}${path.delimiter}${pathBefore ?? ''}`;
    try {
      await runFromOutside();
    } finally {
      process.env.PATH = pathBefore;
    }
  });

  async function runFromOutside(): Promise<void> {
    await completeWizard(shell, 'ledger/fx-rate-cache');
    void shell.command('run');
    const confirm = (await shell.next()) as FakeQuickPick;
    assert.equal(stepOf(confirm), 'confirm');
    assert.deepEqual(confirm.values(), ['run', 'edit']);
    // The document opens once the prompt has been drawn (src/vscode/commands/confirmation.ts).
    await until('the confirmation document', () => shell.win.documents.get('okstra render-bundle'));
    assert.match(shell.win.documents.get('okstra render-bundle') ?? '', /^<h2 [^>]*>Command line \(bash\)<\/h2>$/m);
    // The program Run starts, resolved as Run resolves it.
    const program = path.join(shell.project, '.demo-bin', 'okstra');
    assert.ok((shell.win.documents.get('okstra render-bundle') ?? '').split('\n').includes(`Run starts \`${program}\`.`));
    // The run environment's one line, checked without starting okstra (its version is not asked).
    const envLine = (shell.win.documents.get('okstra render-bundle') ?? '').split('\n').find((l) => l.startsWith('Run environment: '));
    assert.match(envLine ?? '', /^Run environment: ready: okstra found; \d+ provider CLIs? found/);
    assert.equal(shell.runs.length, 0, 'nothing runs before the person chose Run');
    await confirm.choose('run');
    await until('okstra to run', () => shell.runs.length === 1);
    assert.equal(shell.win.messages.filter((m) => m.modal).length, 0);
  }

  it('C1: Run that refuses its program writes nothing: no persist action, no last run; once it can start, the action is applied', async () => {
    shell.close();
    let missing: string | null = "cannot run okstra: 'okstra' was not found or is not executable";
    shell = openShell({ run: { missingProgram: () => missing, applyPersistAction } });
    const first = await startTask(shell, 'payments/partial-refunds');
    const { input } = await answerUntil(shell, first, 'confirm', {
      'pr-template-pick': (i) => (i as FakeQuickPick).choose('path'),
      'pr-template': (i) => (i as FakeInputBox).type('docs/refunds.md'),
      'pr-template-scope': (i) => (i as FakeQuickPick).choose('project'),
    });
    await input.escape();
    const session = shell.wizard.session!;
    assert.equal((await session.submit('run')).ok, true);
    const outcome = session.wizard.outcome();
    assert.deepEqual(outcome.ok && outcome.persistActions.map((a) => a.value), ['docs/refunds.md']);
    const config = path.join(shell.project, '.okstra', 'config.yaml');
    const state = shell.stateFile('payments/partial-refunds');
    const before = { config: fs.readFileSync(config), state: fs.readFileSync(state) };
    shell.win.settings.confirmBeforeRun = false;
    await shell.command('run');
    assert.ok(shell.win.messages.some((m) => /cannot run okstra/.test(m.message)));
    assert.deepEqual(fs.readFileSync(config), before.config, 'config.yaml is unchanged');
    assert.deepEqual(fs.readFileSync(state), before.state, 'no last run is recorded');
    assert.equal(shell.runs.length, 0);
    missing = null;
    await shell.command('run');
    assert.equal(shell.runs.length, 1);
    assert.match(fs.readFileSync(config, 'utf8'), /^prTemplate: docs\/refunds\.md$/m);
  });

  it('okstra.confirmBeforeRun = false: Run starts at once', async () => {
    await completeWizard(shell, 'ledger/fx-rate-cache');
    shell.win.settings.confirmBeforeRun = false;
    await shell.command('run');
    assert.equal(shell.runs.length, 1);
    assert.equal(shell.win.input, undefined);
  });

  it("a run's notification names its task and its Run Again acts on that wizard, whichever is open now", async () => {
    shell.win.settings.confirmBeforeRun = false;
    await completeWizard(shell, 'ledger/fx-rate-cache');
    let release!: (b: string | undefined) => void;
    const later = new Promise<string | undefined>((r) => (release = r));
    shell.win.answers = [[/^okstra render-bundle for ledger\/fx-rate-cache finished \(exit code 0\)\.$/, () => later]];
    await shell.command('run');
    await until('the notification', () =>
      shell.win.messages.some((m) => m.message.startsWith('okstra render-bundle for ledger/fx-rate-cache finished')),
    );
    // Another wizard is opened meanwhile.
    const other = await startTask(shell, 'checkout/saved-card-migration');
    await other.escape();
    assert.equal(shell.wizard.session!.wizard.taskKey, 'checkout/saved-card-migration');
    shell.win.answers = [];
    release('Run Again');
    await until('the second run', () => shell.runs.length === 2);
    assert.equal(shell.runs[1].label, 'render-bundle ledger/fx-rate-cache');
    assert.ok(shell.runs[1].argv.includes('fx-rate-cache'));
  });

  it('R6: untrusted, Run and Run Again refuse with a message and run nothing; the confirmation offers no Run', async () => {
    await completeWizard(shell, 'ledger/fx-rate-cache');
    shell.win.trusted = false;
    await shell.command('run');
    await shell.command('runAgain');
    assert.equal(shell.win.messages.filter((m) => /untrusted workspace/.test(m.message)).length, 2);
    assert.equal(shell.runs.length, 0);
    void shell.command('showConfirmation');
    const confirm = (await shell.next()) as FakeQuickPick;
    const run = confirm.item('run');
    assert.equal((run.iconPath as { id?: string } | undefined)?.id, 'circle-slash', 'Run is shown disabled');
    await confirm.choose('run');
    assert.equal(shell.runs.length, 0);
  });

  it('Abort: the wizard shows as aborted, Abort again offers Start Over, which starts a new wizard for the task', async () => {
    const first = await startTask(shell, 'checkout/saved-card-migration');
    await first.escape();
    shell.win.answers = [[/^Abort the wizard for checkout\/saved-card-migration\?$/, 'Abort Wizard']];
    await shell.command('abort');
    assert.equal(shell.wizard.session!.wizard.state.aborted, true);
    assert.match(shell.win.statusItem.text, /aborted$/);
    shell.win.answers = [[/aborted already/, 'Start Over']];
    void shell.command('abort');
    const restarted = await shell.next(first);
    assert.equal(shell.win.messages.filter((m) => m.modal && /^Abort the wizard/.test(m.message)).length, 1, 'Abort asked once');
    assert.equal(stepOf(restarted), 'task-type');
    assert.equal(shell.wizard.session!.wizard.state.aborted, false);
    const dir = path.dirname(shell.stateFile('checkout/saved-card-migration'));
    assert.ok(
      fs.readdirSync(dir).some((f) => f.startsWith('saved-card-migration.wizard.') && f.endsWith('.bak.json')),
      'the aborted wizard is kept as a backup',
    );
  });

  it('Answer now: the wizard waits (status bar, view) while the answers are written, and refuses Run while the file is empty', async () => {
    shell.win.settings.confirmBeforeRun = false;
    const first = await startTask(shell, 'checkout/idempotency-keys');
    const { input } = await answerUntil(shell, first, 'clarification-pick');
    await (input as FakeQuickPick).choose((i) => i.model?.value !== undefined && /^Answer now/.test(i.label));
    const answers = await until('the wait', () => shell.wizard.waitingFor);
    assert.match(answers, /clarifications\/2026-11-27-1\.answers\.md$/);
    assert.equal(shell.win.input, undefined, 'no prompt covers the answers file');
    assert.ok(shell.win.opened.some((o) => o.file.endsWith(answers)));
    assert.match(shell.win.statusItem.text, /waiting for your answers/);
    assert.equal(shell.view.extras.waitingFor, answers);
    // Resume while the file holds only its headings: the wizard keeps waiting and says why (it went straight on
    // to "Everything is set. Run okstra?" with Run as the default).
    await shell.command('resume');
    await until('the reminder', () => shell.win.messages.find((m) => /has no answers yet: write them under its questions/.test(m.message)));
    assert.equal(shell.win.input, undefined, 'no prompt while the answers file is empty');
    assert.equal(shell.wizard.waitingFor, answers);
    assert.match(shell.win.statusItem.text, /waiting for your answers/);
    // Written: Resume goes on. A file emptied again before Run is refused by Run.
    fs.writeFileSync(path.join(shell.project, answers), 'Q1: keys expire after 24 h\n');
    void shell.command('resume');
    const next = await shell.next(input);
    const { input: confirm } = await answerUntil(shell, next, 'confirm');
    fs.writeFileSync(path.join(shell.project, answers), '   \n');
    await (confirm as FakeQuickPick).choose('run');
    await until('the refusal', () =>
      shell.win.messages.find((m) => /has no answers yet: write them there, then Run again/.test(m.message)),
    );
    assert.equal(shell.runs.length, 0);
    fs.writeFileSync(path.join(shell.project, answers), 'Q1: keys expire after 24 h\n');
    await shell.command('run');
    assert.equal(shell.runs.length, 1);
  });

  it('a path prompt has a file button: the open dialog, limited to the project', async () => {
    const taskType = await startTask(shell, 'checkout/saved-card-migration');
    await taskType.enter();
    const brief = (await shell.next(taskType)) as FakeQuickPick;
    await brief.choose('path');
    const box = (await shell.next(brief)) as FakeInputBox;
    assert.equal(stepOf(box), 'brief-path');
    assert.ok(box.buttons.includes(BROWSE));
    shell.win.openDialogResult = '/etc/passwd';
    await box.pressButton(BROWSE);
    assert.ok(shell.win.messages.some((m) => /is not inside the project/.test(m.message)));
    shell.win.openDialogResult = path.join(shell.project, 'docs', 'x.md');
    await box.pressButton(BROWSE);
    assert.equal(box.value, 'docs/x.md');
    assert.equal(shell.win.input, box, 'the box stays open');
  });

  it('a click in the okstra view gives the open prompt the keys back, never at the Confirm prompt (Space there would run okstra)', async () => {
    const focusCommands = () => shell.win.commands.filter((c) => c.id === 'workbench.action.focusQuickOpen').length;
    const prompt = await startTask(shell, 'checkout/saved-card-migration');
    shell.wizard.runner.focus();
    assert.equal(focusCommands(), 1, 'the workbench gives the open prompt the keys');
    assert.equal(shell.win.input, prompt, 'the prompt stays open');
    const { input } = await answerUntil(shell, prompt, 'confirm');
    const before = focusCommands();
    shell.wizard.runner.focus();
    await new Promise((resolve) => setTimeout(resolve, 400)); // past the second try (REFOCUS_MS)
    // workbench.action.focusQuickOpen gives the keys to the list (VS Code 1.100), where Space accepts the active row.
    assert.equal(focusCommands(), before, 'no focus command at Confirm');
    await input.escape();
  });
});

describe('vscode shell: pure pieces of the confirmation and the terminals', () => {
  const text = [
    'okstra render-bundle — payments/currency-rounding',
    '  task-type     : implementation-planning',
    '  brief         : .okstra/tasks/payments/currency-rounding/brief.md',
    '  role          : planner #1 = claude/opus-4.5',
    '  role          : planner #2 = codex/gpt-5.1-codex',
    '  role          : worker (dynamic, started by the leader at run time)',
    '  directive     : (none)',
  ].join('\n');

  it('the confirmation document: settings and roles as tables, the whole command line in one code block', () => {
    const rows = confirmationRows(text);
    assert.equal(rows.title, 'okstra render-bundle — payments/currency-rounding');
    assert.deepEqual(
      rows.settings.map(([k]) => k),
      ['task-type', 'brief', 'directive'],
    );
    assert.deepEqual(rows.roles.slice(0, 2), [
      { role: 'planner', ordinal: '1', model: 'claude/opus-4.5' },
      { role: 'planner', ordinal: '2', model: 'codex/gpt-5.1-codex' },
    ]);
    const line = `okstra render-bundle --task-group payments --task-id currency-rounding ${'--x y '.repeat(40)}`.trim();
    const md = confirmationMarkdown(
      text,
      { line, shell: 'bash' },
      {
        setting: 'Setting',
        value: 'Value',
        role: 'Role',
        ordinal: '#',
        model: 'Model',
        roles: 'Agents',
        commandLine: (s) => `Command line (${s})`,
        howToRun: 'How',
      },
    );
    const lines = md.split('\n');
    assert.ok(lines.includes(line), 'the command line is one line, never wrapped');
    const table = lines.filter((l) => l.startsWith('| planner'));
    assert.equal(table.length, 2);
    assert.equal(
      new Set(
        lines
          .filter((l) => l.startsWith('|'))
          .slice(0, 5)
          .map((l) => l.length),
      ).size,
      1,
      'the settings table lines up',
    );
  });

  it('the integrated terminals get OKSTRA_TERMINAL_BACKEND and the provider CLIs of the settings', () => {
    assert.deepEqual(
      terminalEnvironment({ providerPaths: { claude: '/opt/claude', 'my-llm': '/x/y', codex: undefined } }, providerCliEnvVar),
      {
        OKSTRA_TERMINAL_BACKEND: 'vscode-terminal',
        OKSTRA_CLAUDE_CLI: '/opt/claude',
        OKSTRA_MY_LLM_CLI: '/x/y',
      },
    );
  });
});

describe('vscode shell: the prompt runner', () => {
  it("a refusal in a multi-pick takes the placeholder, never a row (a separator read as the first row's description) nor an item that can be ticked", async () => {
    const win = new FakeWindow();
    const runner = new PromptRunner(win, {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      show: () => undefined,
    });
    const done = runner.run({
      prompt: {
        id: 'related-tasks-pick',
        step: 'related-tasks-pick',
        kind: 'multi_pick',
        label: 'Related tasks?',
        echo_template: '',
        options: [
          { value: 'a/one', label: 'a/one' },
          { value: 'b/two', label: 'b/two' },
        ],
        progress: { answered: 3, total: 9 },
      },
      folderName: 'demo',
      taskKey: 'x/y',
      canGoBack: false,
      submit: async () => ({ ok: false, code: 'refused-answer', error: 'pick at most one task', notices: [], current: null }),
    });
    const qp = (await until('the pick', () => win.input)) as FakeQuickPick;
    await qp.tick(['a/one', 'b/two']);
    assert.equal(qp.placeholder, 'pick at most one task');
    assert.deepEqual(
      qp.items.map((i) => i.label),
      ['a/one', 'b/two'],
      'no row of its own',
    );
    await qp.escape();
    assert.deepEqual(await done, { kind: 'paused' });
  });
});
