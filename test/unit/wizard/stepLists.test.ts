// What the step lists show: one entry per file, titles beside task keys.
import assert from 'node:assert/strict';
import { currentStep, drive, fresh } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';

describe('step lists', () => {
  it('pr-template-pick lists the repository template once when the project setting names it', () => {
    const fx = fakeContext(projectOptions({ config: { path: '.okstra/config.yaml', prTemplate: '.github/pull_request_template.md' } }));
    const d = drive(fx.ctx, fresh(), { 'task-pick': 'release/v2', brief: 'none' }, 'pr-template-pick');
    const p = currentStep(fx.ctx, d.state);
    assert.deepEqual(
      p.options.map((o) => o.value),
      ['config', 'path', 'none'],
    );
    assert.equal(p.options.find((o) => o.default)?.value, 'config');
    // Another setting: both are offered.
    const other = fakeContext(projectOptions({ config: { path: '.okstra/config.yaml', prTemplate: 'docs/refunds.md' } }));
    const d2 = drive(other.ctx, fresh(), { 'task-pick': 'release/v2', brief: 'none' }, 'pr-template-pick');
    assert.deepEqual(
      currentStep(other.ctx, d2.state).options.map((o) => o.value),
      ['config', 'repo', 'path', 'none'],
    );
  });

  it('the related-tasks multi-pick shows each task title beside its key', () => {
    const fx = fakeContext(projectOptions());
    const d = drive(
      fx.ctx,
      fresh(),
      { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis', 'related-tasks-pick': 'choose' },
      'related-tasks',
    );
    const p = currentStep(fx.ctx, d.state);
    const impl = p.options.find((o) => o.value === 'payments/impl')!;
    assert.equal(impl.label, 'payments/impl');
    assert.equal(impl.description, 'Implement refunds');
  });
});
