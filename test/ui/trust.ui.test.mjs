// UI test of workspace trust for real (R6): code-server started WITH workspace trust on a copy of
// the demo; VS Code's own dialog is answered "No, I don't trust the authors" in the browser (VS Code 1.13x asks
// nothing and opens the folder in Restricted Mode straight away). The wizard can
// still be answered; Run is shown disabled with its reason and choosing it runs nothing; Run and Run Again
// are not offered; nothing is written to .okstra/config.yaml (no persist action) and no run is recorded.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../runner/harness.mjs';
import { openWorkbench, resultsDir } from './workbench.mjs';

const demoDir = path.join(repoRoot, 'demo');

describe('UI: an untrusted workspace (VS Code\'s trust dialog answered "Don\'t trust")', function () {
  let wb;
  let page;
  let configBefore;

  before(async function () {
    this.timeout(180_000);
    wb = await openWorkbench({
      name: 'trust',
      from: demoDir,
      workspacePrefix: 'okstra-trust-',
      workspaceTrust: true,
      // Loaded as an installed extension: the smoke-test driver that loads it from the URL on VS Code 1.13x hides the
      // trust dialog this test answers.
      installed: true,
      openOkstra: false,
      shotsDir: resultsDir,
      prepare: ({ sandbox, workspace }) => {
        sandbox.env.PATH = `${path.join(workspace.dir, '.demo-bin')}${path.delimiter}${sandbox.env.PATH ?? ''}`;
        sandbox.env.VSCODE_CLI = '1';
        configBefore = fs.readFileSync(path.join(workspace.dir, '.okstra/config.yaml'));
      },
    });
    page = wb.page;
  });

  afterEach(async function () {
    await wb?.reportFailure(this.currentTest);
  });

  after(async () => {
    await wb?.close();
  });

  /** The extension never started okstra: its log has no task or terminal run (src/vscode/run/runExecution.ts). */
  function assertNothingRan() {
    assert.deepEqual(
      wb.okstraLogLines().filter((l) => /\brun (as task|in \S+ \()/.test(l)),
      [],
    );
  }

  it('the folder opens in Restricted Mode: VS Code 1.100 asks and is answered "No, I don\'t trust the authors", 1.13x does not ask', async () => {
    const trustPath = await wb.answerTrustDialog("No, I don't trust the authors");
    console.log(`      workspace trust: ${trustPath === 'dialog' ? 'the dialog asked' : 'Restricted Mode without a dialog'}`);
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 30_000 });
    await wb.okstraContainer().waitFor({ timeout: 90_000 });
    await wb.okstraContainer().click();
    await wb.shot('trust-01-restricted.png');
  });

  it('the wizard is answered and confirmed; the confirmation says Run is disabled, and Run refuses and runs nothing', async () => {
    await wb.palette('okstra: New Run…');
    await page.keyboard.press('Enter');
    const first = await wb.nextPrompt('');
    await page.keyboard.type('currency-rounding');
    await wb.activeRow('payments/currency-rounding');
    await page.keyboard.press('Enter');
    await wb.answerUntilConfirmation(await wb.nextPrompt(first[0]));
    const run = page.locator('.quick-input-list .monaco-list-row[aria-label^="Run"]').first();
    assert.match((await run.getAttribute('aria-label')) ?? '', /Run is disabled in an untrusted workspace/);
    await wb.shot('trust-02-confirmation.png');
    await run.click();
    await wb.notification('Run is disabled in an untrusted workspace: trust this workspace');
    await wb.shot('trust-03-refused.png');
    // The extension logs the refusal as the last thing Run does before it returns: from here on nothing can start.
    await wb.waitForLog(/Run refused: Run is disabled in an untrusted workspace/);
    assertNothingRan();
    const state = JSON.parse(fs.readFileSync(path.join(wb.workspace.dir, '.okstra/tasks/payments/currency-rounding.wizard.json'), 'utf8'));
    assert.equal(state.confirmed, true, 'the answers and the confirmation are saved');
    assert.equal(state.last_run ?? null, null, 'no run recorded');
    assert.equal(await page.locator('.xterm-rows', { hasText: 'okstra (demo stand-in)' }).count(), 0, 'the stand-in okstra did not run');
  });

  it('Show Confirmation offers Run disabled; choosing it runs nothing', async () => {
    await wb.palette('okstra: Show Confirmation');
    await page.keyboard.press('Enter');
    await wb.nextPrompt('');
    const run = page.locator('.quick-input-list .monaco-list-row[aria-label*="Run is disabled"]').first();
    await run.click();
    // Choosing it is Run, which refuses (the second refusal of this workbench), as the last thing it does.
    await wb.waitForLog(/Run refused: Run is disabled in an untrusted workspace/, 2);
    assertNothingRan();
    const state = JSON.parse(fs.readFileSync(path.join(wb.workspace.dir, '.okstra/tasks/payments/currency-rounding.wizard.json'), 'utf8'));
    assert.equal(state.last_run ?? null, null, 'no run recorded');
    await page.keyboard.press('Escape');
  });

  it('Run and Run Again are not offered in the palette; config.yaml is unchanged (no persist action ran)', async () => {
    await wb.palette('okstra', 'okstra: New Run…');
    const rows = await wb.pickRows();
    await page.keyboard.press('Escape');
    console.log(`      palette (untrusted): ${rows.join(' | ')}`);
    assert.ok(
      rows.some((r) => r.includes('okstra: Show Confirmation')),
      'a wizard is loaded',
    );
    for (const hidden of ['Run render-bundle', 'Run Again'])
      assert.ok(!rows.some((r) => r.includes(`okstra: ${hidden}`)), `${hidden} is not offered`);
    assert.deepEqual(fs.readFileSync(path.join(wb.workspace.dir, '.okstra/config.yaml')), configBefore);
  });
});
