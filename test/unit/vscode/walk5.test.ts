// What a person met on the fourth walk through the extension, the rest of it, driven in plain Node with the fake
// window (shellHarness.ts) on a copy of the demo: Reuse a previous run, the confirmation at 800×600, the Team question.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FakeQuickPick, until } from './fakeWindow';
import { answerUntil, openShell, startTask, type Shell } from './shellHarness';

describe('vscode shell: the fourth walk, the rest', function () {
  this.timeout(30_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  it('Reuse a previous run: each row says the run type, date, team and outcome, newest first; the path on the detail line', async () => {
    // A second error-analysis run of payments/currency-rounding, newer than the demo's, with other agents.
    const task = path.join(shell.project, '.okstra', 'tasks', 'payments', 'currency-rounding');
    const manifestPath = path.join(task, 'task-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { runs: Array<Record<string, unknown>> };
    manifest.runs.push({
      runId: '2026-11-21-1',
      taskType: 'error-analysis',
      status: 'completed',
      outcome: 'revision-requested',
      inputs: 'runs/2026-11-21-1/inputs.json',
    });
    fs.writeFileSync(manifestPath, JSON.stringify(manifest));
    const inputs = JSON.parse(fs.readFileSync(path.join(task, 'runs', '2026-11-16-1', 'inputs.json'), 'utf8')) as Record<string, unknown>;
    fs.mkdirSync(path.join(task, 'runs', '2026-11-21-1'));
    const roleModels = {
      leader: ['claude/opus-4.5'],
      analyser: ['claude/opus-4.5', 'codex/gpt-5.1-codex'],
      critic: ['antigravity/gemini-3-pro'],
      'report-writer': ['claude/sonnet-4.5'],
    };
    fs.writeFileSync(
      path.join(task, 'runs', '2026-11-21-1', 'inputs.json'),
      JSON.stringify({ ...inputs, roleCounts: { analyser: 2, critic: 1 }, roleModels }),
    );
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'reuse-previous', {
      'task-type': (i) => (i as FakeQuickPick).choose('error-analysis'),
    });
    const rows = (input as FakeQuickPick).items.filter((i) => i.model?.value?.startsWith('run:'));
    for (const r of rows) console.log(`      ${r.label} | ${r.description ?? ''} | ${r.detail ?? ''}`);
    assert.deepEqual(
      rows.map((r) => r.model?.value),
      ['run:2026-11-21-1', 'run:2026-11-16-1'],
    );
    for (const r of rows) {
      assert.doesNotMatch(r.label, /Reuse run|inputs\.json/);
      assert.match(r.label, /^error-analysis/);
      assert.match(r.detail ?? '', /runs\/2026-11-\d\d-1\/inputs\.json/);
    }
    assert.match(rows[0]!.description ?? '', /Nov 21.*review-panel.*revision-requested/);
    assert.match(rows[1]!.description ?? '', /Nov 16.*leader opus-4\.5 · 3 analysers.*accepted/);
  });

  it('the confirmation at 800×600: a short heading (run type and task), the title below it, then the command line and the agents', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    await answerUntil(shell, first, 'confirm');
    const doc = await until('the confirmation document', () => shell.win.documents.get('okstra render-bundle'));
    const lines = doc.split('\n');
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
    // The heading is the run type and the task key, drawn small: the task's name as an H1 took 3–5 lines at 800×600.
    const heading = lines.find((l) => /^<h1 |^# /.test(l)) ?? '';
    assert.match(heading, /^<h1 style="[^"]*font-size: 1\.\d+em[^"]*">implementation-planning · payments\/currency-rounding<\/h1>$/);
    assert.ok(at(/^JPY and KRW refunds are rounded to cents that do not exist$/) > at(/^<h1 /), 'the title is plain text under it');
    const command = at(/^okstra render-bundle /);
    const agents = at(/^\| leader /);
    const settings = at(/^\| task-type /);
    assert.ok(command > 0 && agents > command && settings > agents, `command line ${command}, agents ${agents}, settings ${settings}`);
  });

  it('no team can be used on the run type (release-handoff: the teams name roles it does not select): the Team question is not asked nor counted', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { seen, input } = await answerUntil(shell, first, 'confirm', {
      'task-type': (i) => (i as FakeQuickPick).choose('release-handoff'),
    });
    console.log(`      ${seen.join(' → ')}`);
    assert.ok(!seen.includes('team-pick'), seen.join(' → '));
    // Every prompt's "n of total" counts the steps asked: the confirmation is the last of them.
    const count = /\((\d+) of (\d+)\)/.exec(input.title ?? '');
    assert.ok(count && count[1] === count[2], input.title);
    assert.equal(Number(count[2]), seen.length + 1, 'task-pick, then the steps seen here');
  });

  it('a team changed in .okstra/config.yaml while the Team question is open: the question is shown again with the new models, and says why (W4)', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'team-pick', {
      'task-type': (i) => (i as FakeQuickPick).choose('error-analysis'),
    });
    const teams = input as FakeQuickPick;
    const row = () => teams.item('review-panel');
    assert.match(`${row().description ?? ''} ${row().detail ?? ''}`, /gemini-3-pro/);
    const configAbs = path.join(shell.project, '.okstra', 'config.yaml');
    assert.ok(shell.win.watched().includes(configAbs), '.okstra/config.yaml is watched while a prompt is open');
    // A comment changes nothing the prompt shows: it stays.
    fs.appendFileSync(configAbs, '# a comment\n');
    shell.win.fileChanged(configAbs);
    await shell.wizard.loop.followInputs('config');
    assert.ok(!teams.disposed, 'a change that leaves the choices as they were keeps the prompt');
    // The critic of review-panel becomes Sonnet: the open prompt is replaced by the Team question as it is now.
    const yaml = fs.readFileSync(configAbs, 'utf8');
    fs.writeFileSync(configAbs, yaml.replace('critic: [antigravity/gemini-3-pro]', 'critic: [claude/sonnet-4.5]'));
    shell.win.fileChanged(configAbs);
    const again = (await shell.next(teams)) as FakeQuickPick;
    assert.ok(teams.disposed, 'the prompt with the old models is closed');
    const said = again.placeholder ?? '';
    console.log(`      said: ${said}`);
    assert.match(said, /^\.okstra\/config\.yaml changed: the choices as they are now · /);
    const team = again.item('review-panel');
    const shown = `${team.label} ${team.description ?? ''} ${team.detail ?? ''}`;
    assert.doesNotMatch(shown, /gemini-3-pro/);
    // The new team is picked and taken: no refusal.
    await again.choose('review-panel');
    const next = await shell.next(again);
    assert.notEqual(next, again);
    assert.equal(again.errorText(), undefined);
  });

  it('prompt after prompt, the screen is never left without one: the next shows over the answered one, which then closes (W3)', async () => {
    const first = await startTask(shell, 'payments/currency-rounding');
    const gaps = shell.win.promptGaps;
    // Enter, and Back once: each next prompt shows over the one answered, so the keyboard never goes back to a view.
    const { input: evidence } = await answerUntil(shell, first, 'evidence');
    await evidence.pressBack();
    const back = await shell.next(evidence);
    assert.ok(evidence.disposed, 'the prompt left with Back is closed once the one before it shows');
    const { input: confirm } = await answerUntil(shell, back, 'confirm');
    assert.equal(shell.win.promptGaps, gaps, 'no prompt closed before the next one showed');
    assert.ok(
      shell.win.shownInputs.filter((i) => i !== confirm).every((i) => i.disposed),
      'every answered prompt is closed',
    );
    // Run: the loop ends, and the confirmation closes with nothing over it (it is not left on screen).
    await (confirm as FakeQuickPick).choose('run');
    await until('okstra to run', () => shell.runs.length === 1);
    assert.ok(confirm.disposed && !confirm.visible, 'the confirmation closed');
    assert.equal(shell.win.input, undefined);
  });

  it('the Confirm prompt is busy and says the confirmation is coming until its page is drawn beside it (W16)', async () => {
    let draw!: () => void;
    shell.win.drawnPage = new Promise<void>((resolve) => (draw = resolve));
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input: confirm } = await answerUntil(shell, first, 'confirm');
    await until('the busy note', () => /^The confirmation is opening beside this prompt… · /.test(confirm.placeholder ?? ''));
    assert.equal(confirm.busy, true, 'busy while the page is not drawn');
    console.log(`      said: ${confirm.placeholder}`);
    draw();
    await until('the question again', () => !confirm.busy);
    assert.doesNotMatch(confirm.placeholder ?? '', /opening/);
    assert.equal(confirm.placeholder, 'Everything is set. Run okstra?');
  });
});
