// State files made under another absolute root, in the real extension host: the demo's legacy v1 file (made in
// /home/mina/src/acme-payments) and a colleague's committed v2 file (their machine's roots) are listed by Resume
// Wizard as resumable, at the step and position opening them shows, never as a task that cannot be used.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  accept,
  closePrompt,
  expectPicker,
  features,
  nextInput,
  openWizardHost,
  setActive,
  stepOf,
  type WizardHost,
} from './wizardMoreHelpers';

const GROUP_DIR = '.okstra/tasks/payments';

describe('state files made under another root', function () {
  this.timeout(120_000);
  let host: WizardHost;
  let root: string;
  let legacy: string;
  let colleague: string;

  before(async () => {
    host = await openWizardHost();
    root = host.root;
    host.clis.set();
    const demo = path.resolve(host.extensionPath, 'demo', GROUP_DIR);
    const group = path.join(root, GROUP_DIR);
    assert.equal(fs.existsSync(group), false, `${GROUP_DIR} is already in the workspace`);
    fs.mkdirSync(group, { recursive: true });
    for (const task of ['refund-timeout', 'currency-rounding'])
      fs.cpSync(path.join(demo, task), path.join(group, task), { recursive: true });
    legacy = path.join(group, 'refund-timeout.wizard.json');
    fs.copyFileSync(path.join(demo, 'refund-timeout.wizard.json'), legacy);
    // A v2 file committed by a colleague: their roots, two answers.
    colleague = path.join(group, 'currency-rounding.wizard.json');
    const state = JSON.parse(fs.readFileSync(legacy, 'utf8')) as Record<string, unknown>;
    for (const k of [
      'executor',
      'critic',
      'workers_override',
      'lead_provider',
      'lead_model',
      'report_writer_provider',
      'report_writer_model',
    ])
      delete state[k];
    for (const k of Object.keys(state)) if (k.endsWith('_model')) delete state[k];
    Object.assign(state, {
      workspace_root: '/home/colleague/work/acme-payments/.okstra',
      project_root: '/home/colleague/work/acme-payments',
      task_id: 'currency-rounding',
      task_type: 'implementation-planning',
      reuse_previous: null,
      brief_path: '',
      analysis_target: '',
      feature_evidence_path: '',
      project_evidence_path: '',
      directive: '',
      related_tasks_raw: '',
      use_defaults: null,
      profile_workers: [],
      answered: ['task-pick', 'task-type'],
      executionIdentityVersion: 2,
      roleCounts: {},
      roleModels: {},
      roleSelectionOrder: [],
    });
    fs.writeFileSync(colleague, JSON.stringify(state, null, 2) + '\n');
  });

  after(async () => {
    if (!host) return;
    await host.close();
    fs.rmSync(path.join(root, GROUP_DIR), { recursive: true, force: true });
  });

  afterEach(async () => {
    await closePrompt().catch(() => undefined);
  });

  it('Resume Wizard lists both as resumable, at the step and position opening them shows (never "cannot be used", never "of 0")', async () => {
    const folders = features().wizard.folders();
    const list = await features().workspaceWizards().listUnfinished(folders);
    for (const [file, key] of [
      [legacy, 'payments/refund-timeout'],
      [colleague, 'payments/currency-rounding'],
    ] as const) {
      const w = list.find((x) => x.statePath === file);
      assert.ok(w, `${key} is listed: ${JSON.stringify(list)}`);
      assert.equal(w.taskKey, key);
      assert.doesNotMatch(w.step, /cannot be used|not found/, JSON.stringify(w));
      assert.ok(w.total >= w.n && w.n > 1, `a position n of total: ${JSON.stringify(w)}`);
      // Opening it shows that very step at that position.
      const session = await features().workspaceWizards().open(file, folders[0]!);
      const prompt = session.wizard.current().prompt;
      assert.ok(prompt, `${key} has a prompt`);
      assert.equal(w.n, prompt.progress.answered + 1);
      assert.equal(w.total, prompt.progress.total);
    }
    // The list the person sees: both rows numbered, the legacy one resumes at the critic.
    const picker = expectPicker();
    void vscode.commands.executeCommand('okstra.resume');
    const qp = await picker;
    const labels = qp.items.map((i) => i.label);
    const row = labels.find((l) => l.startsWith('payments/refund-timeout — '));
    assert.ok(row, labels.join(' | '));
    assert.match(row, / \(7 of \d+\)$/);
    assert.match(labels.find((l) => l.startsWith('payments/currency-rounding — ')) ?? '', / \(3 of \d+\)$/, labels.join(' | '));
    await setActive(qp, (i) => i.label === row);
    await accept();
    const first = await nextInput();
    assert.equal(stepOf(first), 'role-add:critic');
  });

  it("the colleague's file answered once keeps the roots it records; only the answer changes in it", async () => {
    const before = JSON.parse(fs.readFileSync(colleague, 'utf8')) as Record<string, unknown>;
    void vscode.commands.executeCommand('okstra.resume', colleague);
    const first = await nextInput();
    assert.equal(features().wizard.session?.wizard.state.project_root, root, 'the wizard works in this workspace');
    await accept();
    await nextInput(first);
    const after = JSON.parse(fs.readFileSync(colleague, 'utf8')) as Record<string, unknown>;
    assert.equal((after.answered as string[]).length, (before.answered as string[]).length + 1);
    assert.equal(after.project_root, before.project_root);
    assert.equal(after.workspace_root, before.workspace_root);
    // Its own answers are kept (the hand-made file lacked some keys with their defaults: those are added).
    for (const k of ['task_group', 'task_id', 'task_type', 'project_id']) assert.equal(after[k], before[k], k);
  });
});
