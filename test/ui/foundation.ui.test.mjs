// UI tests: playwright-core drives the real VS Code workbench (code-server + headless chromium) with the
// extension loaded from this repository, on a copy of the fixture workspace. Screenshots: test-results/ui/.
import assert from 'node:assert/strict';
import { openWorkbench, resultsDir } from './workbench.mjs';

describe('UI: okstra in the VS Code workbench', function () {
  let wb;

  before(async function () {
    this.timeout(180_000);
    // The okstra container is waited for by the first test.
    wb = await openWorkbench({ name: 'foundation', shotsDir: resultsDir, openOkstra: false });
  });

  afterEach(async function () {
    await wb?.reportFailure(this.currentTest);
  });

  after(async () => {
    await wb?.close();
  });

  it('shows the okstra container in the activity bar', async () => {
    await wb.okstraContainer().waitFor({ timeout: 90_000 });
  });

  it('lists the okstra commands in the command palette, hiding those that need a wizard', async () => {
    await wb.palette('okstra', 'okstra: New Run…');
    const rows = await wb.pickRows();
    await wb.shot('01-command-palette-okstra.png');
    await wb.page.keyboard.press('Escape');
    console.log(`      palette: ${rows.join(' | ')}`);
    assert.ok(
      rows.some((r) => r.includes('okstra: New Run…')),
      'New Run… is listed',
    );
    assert.ok(
      rows.some((r) => r.includes('okstra: Resume Wizard')),
      'Resume Wizard is listed',
    );
    // No wizard is loaded: the commandPalette when clauses hide these.
    for (const hidden of ['Edit from Here', 'Run render-bundle', 'Run Again', 'Abort Wizard']) {
      assert.ok(!rows.some((r) => r.includes(`okstra: ${hidden}`)), `${hidden} must be hidden from the palette`);
    }
  });

  it('opens the Wizard view with its welcome content and New Run button', async () => {
    const { page } = wb;
    await wb.okstraContainer().click();
    const welcome = page.locator('.welcome-view-content', { hasText: 'No okstra run is being configured here.' });
    await welcome.waitFor();
    await welcome.locator('.monaco-button', { hasText: 'New Run…' }).waitFor();
    await welcome.locator('.monaco-button', { hasText: 'Resume Wizard' }).waitFor();
    await wb.shot('02-okstra-view-welcome.png'); // after the sidebar has finished its layout
  });

  it("opens a terminal and reads a command's output from it", async () => {
    const { page } = wb;
    await wb.palette('Terminal: Create New Terminal', 'Create New Terminal');
    await page.keyboard.press('Enter');
    await page.locator('.terminal-wrapper .xterm').first().waitFor();
    // Readable only with the DOM renderer (terminal.integrated.gpuAcceleration off). Wait for the prompt.
    await page.locator('.xterm-rows', { hasText: /\S/ }).first().waitFor();
    await page.locator('.xterm-helper-textarea').first().focus();
    await page.keyboard.type('echo OKSTRA_UI_$((6*7))');
    await page.keyboard.press('Enter');
    await page.locator('.xterm-rows', { hasText: 'OKSTRA_UI_42' }).first().waitFor({ timeout: 15_000 });
    await wb.shot('03-terminal.png');
  });
});
