// docs/safety.md R2, R6 and R7 in the real extension host (the reliability script,
// `npm run test:reliability`, measures R1–R5 outside it):
//   R2  the extension and a real CLI process step one state file: whichever
//       saves on a stale read is refused with the store's message and writes
//       nothing; the extension offers Reload and continues from the file;
//   R6  untrusted: prompts are answered and saved, Run / Run Again refuse and
//       run nothing, the persist action is not applied (trust seam: the
//       harness cannot revoke trust);
//   R7  every text refusal of docs/steps.md › Refusals shows the engine's message in the
//       InputBox, the state file stays byte-identical, the same prompt stays
//       open, and the wizard continues from it.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  accept,
  activeExtension,
  answerUntilConfirmed,
  choose,
  closePrompt,
  deferred,
  errorItemText,
  features,
  isQuickPick,
  newTask,
  nextInput,
  openWizardHost,
  stateFileOf,
  stepOf,
  typeAndAccept,
  validationText,
  waitFor,
  type FakeDialogs,
  type WizardHost,
} from './wizardMoreHelpers';
import { en } from '../../../src/core/text/en';
import { STALE_READ_MESSAGE } from '../../../src/store/atomicWrite';
import { needTool } from '../../helpers/skip';

const STALE = STALE_READ_MESSAGE;
/** What the extension shows for STALE (the text catalogue's words); the protocol text is in the log. */
const STALE_SHOWN = en.ui.error_stale_state;

