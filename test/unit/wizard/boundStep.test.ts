// A bound step (src/core/wizard/engine.ts `PromptBinding`): the engine checks the prompt an answer, a rewind or an
// abort names against the prompt it computes for the step, with checkBinding's refusal (src/core/wizard/binding.ts).
import assert from 'node:assert/strict';
import { WizardError, type PromptDoc, type WizardState } from '../../../src/core/types';
import { checkBinding, withRevision, type ExpectedPrompt } from '../../../src/core/wizard/binding';
import * as E from '../../../src/core/wizard/engine';
import { drive, fresh } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';

const EA = { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' };
const REV = 'aaaaaaaaaaaaaaaa';
const OTHER = 'bbbbbbbbbbbbbbbb';

function at(step: string) {
  const fx = fakeContext(projectOptions());
  const state = drive(fx.ctx, fresh(), EA, step).state;
  const shown = E.current(fx.ctx, state).prompt!;
  assert.equal(shown.step, step);
  return { ...fx, state, shown };
}

function refusedWith(r: E.StepResult): Extract<E.StepResult, { ok: false }> {
  assert.equal(r.ok, false, `expected a refusal: ${JSON.stringify(r)}`);
  return r as Extract<E.StepResult, { ok: false }>;
}

/** checkBinding's refusal as the shells computed it before the engine did: on the current document with its revision. */
function shellRefusal(current: PromptDoc | null, revision: string | null, expected: ExpectedPrompt): WizardError | null {
  return checkBinding(current && revision !== null ? withRevision(current, revision) : current, expected);
}

describe('bound steps', () => {
  it('an answer bound to the prompt and revision shown is applied exactly as an unbound one', () => {
    const { ctx, state, shown } = at('brief');
    const answer = shown.options.find((o) => o.default)?.value ?? shown.options[0].value;
    const unbound = E.submit(ctx, state, answer);
    assert.ok(unbound.ok);
    assert.deepEqual(E.submit(ctx, state, answer, [], { expected: { prompt: 'brief', revision: REV }, revision: REV }), unbound);
    assert.deepEqual(E.submit(ctx, state, answer, [], { expected: { prompt: 'brief' }, revision: null }), unbound);
  });

  it('an answer meant for another prompt is refused with checkBinding’s message and the current prompt, state untouched', () => {
    const { ctx, state, shown } = at('brief');
    const before = structuredClone(state);
    const carried = [{ kind: 'moved', text: 'project moved' }] as const;
    const expected = { prompt: 'task-type', revision: REV };
    const r = refusedWith(E.submit(ctx, state, 'error-analysis', [...carried], { expected, revision: REV }));
    const want = shellRefusal(shown, REV, expected)!;
    assert.equal(r.code, 'wrong-prompt');
    assert.equal(r.error, want.message);
    assert.equal(r.error, "the current prompt is 'brief', not 'task-type'; nothing was written");
    assert.deepEqual(r.current, shown);
    assert.deepEqual(r.notices, carried);
    assert.deepEqual(state, before);
  });

  it('the same prompt computed from other bytes is refused, naming both revisions', () => {
    const { ctx, state, shown } = at('brief');
    const expected = { prompt: 'brief', revision: OTHER };
    const r = refusedWith(E.submit(ctx, state, shown.options[0].value, [], { expected, revision: REV }));
    assert.equal(r.code, 'wrong-prompt');
    assert.equal(r.error, shellRefusal(shown, REV, expected)!.message);
    assert.match(r.error, /revision bbbbbbbbbbbbbbbb is now aaaaaaaaaaaaaaaa/);
    // A state with no file yet has no revision: any revision named is another one.
    const none = refusedWith(E.submit(ctx, state, shown.options[0].value, [], { expected, revision: null }));
    assert.equal(none.error, shellRefusal(shown, null, expected)!.message);
    assert.match(none.error, /is now unknown/);
  });

  it('a revision without a prompt id checks nothing (as checkBinding)', () => {
    const { ctx, state, shown } = at('brief');
    const r = E.submit(ctx, state, shown.options[0].value, [], { expected: { revision: OTHER }, revision: REV });
    assert.ok(r.ok);
  });

  it('a done wizard: another prompt is refused as wrong-prompt, `done` itself is left to the engine', () => {
    const fx = fakeContext(projectOptions());
    const state = drive(fx.ctx, fresh(), EA).state;
    const r = refusedWith(E.submit(fx.ctx, state, 'run', [], { expected: { prompt: 'confirm' }, revision: REV }));
    assert.equal(r.code, 'wrong-prompt');
    assert.equal(r.error, "the current prompt is 'done', not 'confirm'; nothing was written");
    const own = refusedWith(E.submit(fx.ctx, state, 'run', [], { expected: { prompt: 'done' }, revision: REV }));
    assert.equal(own.code, 'no-prompt');
  });

  it('the common case never builds the prompt document; a shell’s own rule gets it when the prompt differs', () => {
    const { ctx, state, shown } = at('brief');
    const never = (): WizardError | null => {
      throw new Error('the rule was consulted for the prompt that was shown');
    };
    const r = E.submit(ctx, state, shown.options[0].value, [], {
      expected: { prompt: 'brief', revision: REV },
      revision: REV,
      refusal: never,
    });
    assert.ok(r.ok);
    const seen: Array<PromptDoc | null> = [];
    const rule = (current: PromptDoc | null) => {
      seen.push(current);
      return new WizardError('wrong-prompt', 'refused by the rule');
    };
    const refused = refusedWith(E.submit(ctx, state, 'x', [], { expected: { prompt: 'task-type' }, revision: REV, refusal: rule }));
    assert.equal(refused.error, 'refused by the rule');
    assert.deepEqual(seen, [shown]);
    // A rule that accepts lets the engine decide (here: an answer the brief prompt does not offer).
    const accepted = refusedWith(
      E.submit(ctx, state, 'not-an-option', [], { expected: { prompt: 'task-type' }, revision: REV, refusal: () => null }),
    );
    assert.notEqual(accepted.code, 'wrong-prompt');
  });

  it('rewind and abort are bound the same way, the binding checked before the rewind’s own refusal', () => {
    const { ctx, state, shown } = at('brief');
    const before: WizardState = structuredClone(state);
    const expected = { prompt: 'task-type', revision: REV };
    const rw = refusedWith(E.rewind(ctx, state, 'no-such-step', [], { expected, revision: REV }));
    assert.equal(rw.code, 'wrong-prompt');
    assert.equal(rw.error, shellRefusal(shown, REV, expected)!.message);
    assert.deepEqual(rw.current, shown);
    const ab = refusedWith(E.abort(ctx, state, [], { expected, revision: REV }));
    assert.equal(ab.code, 'wrong-prompt');
    assert.deepEqual(state, before);
    // Bound to the prompt shown, both go ahead.
    const right = { expected: { prompt: 'brief', revision: REV }, revision: REV };
    assert.deepEqual(E.rewind(ctx, state, 'task-type', [], right), E.rewind(ctx, state, 'task-type'));
    assert.ok(E.abort(ctx, state, [], right).ok);
  });
});
