// UI test of teams on the demo, the way `npm start` serves it: New Run… on payments/currency-rounding (an
// implementation-planning run), the demo's usual-panel picked at the Team question answers every agent (the next
// prompt is past the role prompts), then at the confirmation "Save these agents as a team…" saves them as a new
// project team: the workspace copy's .okstra/config.yaml holds it afterwards, and the confirmation shows again.
// Screenshots: docs/images/teams-*.png (the README), made under test-results/screenshots/; the team pick at
// 1024×768 under test-results/ui/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../runner/harness.mjs';
import { useDemoWorkbench } from './demoWorkbench.mjs';
import { resultsDir } from './workbench.mjs';

const NEW_TEAM = 'rounding-panel';

describe('UI: teams — pick one at the Team question, save the agents as one at the confirmation', function () {
  let wb;
  let page;
  let workspace;
  /** The title of the prompt on screen, as the last step saw it. */
  let title = '';

  const configOf = () => parse(fs.readFileSync(path.join(workspace.dir, '.okstra', 'config.yaml'), 'utf8'));
  const row = (text) => page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();

  useDemoWorkbench({ name: 'teams', workspacePrefix: 'okstra-teams-' }, (opened) => {
    wb = opened;
    ({ page, workspace } = wb);
  });

  it("picking the demo's usual-panel at the Team question answers every agent prompt", async () => {
    await wb.palette('okstra: New Run…');
    await page.keyboard.press('Enter');
    const first = await wb.nextPrompt('');
    assert.equal(first[1], 'task-pick');
    await page.keyboard.type('currency-rounding');
    await wb.activeRow('payments/currency-rounding');
    await page.keyboard.press('Enter');
    let [text, step] = await wb.nextPrompt(first[0]);
    // The defaults up to the Team question.
    for (let i = 0; i < 20 && step !== 'team-pick'; i++) {
      assert.ok(!step.startsWith('role-'), `the Team question comes before the agents: ${step}`);
      await page.keyboard.press('Enter');
      [text, step] = await wb.nextPrompt(text);
    }
    assert.equal(step, 'team-pick');
    const rows = await wb.pickRows();
    assert.ok(
      rows.some((r) => r.includes('usual-panel') && r.includes('planner: codex/gpt-5.1-codex, antigravity/gemini-3-pro')),
      rows.join(' | '),
    );
    assert.ok(
      rows.some((r) => r.includes('Choose agents one by one')),
      rows.join(' | '),
    );
    await wb.shot('teams-01-pick.png');
    await wb.resize({ width: 1024, height: 768 });
    const box = await page.locator('.quick-input-widget').boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 768, `the Team question fits at 1024×768: ${JSON.stringify(box)}`);
    await row('usual-panel').waitFor();
    await wb.settled();
    const small = path.join(resultsDir, 'teams-01-pick-1024x768.png');
    await page.screenshot({ path: small });
    console.log(`      screenshot ${path.relative(repoRoot, small)}`);
    await wb.resize({ width: 1280, height: 800 });

    await row('usual-panel').click();
    [text, step] = await wb.nextPrompt(text);
    assert.ok(!step.startsWith('role-') && step !== 'team-pick', `the next prompt is past the agents: ${step}`);
    const seen = await wb.answerUntilConfirmation([text, step]);
    assert.ok(!seen.some((s) => s.startsWith('role-')), `no agent was asked: ${seen.join(' → ')}`);
    title = seen.confirm[0];
    const doc = await wb.confirmationText();
    assert.match(doc, /\| planner \| 2 \| antigravity\/gemini-3-pro \|/);
  });

  it('Save these agents as a team… at the confirmation writes a new project team into .okstra/config.yaml', async () => {
    assert.ok(!(NEW_TEAM in configOf().teams));
    await row('Save these agents as a team…').click();
    const [nameTitle] = await wb.nextPrompt(title);
    assert.equal(nameTitle, 'Save these agents as a team');
    // The name is checked as it is typed.
    await page.keyboard.type('one-by-one');
    await page.locator('.quick-input-message', { hasText: 'cannot be a team’s name' }).waitFor();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(NEW_TEAM);
    await page.locator('.quick-input-message', { hasText: 'cannot be a team’s name' }).waitFor({ state: 'hidden' });
    await page.keyboard.press('Enter');
    const [scopeTitle] = await wb.nextPrompt(nameTitle);
    assert.equal(scopeTitle, `Save the team '${NEW_TEAM}'`);
    const scopes = await wb.pickRows();
    assert.ok(scopes[0]?.includes('This project') && scopes[0].includes('.okstra/config.yaml'), scopes.join(' | '));
    assert.ok(scopes[1]?.includes('Just me') && scopes[1].includes('okstra.teams'), scopes.join(' | '));
    await wb.shot('teams-02-save.png');
    await page.keyboard.press('Enter');
    // It says where, and the confirmation shows again.
    await wb.notification(`Saved the team '${NEW_TEAM}' in .okstra/config.yaml.`);
    const [again] = await wb.nextPrompt(scopeTitle);
    assert.equal(again, title, 'the confirmation shows again');
    await row('Run').waitFor();
    const teams = configOf().teams;
    assert.deepEqual(Object.keys(teams), ['usual-panel', 'review-panel', NEW_TEAM]);
    assert.deepEqual(teams[NEW_TEAM].roles, {
      leader: ['claude/opus-4.5'],
      planner: ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro'],
      critic: [],
      'report-writer': ['claude/sonnet-4.5'],
    });
    assert.match(fs.readFileSync(path.join(workspace.dir, '.okstra', 'config.yaml'), 'utf8'), /^# Teams: the whole panel/m);
  });
});
