// Saving a wizard's agents as a team through the host (src/host/teams.ts): a project team is written into
// .okstra/config.yaml through the store's edit (comments and the other keys stay), a personal one is returned.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { planTeamSave, saveTeam, teamSaveNameProblem, WizardHost, type HostWizard } from '../../../src/host';
import { textsFor } from '../../../src/core/text';
import { WizardError } from '../../../src/core/types';
import { buildEnvironment } from '../../../src/host/environment';
import { cleanupTemp } from '../cli/cliHarness';
import { demoCopy, demoEnv } from '../mcp/mcpHarness';

const PROFILES = path.resolve(__dirname, '..', '..', '..', 'profiles');

function host(project: string, env: NodeJS.ProcessEnv, language: 'en' | 'ko' = 'en'): WizardHost {
  return new WizardHost({
    builtinProfilesDir: PROFILES,
    environment: () => buildEnvironment({ env, cwd: project }),
    texts: () => textsFor(language),
  });
}

/** A wizard of the demo's refund-queue task on error analysis, answered with the defaults up to the confirmation. */
function atConfirm(project: string, env: NodeJS.ProcessEnv, answers: Record<string, string> = {}, language: 'en' | 'ko' = 'en') {
  const { wizard } = host(project, env, language).startTask(project, 'payments/refund-queue', {
    hostRuntime: 'claude-code',
    entryMode: 'spawn-process',
    startOver: true,
  });
  const all: Record<string, string> = { 'task-type': 'error-analysis', 'team-pick': 'one-by-one', ...answers };
  for (let i = 0; i < 60; i++) {
    const p = wizard.currentPrompt();
    assert.ok(p, 'a prompt');
    if (p.step === 'confirm') return wizard;
    const answer = all[p.step] ?? p.options.find((o) => o.default)?.value ?? (p as { default?: string }).default ?? '';
    const r = wizard.submit(answer);
    assert.ok(r.ok, `${p.step} = ${answer}: ${JSON.stringify(r)}`);
  }
  assert.fail('never reached the confirmation');
}

function refusal(run: () => unknown): WizardError {
  try {
    run();
  } catch (err) {
    assert.ok(err instanceof WizardError);
    return err;
  }
  assert.fail('not refused');
}

const configOf = (project: string) => fs.readFileSync(path.join(project, '.okstra', 'config.yaml'), 'utf8');

describe('host: saving the agents as a team', function () {
  this.timeout(60_000);
  after(cleanupTemp);

  it('project scope: written into .okstra/config.yaml teams.<name>, comments and other teams kept; a second save is reported first', () => {
    const project = demoCopy();
    const wizard: HostWizard = atConfirm(project, demoEnv(project), { 'role-add:critic': '0' });
    const before = configOf(project);
    const plan = planTeamSave(wizard, 'my-panel', 'project');
    assert.deepEqual([plan.exists, plan.where], [false, '.okstra/config.yaml: teams.my-panel']);
    assert.equal(configOf(project), before, 'planning writes nothing');
    const saved = saveTeam(wizard, 'my-panel', 'project');
    const text = configOf(project);
    assert.ok(text.includes('# Teams: the whole panel of agents in one pick'), 'comments kept');
    const data = parse(text) as { teams: Record<string, { roles: Record<string, string[]> }>; projectId: string };
    assert.equal(data.projectId, 'acme-payments');
    assert.deepEqual(Object.keys(data.teams), ['usual-panel', 'review-panel', 'my-panel']);
    assert.deepEqual(data.teams['my-panel'], saved.team);
    assert.deepEqual(Object.keys(saved.team.roles), ['leader', 'analyser', 'critic', 'report-writer']);
    assert.deepEqual(saved.team.roles.critic, []);
    assert.equal(planTeamSave(wizard, 'my-panel', 'project').exists, true, 'the next save would replace it');
    assert.equal(planTeamSave(wizard, 'review-panel', 'project').exists, true);
    // The saved team is offered at team-pick of a new wizard, and usable.
    const again = atConfirm(project, demoEnv(project), { 'team-pick': 'my-panel' });
    assert.deepEqual(again.state.role_models, wizard.state.role_models);
  });

  it('project scope: a project without config.yaml gets one', () => {
    const project = demoCopy();
    const wizard = atConfirm(project, demoEnv(project));
    fs.rmSync(path.join(project, '.okstra', 'config.yaml'));
    saveTeam(wizard, 'solo', 'project');
    const data = parse(configOf(project)) as { teams: Record<string, unknown> };
    assert.deepEqual(Object.keys(data.teams), ['solo']);
  });

  it('user scope: the team is returned and nothing is written; a team of that name in OKSTRA_TEAMS is reported', () => {
    const project = demoCopy();
    const teamsFile = path.join(path.dirname(project), 'teams.yaml');
    fs.writeFileSync(teamsFile, 'mine:\n  roles:\n    analyser: [claude/opus-4.5]\n');
    const env = { ...demoEnv(project), OKSTRA_TEAMS: teamsFile };
    const wizard = atConfirm(project, env);
    const before = configOf(project);
    const saved = saveTeam(wizard, 'mine', 'user');
    assert.deepEqual([saved.exists, saved.where, saved.scope], [true, 'setting okstra.teams.mine', 'user']);
    assert.equal(planTeamSave(wizard, 'other', 'user').exists, false);
    assert.equal(configOf(project), before);
    assert.equal(fs.readFileSync(teamsFile, 'utf8'), 'mine:\n  roles:\n    analyser: [claude/opus-4.5]\n');
  });

  it('refusals: a bad name (refused-answer, in the wizard language), before the confirmation (not-complete); nothing written', () => {
    const project = demoCopy();
    const wizard = atConfirm(project, demoEnv(project));
    const before = configOf(project);
    for (const name of ['one-by-one', 'run:x', 'has space', '', '.dot']) {
      const e = refusal(() => saveTeam(wizard, name, 'project'));
      assert.equal(e.code, 'refused-answer', name);
      assert.equal(e.message, teamSaveNameProblem(wizard, name));
    }
    assert.equal(configOf(project), before);
    const ko = atConfirm(project, demoEnv(project), {}, 'ko');
    assert.match(refusal(() => saveTeam(ko, 'one-by-one', 'project')).message, /팀 이름으로 쓸 수 없습니다/);
    const { wizard: early } = host(project, demoEnv(project)).startTask(project, 'payments/refund-queue', {
      hostRuntime: 'claude-code',
      entryMode: 'spawn-process',
      startOver: true,
    });
    assert.equal(refusal(() => planTeamSave(early, 'later', 'project')).code, 'not-complete');
    assert.equal(configOf(project), before);
  });
});
