// A long-lived workspace keeps a task's details between prompts (src/workspace/taskDetailsCache.ts) and reads them
// again when any file or folder they come from changed.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TaskDetailsCache } from '../../../src/workspace/taskDetailsCache';
import { openWorkspace } from '../../../src/workspace/workspace';
import { PROFILES, REPO_ROOT, tempDirs } from '../../helpers/tempDirs';

const KEY = 'payments/refund-queue';

describe('task details kept between prompts', () => {
  const dirs = tempDirs('okstra-details-');
  after(() => dirs.cleanup());

  function setup() {
    const root = dirs.copyOf(path.join(REPO_ROOT, 'demo'), 'demo');
    const ws = openWorkspace(root, { builtinProfilesDir: PROFILES });
    const cache = new TaskDetailsCache(root);
    let reads = 0;
    const get = () => cache.get(KEY, () => (reads++, ws.task(KEY)));
    const taskDir = path.join(root, '.okstra', 'tasks', 'payments', 'refund-queue');
    return { get, reads: () => reads, taskDir };
  }

  it('reads again only while it learns which files the task names, then not while nothing changed', () => {
    const t = setup();
    t.get(); // finds run inputs it had not stamped before reading: read once more next time
    const kept = t.get();
    assert.equal(t.get(), kept);
    assert.equal(t.get(), kept);
    assert.equal(t.reads(), 2);
  });

  it('reads again after the brief, the plan or a run input changed, or a clarification file appeared', () => {
    const t = setup();
    t.get();
    t.get();
    const brief = path.join(t.taskDir, 'brief.md');
    fs.writeFileSync(brief, fs.readFileSync(brief, 'utf8').replace(/^title: .*$/m, 'title: "Changed title"'));
    assert.equal(t.get().brief.frontMatter?.title, 'Changed title');
    assert.equal(t.reads(), 3);
    fs.appendFileSync(path.join(t.taskDir, 'plan', 'approved-plan.md'), '\nmore\n');
    t.get();
    assert.equal(t.reads(), 4);
    const inputs = t.get().previousRuns[0]!.inputsPath;
    const runInputs = path.join(t.taskDir, '..', '..', '..', '..', inputs);
    fs.writeFileSync(runInputs, '[1]');
    assert.match(t.get().previousRuns[0]!.error ?? '', /must be a JSON object/);
    assert.equal(t.reads(), 5);
    fs.mkdirSync(path.join(t.taskDir, 'clarifications'));
    fs.writeFileSync(path.join(t.taskDir, 'clarifications', 'r1.questions.yaml'), '- id: 1\n  question: Why?\n');
    assert.equal(t.get().questions.length, 1);
    assert.equal(t.reads(), 6);
    fs.writeFileSync(path.join(t.taskDir, 'clarifications', 'r1.answers.md'), 'Because.\n');
    assert.equal(t.get().questions[0]!.answersExists, true);
    assert.equal(t.get().questions[0]!.answersExists, true);
    assert.equal(t.reads(), 7);
  });

  it('does not keep a refusal', () => {
    const t = setup();
    fs.writeFileSync(path.join(t.taskDir, 'task-manifest.json'), '{');
    assert.throws(() => t.get());
    assert.throws(() => t.get());
    assert.equal(t.reads(), 2);
  });

  it('a workspace opened with keepTaskDetails gives the kept details until a file changes; without it, it reads every time', () => {
    const root = dirs.copyOf(path.join(REPO_ROOT, 'demo'), 'demo');
    const kept = openWorkspace(root, { builtinProfilesDir: PROFILES, keepTaskDetails: true });
    const plain = openWorkspace(root, { builtinProfilesDir: PROFILES });
    kept.task(KEY); // learns the run inputs the task names
    const first = kept.task(KEY);
    assert.equal(kept.task(KEY), first);
    assert.notEqual(plain.task(KEY), plain.task(KEY));
    const brief = path.join(root, '.okstra', 'tasks', 'payments', 'refund-queue', 'brief.md');
    fs.writeFileSync(brief, fs.readFileSync(brief, 'utf8').replace(/^title: .*$/m, 'title: "Changed title"'));
    const changed = kept.task(KEY);
    assert.notEqual(changed, first);
    assert.equal(changed.brief.frontMatter?.title, 'Changed title');
    kept.invalidate();
    assert.notEqual(kept.task(KEY), changed);
  });
});
