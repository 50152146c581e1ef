// The follow-up text steps that ask for a project file are one factory (src/core/wizard/steps/step.ts
// followUpPathStep): brief-path, pr-template and clarification behave alike, each with its own field and message.
import assert from 'node:assert/strict';
import { STEP_BY_ID } from '../../../src/core/wizard/steps';
import { makeEnv } from '../../../src/core/wizard/steps/step';
import { fresh } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';

const CASES = [
  { id: 'brief-path', field: 'brief_path', missing: 'brief file not found' },
  { id: 'pr-template', field: 'pr_template_path', missing: 'PR template not found' },
  { id: 'clarification', field: 'clarification_response_path', missing: 'answers file not found' },
] as const;

describe('follow-up path steps (one factory)', () => {
  for (const c of CASES) {
    it(`${c.id}: applies while pending, takes a project file, refuses a missing or outside one`, () => {
      const { ctx } = fakeContext({ ...projectOptions(), links: { 'docs/arch.md': '/etc/hosts' } });
      const step = STEP_BY_ID.get(c.id)!;
      const env = makeEnv(ctx);
      const s = fresh({ pending_follow_up: c.id });
      assert.equal(step.applies(env, s), true);
      assert.equal(step.applies(env, fresh()), false);
      assert.equal(step.needsValue, true);
      assert.deepEqual(step.owns, [c.field]);
      assert.equal(step.build(env, s).default, '');
      assert.throws(() => step.submit(env, { ...s }, 'docs/none.md'), new RegExp(`^WizardError: ${c.missing}: 'docs/none\\.md'$`));
      assert.throws(
        () => step.submit(env, { ...s }, '../outside.md'),
        new RegExp(`^WizardError: ${c.id}: path must be inside the project: '\\.\\./outside\\.md'$`),
      );
      assert.throws(
        () => step.submit(env, { ...s }, 'docs/arch.md'),
        new RegExp(`^WizardError: ${c.id}: path must be inside the project: 'docs/arch\\.md' resolves outside`),
      );
      const w = { ...s };
      assert.equal(step.submit(env, w, 'docs/refunds.md'), `${c.id}: docs/refunds.md`);
      assert.equal(w[c.field], 'docs/refunds.md');
      assert.equal(w.pending_follow_up, undefined);
      assert.equal(step.answerOf(env, w), 'docs/refunds.md');
    });
  }
});
