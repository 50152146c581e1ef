// Save these agents as a team… of the confirmation (src/vscode/commands/saveTeam.ts), driven through the fake window
// on a copy of the demo: the name (checked as it is typed), the scope, a yes before a team is replaced, and the
// confirmation again afterwards. Cancelling at any step writes nothing.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { parse } from 'yaml';
import { saveTeamAction } from '../../../src/vscode/commands/saveTeam';
import type { WizardContext } from '../../../src/vscode/wizard/context';
import type { WindowWizard } from '../../../src/vscode/wizard/windowWizard';
import { FakeQuickPick, until } from './fakeWindow';
import { answerUntil, openShell, startTask, stepOf, type Shell } from './shellHarness';

type ScopeItem = vscode.QuickPickItem & { scope?: string };

describe('vscode: Save these agents as a team… at the confirmation', function () {
  this.timeout(30_000);
  let shell: Shell;
  beforeEach(() => {
    shell = openShell();
  });
  afterEach(() => shell.close());

  const configPath = () => path.join(shell.project, '.okstra', 'config.yaml');
  const config = () => fs.readFileSync(configPath(), 'utf8');
  const teamsOf = () => (parse(config()) as { teams: Record<string, { roles: Record<string, string[]> }> }).teams;

  async function atConfirm(): Promise<FakeQuickPick> {
    const first = await startTask(shell, 'payments/currency-rounding');
    const { input } = await answerUntil(shell, first, 'confirm', {
      'team-pick': (i) => (i as FakeQuickPick).choose('one-by-one'),
    });
    return input as FakeQuickPick;
  }

  /** Chooses Save these agents as a team… and resolves the confirmation shown again. */
  async function saveFrom(confirm: FakeQuickPick): Promise<FakeQuickPick> {
    await confirm.choose((i) => /Save these agents as a team…/.test(i.label));
    const again = (await shell.next(confirm)) as FakeQuickPick;
    assert.equal(stepOf(again), 'confirm', 'the confirmation shows again');
    return again;
  }

  function answerScope(scope: string | undefined): void {
    shell.win.quickPickAnswer = (items) => (items as readonly ScopeItem[]).find((i) => i.scope === scope);
  }

  it('saves the agents as a project team in .okstra/config.yaml, says where, and shows the confirmation again', async () => {
    const confirm = await atConfirm();
    const item = confirm.item((i) => /Save these agents as a team…/.test(i.label));
    assert.equal(item.description, 'to pick them in one step next time');
    shell.win.inputBoxAnswer = () => 'planning-pair';
    answerScope('project');
    const before = config();
    const again = await saveFrom(confirm);
    const box = shell.win.inputBoxes[0];
    assert.equal(box.title, 'Save these agents as a team');
    assert.equal(box.validateInput?.('planning-pair'), undefined);
    assert.match(box.validateInput?.('one-by-one') ?? '', /Choose agents one by one/);
    assert.match(box.validateInput?.('has space') ?? '', /cannot be a team’s name/);
    assert.deepEqual(
      shell.win.quickPicks[0].items.map((i) => [i.label, i.description]),
      [
        ['This project', '.okstra/config.yaml'],
        ['Just me', 'user setting okstra.teams'],
      ],
    );
    const teams = teamsOf();
    assert.deepEqual(Object.keys(teams), ['usual-panel', 'review-panel', 'planning-pair']);
    assert.deepEqual(Object.keys(teams['planning-pair'].roles), ['leader', 'planner', 'critic', 'report-writer']);
    assert.ok(config().startsWith(before.split('\nteams:')[0]), 'the comments and keys before teams: are kept');
    assert.ok(config().includes('# Release hand-off runs fill in this template.'));
    const info = await until('the message', () => shell.win.messages.find((m) => /Saved the team/.test(m.message)));
    assert.deepEqual([info.message, info.modal], ["Saved the team 'planning-pair' in .okstra/config.yaml.", false]);
    assert.equal(shell.win.messages.filter((m) => m.modal).length, 0, 'a new name is not asked about');
    assert.ok(again.values().includes('run'));
  });

  it('cancelling the name, the scope or the replacement writes nothing, and the confirmation shows again', async () => {
    let confirm = await atConfirm();
    const before = config();
    shell.win.inputBoxAnswer = () => undefined;
    confirm = await saveFrom(confirm);
    assert.equal(shell.win.quickPicks.length, 0, 'no scope asked after a cancelled name');

    shell.win.inputBoxAnswer = () => 'planning-pair';
    answerScope(undefined);
    confirm = await saveFrom(confirm);
    assert.equal(shell.win.quickPicks.length, 1);

    shell.win.inputBoxAnswer = () => 'usual-panel';
    answerScope('project');
    confirm = await saveFrom(confirm);
    const asked = shell.win.messages.filter((m) => m.modal);
    assert.deepEqual(
      asked.map((m) => [m.message, m.detail, m.buttons]),
      [
        [
          "Replace the team 'usual-panel'?",
          '.okstra/config.yaml already has a team of that name; it gets these agents instead.',
          ['Replace'],
        ],
      ],
    );
    assert.equal(config(), before, 'nothing written');
    assert.equal(shell.win.messages.filter((m) => /Saved the team/.test(m.message)).length, 0);
    assert.deepEqual(shell.win.userSettings, {});
    assert.equal(stepOf(confirm), 'confirm');
  });

  it('a team of that name is replaced after Replace', async () => {
    const confirm = await atConfirm();
    const old = teamsOf()['usual-panel'];
    shell.win.inputBoxAnswer = () => 'usual-panel';
    answerScope('project');
    shell.win.answers.push([/^Replace the team/, 'Replace']);
    await saveFrom(confirm);
    const teams = teamsOf();
    assert.deepEqual(Object.keys(teams), ['usual-panel', 'review-panel']);
    assert.notDeepEqual(teams['usual-panel'], old);
    assert.equal(teams['usual-panel'].roles.planner.length, 2);
    assert.equal(teams['review-panel'].roles.analyser.length, 2, 'the other team stays');
  });

  it('an invalid name is refused: nothing is asked after it and nothing is written', async () => {
    const confirm = await atConfirm();
    const before = config();
    shell.win.inputBoxAnswer = () => 'one-by-one';
    answerScope('project');
    await saveFrom(confirm);
    assert.equal(shell.win.inputBoxRefusals.length, 1);
    assert.match(shell.win.inputBoxRefusals[0], /“one-by-one” cannot be a team’s name/);
    assert.equal(shell.win.quickPicks.length, 0);
    assert.equal(config(), before);
  });

  it('Just me: the team goes into the user setting okstra.teams (the other teams kept), a name there asked about first', async () => {
    const mine = { roles: { planner: ['claude/opus-4.5'] } };
    shell.win.userSettings.teams = { mine };
    let confirm = await atConfirm();
    const before = config();
    shell.win.inputBoxAnswer = () => 'solo';
    answerScope('user');
    confirm = await saveFrom(confirm);
    const teams = shell.win.userSettings.teams as Record<string, { roles: Record<string, string[]> }>;
    assert.deepEqual(Object.keys(teams), ['mine', 'solo']);
    assert.deepEqual(teams.mine, mine);
    assert.deepEqual(Object.keys(teams.solo.roles), ['leader', 'planner', 'critic', 'report-writer']);
    assert.equal(config(), before, 'config.yaml is not touched');
    const info = await until('the message', () => shell.win.messages.find((m) => /Saved the team/.test(m.message)));
    assert.equal(info.message, "Saved the team 'solo' in your user settings (okstra.teams).");

    shell.win.inputBoxAnswer = () => 'mine';
    await saveFrom(confirm);
    assert.deepEqual(
      shell.win.messages.filter((m) => m.modal).map((m) => m.message),
      ["Replace the team 'mine'?"],
    );
    assert.deepEqual((shell.win.userSettings.teams as Record<string, unknown>).mine, mine, 'not replaced without a yes');
  });

  it("Run's confirmation of a confirmed wizard offers it too, shows again after it, and Run there starts okstra once", async () => {
    const confirm = await atConfirm();
    const session = shell.wizard.session!;
    await confirm.escape();
    assert.ok((await session.submit('run')).ok);
    shell.wizard.refresh();
    void shell.command('run');
    const shown = (await shell.next(confirm)) as FakeQuickPick;
    assert.deepEqual(shown.values(), ['run', 'edit']);
    shell.win.inputBoxAnswer = () => 'after-run';
    answerScope('project');
    await shown.choose((i) => /Save these agents as a team…/.test(i.label));
    const again = (await shell.next(shown)) as FakeQuickPick;
    assert.deepEqual(again.values(), ['run', 'edit'], 'the same confirmation again');
    assert.ok('after-run' in teamsOf());
    assert.equal(shell.runs.length, 0, 'saving a team runs nothing');
    await again.choose('run');
    await until('okstra to run', () => shell.runs.length === 1);
  });

  it('is not offered when the run type has no agents to save', () => {
    const session = { teams: () => ({ canSave: () => false }) } as unknown as WindowWizard;
    assert.equal(saveTeamAction(shell.wizard as WizardContext, session), null);
  });
});
