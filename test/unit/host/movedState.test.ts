// State files made under another absolute root (a project copied or moved, a colleague's committed file): the
// read-only probe judges one exactly as opening it does (in the project the file lies in), and a save keeps the
// roots the file records, so that only what the person answered changes in it (docs/state-file.md › Roots).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { textsFor } from '../../../src/core/text';
import { buildEnvironment } from '../../../src/host/environment';
import { WizardHost, type HostWizard } from '../../../src/host';
import { cleanupTemp, cliInProcess } from '../cli/cliHarness';
import { demoCopy, demoEnv, walkAnswer } from '../mcp/mcpHarness';

const PROFILES = path.resolve(__dirname, '..', '..', '..', 'profiles');
const LEGACY = '.okstra/tasks/payments/refund-timeout.wizard.json';
const TASK = 'payments/currency-rounding';
const STATE = '.okstra/tasks/payments/currency-rounding.wizard.json';

function hostFor(project: string): WizardHost {
  return new WizardHost({
    builtinProfilesDir: PROFILES,
    environment: () => buildEnvironment({ env: demoEnv(project), cwd: project }),
    texts: () => textsFor('en'),
  });
}

/** Answers `n` prompts of `w` with the walk's defaults. */
function answer(w: HostWizard, n: number): void {
  for (let i = 0; i < n; i++) {
    const prompt = w.currentPrompt();
    assert.ok(prompt && prompt.kind !== 'done', `a prompt to answer (${i})`);
    const r = w.submit(walkAnswer(prompt));
    assert.ok(r.ok, r.ok ? '' : r.error);
  }
}

/** The top-level keys whose values differ between two state files' JSON (added and removed keys too). */
function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}

