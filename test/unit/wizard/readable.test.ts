// Words for people beside the protocol: step titles, answers, the rewind
// question, readable refusals (the CLI's ids and messages are unchanged).
import assert from 'node:assert/strict';
import { textsFor } from '../../../src/core/text';
import * as E from '../../../src/core/wizard/engine';
import { currentStep, drive, fresh } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';

const PLANNING = { 'task-pick': 'payments/refund-timeout', 'task-type': 'implementation-planning', 'role-count:planner': '3' };

describe('readable texts', () => {
  it('step titles in words, en and ko', () => {
    const en = textsFor('en');
    assert.equal(E.stepTitle(en, 'task-type'), 'Run type');
    assert.equal(E.stepTitle(en, 'role-model:planner:2'), 'planner #2 model');
    assert.equal(E.stepTitle(en, 'edit-target'), 'Change an answer');
    assert.equal(E.stepTitle(textsFor('ko'), 'task-type'), '실행 종류');
  });

  it('"Clear N later answers?" lists the answers in words, not step ids', () => {
    const fx = fakeContext(projectOptions());
    const done = drive(fx.ctx, fresh(), PLANNING, 'confirm').state;
    const cleared = E.clearedAnswers(fx.ctx, done, 'role-model:planner:2');
    const p3 = done.role_models.planner[2];
    assert.ok(
      cleared.some((c) => c.text === `planner #3 = ${p3}`),
      JSON.stringify(cleared),
    );
    assert.ok(cleared.every((c) => !/role-model:|role-count:/.test(c.text)));
    assert.ok(!cleared.some((c) => c.id === 'role-model:planner:2'), 'the target itself is not a later answer');
    const q = E.rewindQuestion(fx.ctx, done, 'role-model:planner:2')!;
    assert.equal(q.title, `Change this answer and ask ${cleared.length} later answers again?`);
    assert.match(q.detail, new RegExp(`• planner #3 = ${p3.replace('/', '\\/')}`));
    // A static pick's answer is its option's label (its short form where the catalogue has one).
    const fromType = E.clearedAnswers(fx.ctx, done, 'task-type');
    assert.ok(
      fromType.some((c) => c.text === "Brief = The task's brief"),
      JSON.stringify(fromType.map((c) => c.text)),
    );
    assert.deepEqual(E.clearedAnswers(fx.ctx, done, 'nope'), []);
  });

  it('R-EDT-1: "Change an answer…" keeps id labels and describes each answer in words', () => {
    const fx = fakeContext(projectOptions());
    const done = drive(fx.ctx, fresh(), PLANNING, 'confirm').state;
    const edit = E.submit(fx.ctx, done, 'edit');
    assert.ok(edit.ok);
    const p = currentStep(fx.ctx, edit.state);
    assert.ok(p.options.every((o) => o.label === o.value));
    const o = p.options.find((x) => x.value === 'role-model:planner:2')!;
    assert.equal(o.description, `planner #2 = ${done.role_models.planner[1]}`);
    assert.equal(p.options.find((x) => x.value === 'role-count:planner')?.description, 'planner count = 3');
  });

  it('a refused answer in words: empty text, empty multi-pick, task name without letters', () => {
    const en = textsFor('en');
    const doc = (step: string, kind: 'text' | 'multi_pick') => ({
      id: step,
      step,
      kind,
      label: '',
      options: [],
      echo_template: '',
      progress: { answered: 0, total: 1 },
    });
    assert.equal(E.readableRefusal(en, doc('directive', 'text'), '', "step 'directive' needs a value"), 'Directive text needs a value.');
    assert.equal(
      E.readableRefusal(en, doc('related-tasks', 'multi_pick'), '', "step 'related-tasks' needs at least one choice"),
      'Choose at least one entry for Related task list.',
    );
    assert.match(
      E.readableRefusal(en, doc('task-new', 'text'), '--/x', 'task segment is empty after slugify'),
      /^A task name needs letters or digits/,
    );
    assert.equal(E.readableRefusal(en, doc('brief-path', 'text'), 'x.md', "brief file not found: 'x.md'"), "brief file not found: 'x.md'");
  });

  it('refusals by error code in words; a code without a text keeps the message', () => {
    const en = textsFor('en');
    assert.equal(
      E.readableError(en, 'not-complete', 'wizard is not complete — outcome is unavailable'),
      'The wizard is not finished yet: answer the remaining questions first.',
    );
    assert.equal(
      E.readableError(en, 'not-runnable', "brief file not found: 'b.md'"),
      "Something changed since you confirmed: brief file not found: 'b.md'",
    );
    assert.equal(E.readableError(en, 'file-error', 'a.yaml:1:2: x: bad'), 'a.yaml:1:2: x: bad');
    assert.match(E.readableError(textsFor('ko'), 'aborted', 'x'), /중단/);
  });
});
