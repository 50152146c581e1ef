// Resume Wizard and New Run's "already has an unfinished wizard" over a state file made under another root (a
// colleague's committed file, a copied project): the wizard is listed at the step and position opening it shows,
// never as a task that cannot be used, whatever folder it is summarised for.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { textsFor } from '../../../src/core/text';
import { stepTitle } from '../../../src/core/wizard/readable';
import { buildEnvironment } from '../../../src/host/environment';
import { WizardHost } from '../../../src/host';
import type { EngineSessionFactory } from '../../../src/vscode/wizard/engineSession';
import { summariseWizard } from '../../../src/vscode/wizard/unfinished';
import { cleanupTemp } from '../cli/cliHarness';
import { demoCopy, demoEnv, walkAnswer } from '../mcp/mcpHarness';
import { until } from './fakeWindow';
import { openShell, startTask, type Shell } from './shellHarness';

const PROFILES = path.resolve(__dirname, '..', '..', '..', 'profiles');
const TASK = 'payments/currency-rounding';

describe('shell: a state file made under another root', function () {
  this.timeout(60_000);
  let shell: Shell;
  let file: string;
  let made: string;

  beforeEach(() => {
    shell = openShell();
    // Answers given in another copy of the project, which is gone since.
    made = demoCopy();
    const host = new WizardHost({
      builtinProfilesDir: PROFILES,
      environment: () => buildEnvironment({ env: demoEnv(made), cwd: made }),
      texts: () => textsFor('en'),
    });
    const { wizard } = host.startTask(made, TASK, { hostRuntime: 'claude-code', entryMode: 'spawn-process' });
    for (let i = 0; i < 2; i++) assert.ok(wizard.submit(walkAnswer(wizard.currentPrompt())).ok);
    file = shell.stateFile(TASK);
    fs.copyFileSync(wizard.statePath!, file);
    fs.rmSync(made, { recursive: true, force: true });
  });

  afterEach(() => shell.close());
  after(cleanupTemp);

  const factory = (): EngineSessionFactory => shell.wizard.factory as EngineSessionFactory;

  /** The prompt opening the file shows, in the Resume list's words. */
  async function opened(): Promise<{ step: string; n: number; total: number }> {
    const session = await factory().open(file, shell.win.folders[0]!);
    const p = session.current().prompt!;
    return { step: stepTitle(factory().host.texts(), p.step), n: p.progress.answered + 1, total: p.progress.total };
  }

  it('Resume lists it at the step and n of total opening it shows; so does the summary for any folder (the one it records too)', async () => {
    const want = await opened();
    assert.ok(want.total >= want.n && want.n > 2, JSON.stringify(want));
    const listed = (await factory().listUnfinished(shell.win.folders)).find((w) => w.statePath === file);
    assert.ok(listed);
    assert.deepEqual({ task: listed.taskKey, step: listed.step, n: listed.n, total: listed.total }, { task: TASK, ...want });
    for (const root of [shell.project, made, JSON.parse(fs.readFileSync(file, 'utf8')).project_root as string]) {
      const s = summariseWizard(factory().host, file, 'acme-payments', root);
      assert.deepEqual(s && { step: s.step, n: s.n, total: s.total }, want, root);
    }
  });

  it('answering it says the moved note once in this window, and the file keeps the roots it records', async () => {
    const recorded = JSON.parse(fs.readFileSync(file, 'utf8')).project_root as string;
    shell.win.answers = [[/was opened from an older or moved state file\.$/, 'Details']];
    void shell.command('resume', file);
    let input = await shell.next();
    for (let i = 0; i < 2; i++) {
      await input.enter();
      input = await shell.next(input);
    }
    void shell.command('resume', file);
    await shell.next(input);
    const notes = shell.win.messages.filter((m) => /was opened from an older or moved state file/.test(m.message));
    assert.equal(notes.length, 1, shell.win.messages.map((m) => m.message).join(' | '));
    const details = await until('its details', () => shell.win.messages.find((m) => m.modal && m.message === `The wizard of ${TASK}`));
    assert.ok((details.detail ?? '').includes(`This wizard was made in ${recorded};`), details.detail);
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { project_root: string; answered: string[] };
    assert.equal(saved.project_root, recorded);
    assert.equal(shell.wizard.session?.state.project_root, shell.project);
  });

  it('New Run on its task says where it stopped, n of total, and Resume continues there', async () => {
    const want = await opened();
    shell.win.answers = [[/already has an unfinished wizard/, 'Resume']];
    const next = await startTask(shell, TASK);
    const asked = shell.win.messages.find((m) => m.message === `${TASK} already has an unfinished wizard.`);
    assert.ok(asked, shell.win.messages.map((m) => m.message).join(' | '));
    assert.equal(
      asked.detail,
      `It stopped at ${want.step} (${want.n} of ${want.total}). Resume it, or start over (the old file is kept as a backup)?`,
    );
    assert.equal(shell.wizard.session?.statePath, file);
    assert.ok(next.title?.includes(want.step), next.title);
  });
});