describe('reliability in the extension host (R2, R6, R7)', function () {
  this.timeout(180_000);
  let host: WizardHost;
  let root: string;
  let extPath: string;
  let dialogs: FakeDialogs;
  let configFile: string;
  let configBefore: Buffer;
  const created: string[] = [];

  /** The CLI as users run it (dist/cli.js), in a process of its own. */
  const cliEnv = (): NodeJS.ProcessEnv => ({ ...process.env, ELECTRON_RUN_AS_NODE: '1' });
  function cliSync(args: string[]): { code: number | null; json: { ok: boolean; error?: string } | null; out: string } {
    const r = spawnSync(process.execPath, [path.join(extPath, 'dist', 'cli.js'), ...args], { cwd: root, env: cliEnv(), encoding: 'utf8' });
    let json = null;
    try {
      json = JSON.parse(r.stdout);
    } catch {
      json = null;
    }
    return { code: r.status, json, out: r.stdout + r.stderr };
  }

  before(async () => {
    host = await openWizardHost();
    ({ root, extensionPath: extPath, dialogs, configFile, configBefore } = host);
    for (const [rel, text] of [
      ['docs/rel-brief.md', '# A brief for the reliability tests\n'],
      ['docs/rel-pr-template.md', '## What\n\n## Why\n'],
    ]) {
      const f = path.join(root, rel);
      fs.mkdirSync(path.dirname(f), { recursive: true });
      assert.equal(fs.existsSync(f), false, `${rel} is already in the workspace`);
      fs.writeFileSync(f, text);
      created.push(f);
    }
  });

  after(async () => {
    if (!host) return;
    await host.close();
    for (const f of created) fs.rmSync(f, { recursive: true, force: true });
    fs.rmSync(path.join(root, '.okstra/tasks/rel'), { recursive: true, force: true });
  });

  afterEach(async () => {
    await closePrompt().catch(() => undefined);
    features().setTrustOverride(undefined);
    dialogs.answers = [];
  });

  it("R2: the CLI writes between the extension's read and save → the extension is refused, writes nothing, offers Reload and continues from the CLI's answer", async () => {
    const input = await newTask('rel/r2-cli-first');
    assert.ok(isQuickPick(input));
    const session = features().wizard.session!;
    const file = session.wizard.statePath!;
    assert.equal(file, stateFileOf(root, 'rel/r2-cli-first'));
    let cliBytes: Buffer | undefined;
    let cliResult: ReturnType<typeof cliSync> | undefined;
    const original = session.submit.bind(session);
    Object.defineProperty(session, 'submit', {
      configurable: true,
      value: (answer: string) => {
        // The CLI, a real process, answers the same prompt first (spawnSync: nothing else runs meanwhile).
        if (!cliResult) {
          cliResult = cliSync(['step', '--state', file, '--answer', 'implementation-planning']);
          cliBytes = fs.readFileSync(file);
        }
        return original(answer);
      },
    });
    const reloadAnswer = deferred<string | undefined>();
    dialogs.answers = [[/changed in another window/, () => reloadAnswer.promise]];
    dialogs.calls.length = 0;
    try {
      await accept(); // the default task type
      const shown = await waitFor('the stale refusal in the QuickPick', () => errorItemText(input));
      assert.equal(cliResult?.code, 0, cliResult?.out);
      assert.equal(cliResult?.json?.ok, true, cliResult?.out);
      assert.equal(shown, STALE_SHOWN);
      // (The watcher may replace the prompt with the new current one before Reload is answered: both end at brief.)
      assert.deepEqual(fs.readFileSync(file), cliBytes, "the file keeps the CLI's bytes");
      const offer = await waitFor('the Reload offer', () => dialogs.calls.find((c) => c.kind === 'warn'));
      assert.deepEqual(offer.buttons, ['Reload']);
      reloadAnswer.resolve('Reload');
      const after = await nextInput(input);
      assert.equal(features().wizard.session!.wizard.state.task_type, 'implementation-planning', "reloaded: the CLI's answer");
      assert.equal(stepOf(after), 'brief');
      assert.deepEqual(fs.readFileSync(file), cliBytes, 'Reload writes nothing');
    } finally {
      delete (session as unknown as Record<string, unknown>).submit;
    }
  });

  it("R2: the extension saves while a CLI process holds a stale read → the CLI exits 1 with the store's message and writes nothing", async function () {
    // The CLI's own code with a seam held open runs from source, through tsx (a devDependency).
    needTool(
      this,
      fs.existsSync(path.join(extPath, 'node_modules', 'tsx')),
      'no node_modules/tsx to run the paused CLI from source (npm ci)',
    );
    const input = await newTask('rel/r2-extension-first');
    assert.ok(isQuickPick(input));
    const file = stateFileOf(root, 'rel/r2-extension-first');
    const pauseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-r2-pause-'));
    // The CLI's own code (src/cli/main.ts runCli) with its beforeSave seam held until we say go.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(extPath, 'test/reliability/children/cliPaused.ts'),
        'step',
        '--state',
        file,
        '--answer',
        'error-analysis',
      ],
      {
        cwd: extPath,
        env: { ...cliEnv(), OKSTRA_R2_PAUSE_DIR: pauseDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    try {
      await waitFor('the CLI to read and hold', () => fs.existsSync(path.join(pauseDir, 'paused')), 60_000);
      await accept(); // the extension answers (the default task type) and saves
      const next = await nextInput(input);
      assert.equal(stepOf(next), 'brief');
      const extensionBytes = fs.readFileSync(file);
      fs.writeFileSync(path.join(pauseDir, 'go'), '');
      const code = await exited;
      assert.equal(code, 1, out);
      assert.equal((JSON.parse(out) as { error: string }).error, `${file}: ${STALE}`);
      assert.deepEqual(fs.readFileSync(file), extensionBytes, 'the stale CLI wrote nothing');
      assert.deepEqual(
        fs.readdirSync(path.dirname(file)).filter((n) => n.includes('.tmp-') || n.endsWith('.lock')),
        [],
        'no temporary or lock left',
      );
    } finally {
      child.kill();
      fs.rmSync(pauseDir, { recursive: true, force: true });
    }
  });

  it('R6: untrusted, the wizard is answered and saved; Run and Run Again refuse and run nothing; the persist action waits for trust', async () => {
    const pkg = (await activeExtension()).packageJSON as { contributes: { commands: Array<{ command: string; enablement?: string }> } };
    for (const id of ['okstra.run', 'okstra.runAgain']) {
      assert.equal(
        pkg.contributes.commands.find((c) => c.command === id)?.enablement,
        'isWorkspaceTrusted',
        `${id} is disabled in an untrusted workspace`,
      );
    }
    features().setTrustOverride(false);
    const first = await newTask('rel/r6');
    const file = stateFileOf(root, 'rel/r6');
    let saves = 0;
    let last = fs.readFileSync(file);
    const countSave = () => {
      const now = fs.readFileSync(file);
      if (!now.equals(last)) saves++;
      last = now;
    };
    await answerUntilConfirmed(first, {
      'task-type': async (i) => {
        await choose(i as vscode.QuickPick<vscode.QuickPickItem>, 'release-handoff');
        countSave();
      },
      'pr-template-pick': async (i) => {
        await choose(i as vscode.QuickPick<vscode.QuickPickItem>, 'path');
      },
      'pr-template': async (i) => typeAndAccept(i as vscode.InputBox, 'docs/rel-pr-template.md'),
      'pr-template-scope': async (i) => {
        await choose(i as vscode.QuickPick<vscode.QuickPickItem>, 'project');
      },
    });
    countSave();
    const state = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      confirmed: boolean;
      pr_template_scope: string;
      answered: string[];
      last_run: unknown;
    };
    assert.equal(state.confirmed, true, 'answered and saved while untrusted');
    assert.equal(state.pr_template_scope, 'project');
    assert.ok(saves >= 1);

    const argvFile = path.join(root, 'standin-argv.json');
    fs.rmSync(argvFile, { force: true });
    const before = fs.readFileSync(file);
    dialogs.calls.length = 0;
    const started: string[] = [];
    const watch = vscode.tasks.onDidStartTask((e) => started.push(e.execution.task.name));
    let settled = 0;
    const settle = features().wizard.runSettled.event(() => settled++);
    try {
      await vscode.commands.executeCommand('okstra.run');
      await vscode.commands.executeCommand('okstra.runAgain');
    } finally {
      watch.dispose();
      settle.dispose();
    }
    // Both commands have returned and each Run attempt is over: whatever they would start has started.
    assert.equal(settled, 2, 'both Run attempts are over');
    const refusals = dialogs.calls.filter((c) => c.kind === 'error' && c.message.includes('untrusted workspace'));
    assert.equal(refusals.length, 2, JSON.stringify(dialogs.calls));
    assert.deepEqual(started, [], 'no task was started');
    assert.equal(fs.existsSync(argvFile), false, 'okstra did not run');
    assert.deepEqual(fs.readFileSync(file), before, 'no run recorded');
    assert.deepEqual(fs.readFileSync(configFile), configBefore, 'the persist action (prTemplate in config.yaml) was not applied');

    // Trusted again: the same Run applies the persist action and runs — the refusal was the trust guard.
    features().setTrustOverride(undefined);
    dialogs.answers = [[/.*/, 'Run Anyway']];
    await vscode.commands.executeCommand('okstra.run');
    await waitFor('the stand-in to run', () => fs.existsSync(argvFile), 60_000);
    assert.match(fs.readFileSync(configFile, 'utf8'), /prTemplate: docs\/rel-pr-template\.md/);
  });

  it("R7: every text refusal of the static steps shows the engine's message in place, writes nothing, keeps the prompt, and the wizard continues", async () => {
    let input = await newTask('rel/r7');
    const file = stateFileOf(root, 'rel/r7');
    const refuse = async (box: vscode.InputBox, value: string, message: string): Promise<void> => {
      const step = stepOf(box);
      const before = fs.readFileSync(file);
      await typeAndAccept(box, value);
      const shown = await waitFor(
        `the refusal of ${JSON.stringify(value)} at ${step}`,
        () => {
          const m = validationText(box);
          return m === message ? m : undefined;
        },
        10_000,
      ).catch(() => validationText(box));
      assert.equal(shown, message, `${step} ← ${JSON.stringify(value)}`);
      assert.equal(features().wizard.runner.input, box, 'the same InputBox stays open');
      assert.equal(stepOf(box), step);
      assert.deepEqual(fs.readFileSync(file), before, 'a refused answer writes nothing');
    };

    // task-new refusals happen before the file exists; checked on the next task below.
    await choose(input as vscode.QuickPick<vscode.QuickPickItem>, 'requirements-discovery');
    input = await nextInput(input);
    assert.equal(stepOf(input), 'brief');
    await choose(input as vscode.QuickPick<vscode.QuickPickItem>, 'path');
    input = await nextInput(input);
    assert.equal(stepOf(input), 'brief-path');
    const briefBox = input as vscode.InputBox;
    await refuse(briefBox, '', 'Brief file needs a value.');
    await refuse(briefBox, '../outside.md', "brief-path: path must be inside the project: '../outside.md'");
    await refuse(briefBox, 'docs/no-such-brief.md', "brief file not found: 'docs/no-such-brief.md'");
    await refuse(briefBox, 'docs/rel\u0000brief.md', 'brief-path must not contain NUL');
    await typeAndAccept(briefBox, 'docs/rel-brief.md');
    input = await nextInput(briefBox);
    assert.equal(stepOf(input), 'analysis-target');
    const targetBox = input as vscode.InputBox;
    await refuse(targetBox, '-rf /', 'Analysis target cannot start with a dash: okstra would read “-rf /” as one of its options.');
    await refuse(targetBox, 'services/\u0000x', 'analysis-target must not contain NUL');
    await typeAndAccept(targetBox, 'services/payments');

    const seen = await answerUntilConfirmed(await nextInput(targetBox), {
      'directive-pick': async (i) => {
        await choose(i as vscode.QuickPick<vscode.QuickPickItem>, 'write');
      },
      directive: async (i) => {
        const box = i as vscode.InputBox;
        await refuse(box, '', 'Directive text needs a value.');
        await refuse(box, '--force', 'Directive text cannot start with a dash: okstra would read “--force” as one of its options.');
        await refuse(box, 'focus\u0000here', 'directive must not contain NUL');
        await typeAndAccept(box, 'focus on the refund path; $(rm -rf ~) stays text');
      },
    });
    assert.ok(seen.includes('directive'), seen.join(' → '));
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { directive: string; analysis_target: string; brief_path: string };
    assert.equal(saved.directive, 'focus on the refund path; $(rm -rf ~) stays text');
    assert.equal(saved.analysis_target, 'services/payments');
    assert.equal(saved.brief_path, 'docs/rel-brief.md');

    // task-new: a bad name and an existing task are refused in place; nothing is created.
    void vscode.commands.executeCommand('okstra.newRun');
    input = await nextInput();
    await choose(input as vscode.QuickPick<vscode.QuickPickItem>, 'new');
    input = await nextInput(input);
    const nameBox = input as vscode.InputBox;
    const tasksBefore = fs.readdirSync(path.join(root, '.okstra/tasks/rel')).sort();
    await typeAndAccept(nameBox, 'no-slash');
    await waitFor(
      'the task-new refusal',
      () => validationText(nameBox) === 'A task name needs letters or digits, as <group>/<name> (e.g. payments/refund-timeout).',
    );
    await typeAndAccept(nameBox, 'rel/r7');
    await waitFor('the existing-task refusal', () => validationText(nameBox) === "task 'rel/r7' already exists");
    assert.equal(features().wizard.runner.input, nameBox);
    assert.deepEqual(fs.readdirSync(path.join(root, '.okstra/tasks/rel')).sort(), tasksBefore, 'nothing created');
  });
});
