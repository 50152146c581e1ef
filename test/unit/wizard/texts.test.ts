import assert from 'node:assert/strict';
import { en } from '../../../src/core/text/en';
import { ko } from '../../../src/core/text/ko';
import { textsFor } from '../../../src/core/text';
import { CONFIRMATION_KEYS, STEP_TEXT_KEYS, validateTextCatalog } from '../../../src/core/text/schema';
import * as E from '../../../src/core/wizard/engine';
import { STEPS } from '../../../src/core/wizard/steps';
import { drive, fresh } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';

describe('text catalogues', () => {
  it('both shipped catalogues validate against the catalogue schema; textsFor picks Korean for ko*', () => {
    assert.deepEqual(validateTextCatalog(en, 'en.ts'), en);
    assert.deepEqual(validateTextCatalog(ko, 'ko.ts'), ko);
    assert.equal(textsFor('en').lang, 'en');
    assert.equal(textsFor('ko').lang, 'ko');
    assert.equal(textsFor('ko-KR').lang, 'ko');
    assert.equal(textsFor('de').lang, 'en');
    assert.equal(textsFor(undefined).lang, 'en');
  });

  it('a catalogue missing a key or with a broken template is refused, naming the key', () => {
    const broken = structuredClone(en) as unknown as { steps: Record<string, unknown> };
    delete broken.steps.brief;
    assert.throws(() => validateTextCatalog(broken, 'x.ts'), { message: 'text catalogue x.ts: steps.brief: is missing' });
    const bad = structuredClone(en);
    bad.confirmation.header = 'okstra {task';
    assert.throws(() => validateTextCatalog(bad, 'x.ts'), {
      message: 'text catalogue x.ts: confirmation.header: is not a well-formed template',
    });
    const noOpt = structuredClone(en);
    delete noOpt.steps.confirm.options.abort;
    assert.throws(() => validateTextCatalog(noOpt, 'x.ts'), { message: 'text catalogue x.ts: steps.confirm.options.abort: is missing' });
  });

  it('Korean has exactly the English keys, and the same (protocol) echo templates', () => {
    assert.deepEqual(Object.keys(ko.steps).sort(), Object.keys(en.steps).sort());
    assert.deepEqual(Object.keys(ko.confirmation).sort(), Object.keys(en.confirmation).sort());
    for (const k of Object.keys(en.steps)) {
      assert.deepEqual(Object.keys(ko.steps[k].options).sort(), Object.keys(en.steps[k].options).sort(), k);
      assert.equal(ko.steps[k].echo_template, en.steps[k].echo_template, k);
    }
    for (const k of CONFIRMATION_KEYS) assert.ok(k in en.confirmation && k in ko.confirmation, k);
    for (const k of STEP_TEXT_KEYS) assert.ok(en.steps[k] && ko.steps[k], k);
  });

  it('every static step has texts and a title', () => {
    for (const step of STEPS) {
      assert.ok(en.steps[step.textKey]?.title, step.id);
      assert.ok(ko.steps[step.textKey]?.title, step.id);
    }
  });

  it('the English role texts are the expected ones', () => {
    assert.deepEqual(en.steps.role_count.options, { count: '{count}{default_suffix}', default_suffix: ' (recommended)' });
    assert.equal(en.steps.role_model.label, 'Model for {role} #{ordinal} of {count}');
    assert.equal(en.steps.leader_session.label, 'Leader: this session ({model_ref}{effort_suffix})');
    assert.equal(en.confirmation.static_role, '  role          : {role} #{ordinal} = {model}');
    assert.equal(en.confirmation.dynamic_role, '  role          : {role} (dynamic, started by the leader at run time)');
  });

  it('Korean labels reach the prompts; values, echoes and errors stay protocol', () => {
    const { ctx } = fakeContext(projectOptions({ lang: 'ko' }));
    const d = drive(ctx, fresh(), { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' }, 'directive-pick');
    const p = E.current(ctx, d.state).prompt!;
    assert.equal(p.label, '이번 실행에 지시사항을 줄까요?');
    assert.deepEqual(
      p.options.map((o) => o.value),
      ['none', 'write'],
    );
    const r = E.submit(ctx, d.state, 'nope');
    assert.equal(r.ok ? '' : r.error, "answer 'nope' is not an option of step 'directive-pick'");
    assert.equal(d.echoes[0], 'task: payments/refund-timeout');
  });
});