const json = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('host: a state file made under another root', function () {
  this.timeout(60_000);
  after(cleanupTemp);

  /** A wizard of payments/currency-rounding answered `n` steps in one copy of the demo, its file copied into another. */
  function madeElsewhere(n: number): { made: string; here: string; file: string; original: string } {
    const made = demoCopy();
    const host = hostFor(made);
    const { wizard } = host.startTask(made, TASK, { hostRuntime: 'claude-code', entryMode: 'spawn-process' });
    answer(wizard, n - 1);
    const here = demoCopy();
    const file = path.join(here, STATE);
    fs.copyFileSync(path.join(made, STATE), file);
    return { made, here, file, original: path.join(made, STATE) };
  }

  it('the probe judges a copied file where it lies, as opening it does: its task, step and n of total (never "cannot be used", never "of 0")', () => {
    const { made, here, file } = madeElsewhere(3);
    // The project it was made in is gone: only the folder it lies in can judge it.
    fs.rmSync(made, { recursive: true, force: true });
    const host = hostFor(here);
    const opened = host.open(file).currentPrompt();
    assert.ok(opened);
    // Judged the same whichever folder the caller names: the one it is listed under, or the root the file records.
    for (const root of [here, made]) {
      const p = host.probe(file, root);
      assert.equal(p.error, undefined, `${root}: ${p.error}`);
      assert.deepEqual(
        { status: p.status, task: p.taskKey, step: p.step, n: p.n, total: p.total },
        { status: 'unfinished', task: TASK, step: opened.step, n: opened.progress.answered + 1, total: opened.progress.total },
        root,
      );
    }
    const [listed] = host.wizardsInProgress(here).filter((w) => w.task === TASK);
    assert.equal(listed?.step, opened.step);
    assert.equal(listed?.total, opened.progress.total);
  });

  it("the probe judges the demo's legacy file (made in /home/mina/src/acme-payments) in the project it lies in: 7 of its total, at the critic", () => {
    const here = demoCopy();
    const file = path.join(here, LEGACY);
    const host = hostFor(here);
    const opened = host.open(file, { cleanStale: false }).currentPrompt();
    assert.ok(opened);
    for (const root of [here, json(file).project_root as string]) {
      const p = host.probe(file, root);
      assert.equal(p.error, undefined, `${root}: ${p.error}`);
      assert.deepEqual([p.step, p.n, p.total], ['role-add:critic', 7, opened.progress.total], root);
      assert.ok(p.total! >= 7);
    }
  });

  it('a copied file answered once differs from before only in what that answer changed; its recorded roots stay as they were', () => {
    const { made, here, file, original } = madeElsewhere(3);
    const before = json(file);
    assert.equal(before.project_root, made);
    // The same answer in the project it was made in changes these keys there.
    const there = hostFor(made).open(original);
    const prompt = there.currentPrompt()!;
    assert.ok(there.submit(walkAnswer(prompt)).ok);
    const expected = changedKeys(before, json(original));
    assert.ok(expected.length > 0 && !expected.includes('project_root') && !expected.includes('workspace_root'), expected.join());

    const w = hostFor(here).open(file);
    assert.equal(w.state.project_root, here, 'the wizard works in the project the file lies in');
    assert.equal(w.currentPrompt()?.id, prompt.id);
    const r = w.submit(walkAnswer(prompt));
    assert.ok(r.ok, r.ok ? '' : r.error);
    const after = json(file);
    assert.deepEqual(changedKeys(before, after), expected);
    assert.equal(after.project_root, made);
    assert.equal(after.workspace_root, path.join(made, '.okstra'));
    // The key order is the file's; the bytes are those the same answer wrote there, roots and all.
    assert.deepEqual(Object.keys(after), Object.keys(before));
    assert.equal(fs.readFileSync(file, 'utf8'), fs.readFileSync(original, 'utf8'));
    // A later load still works where the file lies, and keeps the roots again.
    const again = hostFor(here).open(file);
    assert.equal(again.state.project_root, here);
    answer(again, 1);
    assert.equal(json(file).project_root, made);
  });

  it('the command line of a copied file names the roots of the project it lies in, never the roots it records', () => {
    const { made, here, file } = madeElsewhere(3);
    const w = hostFor(here).open(file);
    for (let i = 0; i < 60 && w.currentPrompt()?.step !== 'confirm'; i++) answer(w, 1);
    assert.equal(w.currentPrompt()?.step, 'confirm');
    assert.equal(json(file).project_root, made, 'the file still records where it was made');
    const r = w.renderArgs();
    assert.ok(r.ok, r.ok ? '' : r.error);
    const argv = r.renderArgv;
    assert.equal(argv[argv.indexOf('--project-root') + 1], here);
    assert.ok(!argv.some((a) => a.includes(made)), argv.join(' '));
    assert.ok(
      argv.filter((a) => path.isAbsolute(a)).every((a) => a.startsWith(here + path.sep) || a === here),
      argv.join(' '),
    );
    // A fresh load (the next command, another window) renders the same.
    const reloaded = hostFor(here).open(file).renderArgs();
    assert.ok(reloaded.ok);
    assert.deepEqual(reloaded.renderArgv, argv);
  });

  it('through the CLI: each command works where the file lies and says the project moved; the file keeps its roots', async () => {
    const { made, here, file } = madeElsewhere(3);
    const env = demoEnv(here);
    const moved = `project moved: '${made}' -> '${here}'`;
    for (let i = 0; i < 2; i++) {
      const cur = await cliInProcess(['step', '--state', file], env);
      assert.equal(cur.json?.ok, true, cur.stdout);
      assert.ok(cur.json.notices?.includes(moved), cur.stdout);
      const r = await cliInProcess(['step', '--state', file, '--answer', walkAnswer(cur.json.current)], env);
      assert.equal(r.json?.ok, true, r.stdout);
      assert.equal(json(file).project_root, made);
    }
    const args = await cliInProcess(['render-args', '--state', file], env);
    assert.equal(args.json?.ok, true, args.stdout);
    const argv = args.json.renderArgv as string[];
    assert.equal(argv[argv.indexOf('--project-root') + 1], here, args.stdout);
    assert.ok(!argv.some((a) => a.includes(made)), args.stdout);
  });

  it("a legacy file's first companion is a new file: it gets the roots of the project it lies in; the v1 file stays as it was", () => {
    const here = demoCopy();
    const file = path.join(here, LEGACY);
    const bytes = fs.readFileSync(file);
    const w = hostFor(here).open(file);
    answer(w, 1);
    assert.deepEqual(fs.readFileSync(file), bytes);
    const companion = w.handle!.target;
    assert.notEqual(companion, file);
    assert.equal(json(companion).project_root, here);
    assert.equal(json(companion).workspace_root, path.join(here, '.okstra'));
  });
});
