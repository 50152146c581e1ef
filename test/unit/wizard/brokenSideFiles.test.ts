// A malformed clarification questions file or previous-run inputs.json is not
// skipped silently: like a broken brief, its option is shown with the file
// error and refused with it (docs/decisions.md › Broken side files).
import assert from 'node:assert/strict';
import { drive, fresh, refusal, currentStep } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions, projectTasks } from './projects';

const QERR = '.okstra/tasks/payments/refund-timeout/clarifications/2026-11-18-1.questions.yaml:2:3: [0].question: expected string';
const IERR = '.okstra/tasks/payments/refund-timeout/runs/2026-11-18-1/inputs.json:1:2: invalid JSON: unexpected token';

function brokenProject(kind: 'questions' | 'inputs') {
  const tasks = projectTasks();
  const t = tasks.find((x) => x.id === 'refund-timeout')!;
  if (kind === 'questions') t.questions = [{ runId: '2026-11-18-1', questions: [], error: QERR }];
  else t.previousRuns = [{ runId: '2026-11-18-1', taskType: 'error-analysis', inputs: {}, error: IERR }];
  return fakeContext(projectOptions({ tasks }));
}

describe('broken side files of a task', () => {
  it('a malformed questions file: answer-now is disabled with the file error, has no default, and is refused with it', () => {
    const { ctx } = brokenProject('questions');
    const d = drive(ctx, fresh(), { 'task-pick': 'payments/refund-timeout' }, 'clarification-pick');
    const p = currentStep(ctx, d.state);
    assert.equal(p.step, 'clarification-pick');
    const now = p.options.find((o) => o.value === 'answer-now')!;
    assert.equal(now.disabled, true);
    assert.equal(now.description, QERR);
    assert.ok(!p.options.some((o) => o.default), 'a default was offered');
    assert.equal(refusal(ctx, d.state, 'answer-now'), QERR);
  });

  it('a malformed inputs.json: its run:<id> option is disabled with the file error and refused with it', () => {
    const { ctx } = brokenProject('inputs');
    const d = drive(ctx, fresh(), { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' }, 'reuse-previous');
    const p = currentStep(ctx, d.state);
    assert.equal(p.step, 'reuse-previous');
    const run = p.options.find((o) => o.value === 'run:2026-11-18-1')!;
    assert.equal(run.disabled, true);
    assert.equal(run.description, IERR);
    assert.equal(p.options.find((o) => o.default)?.value, 'fresh');
    assert.equal(refusal(ctx, d.state, 'run:2026-11-18-1'), IERR);
  });
});
