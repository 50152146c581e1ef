// An answer belongs to the prompt it answers (src/core/wizard/binding.ts).
import assert from 'node:assert/strict';
import type { PromptDoc } from '../../../src/core/types';
import { checkBinding, revisionOfSha256, withRevision } from '../../../src/core/wizard/binding';

const prompt = (id: string, revision?: string): PromptDoc => {
  const p: PromptDoc = { id, step: id, kind: 'pick', label: 'x', options: [], echo_template: '', progress: { answered: 1, total: 2 } };
  return revision === undefined ? p : withRevision(p, revision);
};

describe('answer binding', () => {
  it('without --prompt nothing is checked (the unbound form)', () => {
    assert.equal(checkBinding(prompt('role-add:critic', 'aaaaaaaaaaaaaaaa'), {}), null);
  });

  it('the same prompt (and revision) is accepted', () => {
    assert.equal(checkBinding(prompt('brief', 'aaaaaaaaaaaaaaaa'), { prompt: 'brief' }), null);
    assert.equal(checkBinding(prompt('brief', 'aaaaaaaaaaaaaaaa'), { prompt: 'brief', revision: 'aaaaaaaaaaaaaaaa' }), null);
  });

  it('another prompt is refused with code wrong-prompt, naming both prompts', () => {
    const e = checkBinding(prompt('role-add:critic', 'aaaaaaaaaaaaaaaa'), { prompt: 'role-count:analyser' });
    assert.equal(e?.code, 'wrong-prompt');
    assert.equal(e?.message, "the current prompt is 'role-add:critic', not 'role-count:analyser'; nothing was written");
  });

  it('the same prompt computed from other bytes is refused, naming both revisions', () => {
    const e = checkBinding(prompt('brief', 'bbbbbbbbbbbbbbbb'), { prompt: 'brief', revision: 'aaaaaaaaaaaaaaaa' });
    assert.equal(e?.code, 'wrong-prompt');
    assert.equal(
      e?.message,
      "the state changed since prompt 'brief' was shown (revision aaaaaaaaaaaaaaaa is now bbbbbbbbbbbbbbbb); nothing was written",
    );
  });

  it('a prompt id check comes before the revision check', () => {
    const e = checkBinding(prompt('confirm', 'bbbbbbbbbbbbbbbb'), { prompt: 'brief', revision: 'aaaaaaaaaaaaaaaa' });
    assert.match(e?.message ?? '', /^the current prompt is 'confirm', not 'brief'/);
  });

  it('revision is the last key and the first 16 hex digits of a sha256', () => {
    const p = withRevision({ ...prompt('x'), default: 'd' }, 'cccccccccccccccc');
    assert.deepEqual(Object.keys(p).at(-1), 'revision');
    assert.equal(revisionOfSha256('ABCDEF0123456789ffff'), 'abcdef0123456789');
  });
});
