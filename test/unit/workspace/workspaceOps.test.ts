import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WizardError } from '../../../src/core/types';
import { briefTemplate, isoSecondsUtc, openWorkspace } from '../../../src/workspace/workspace';
import { cleanup, copyFixture, PROFILES, tmpDir, write } from './helpers';

describe('workspace operations', () => {
  after(cleanup);
  const fixed = () => new Date('2026-11-29T12:34:56.789Z');

  it('createTask: folder, manifest (taskKey, taskGroup, taskId, title, updatedAt in UTC seconds) and a brief template', () => {
    const root = tmpDir();
    const ws = openWorkspace(root, { builtinProfilesDir: PROFILES, now: fixed });
    const created = ws.createTask('payments', 'refund-retry', 'Refund retry: "quotes" & más');
    assert.deepEqual(created, {
      key: 'payments/refund-retry',
      manifestPath: '.okstra/tasks/payments/refund-retry/task-manifest.json',
      briefPath: '.okstra/tasks/payments/refund-retry/brief.md',
    });
    const m = JSON.parse(fs.readFileSync(path.join(root, created.manifestPath), 'utf8'));
    assert.deepEqual(m, {
      taskKey: 'payments/refund-retry',
      taskGroup: 'payments',
      taskId: 'refund-retry',
      title: 'Refund retry: "quotes" & más',
      updatedAt: '2026-11-29T12:34:56Z',
    });
    // The new task is in the catalogue at once, and its brief front matter reads back with the title.
    assert.deepEqual(
      ws.tasks().map((t) => t.key),
      ['payments/refund-retry'],
    );
    assert.deepEqual(ws.task('payments/refund-retry').brief.frontMatter, { title: 'Refund retry: "quotes" & más' });
  });

  it('createTask refuses an existing task and a non-slug segment', () => {
    const root = copyFixture('okstra-project');
    const ws = openWorkspace(root, { builtinProfilesDir: PROFILES });
    assert.throws(
      () => ws.createTask('payments', 'refund-timeout', 'x'),
      (e: unknown) => e instanceof WizardError && e.message === "task 'payments/refund-timeout' already exists",
    );
    assert.throws(() => ws.createTask('Pay ments', 'x', 'x'), /task name must be '<group>\/<name>': 'Pay ments\/x'/);
  });

  it('isoSecondsUtc and the brief template', () => {
    assert.equal(isoSecondsUtc(new Date('2026-01-02T03:04:05.999Z')), '2026-01-02T03:04:05Z');
    assert.match(briefTemplate('T'), /^---\ntitle: "T"\n/);
  });

  it('createFileIfMissing writes only a missing file inside the project', () => {
    const root = tmpDir();
    const ws = openWorkspace(root, { builtinProfilesDir: PROFILES });
    ws.createFileIfMissing('.okstra/tasks/g/t/clarifications/r.answers.md', 'first');
    ws.createFileIfMissing('.okstra/tasks/g/t/clarifications/r.answers.md', 'second');
    assert.equal(fs.readFileSync(path.join(root, '.okstra/tasks/g/t/clarifications/r.answers.md'), 'utf8'), 'first');
    assert.throws(() => ws.createFileIfMissing('../outside.md', 'x'), /path must be inside the project: '..\/outside.md'/);
  });

  it('isFile: project-relative or absolute, regular files only', () => {
    const root = copyFixture('okstra-project');
    const ws = openWorkspace(root, { builtinProfilesDir: PROFILES });
    assert.equal(ws.isFile('docs/refunds.md'), true);
    assert.equal(ws.isFile(path.join(root, 'docs/refunds.md')), true);
    assert.equal(ws.isFile('docs'), false);
    assert.equal(ws.isFile('docs/none.md'), false);
    assert.equal(ws.isFile(''), false);
    assert.equal(ws.isFile('a\0b'), false);
  });

  it('built-in profiles and registry come from the extension folder; overrides from .okstra/prompts/profiles', () => {
    const root = tmpDir();
    const builtin = tmpDir();
    write(builtin, 'error-analysis.md', '---\ntaskType: error-analysis\n---\n');
    write(builtin, 'registry.yaml', 'providers: {}\n');
    const ws = openWorkspace(root, { builtinProfilesDir: builtin });
    assert.deepEqual(ws.builtinProfile('error-analysis'), {
      path: 'profiles/error-analysis.md',
      text: '---\ntaskType: error-analysis\n---\n',
    });
    assert.equal(ws.builtinProfile('implementation'), null);
    assert.equal(ws.builtinProfile('../registry'), null);
    assert.deepEqual(ws.builtinRegistry(), { path: 'profiles/registry.yaml', text: 'providers: {}\n' });
    assert.equal(ws.profileOverride('error-analysis'), null);
    write(root, '.okstra/prompts/profiles/error-analysis.md', 'override');
    assert.deepEqual(ws.profileOverride('error-analysis'), { path: '.okstra/prompts/profiles/error-analysis.md', text: 'override' });
  });

  it('a missing built-in registry is an error naming it', () => {
    const ws = openWorkspace(tmpDir(), { builtinProfilesDir: tmpDir() });
    assert.throws(() => ws.builtinRegistry(), /^WizardError: profiles\/registry\.yaml: the built-in model registry is missing/);
  });

  it('the shipped profiles folder has the six task types and the registry', () => {
    const ws = openWorkspace(tmpDir(), { builtinProfilesDir: PROFILES });
    for (const t of [
      'requirements-discovery',
      'error-analysis',
      'implementation-planning',
      'implementation',
      'final-verification',
      'release-handoff',
    ]) {
      assert.ok(ws.builtinProfile(t), t);
    }
    assert.ok(ws.builtinRegistry().text.length > 0);
  });
});
