// Answer binding (src/core/wizard/binding.ts): an answer belongs to the prompt it answers.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { WizardError, type PromptDoc } from '../../../src/core/types';
import { checkBinding, withRevision } from '../../../src/core/wizard/binding';
import { initState } from '../../../src/core/wizard/engine';
import { createStateFile, loadStateFile, saveStateFile } from '../../../src/store';

function prompt(id: string, revision?: string): PromptDoc {
  const doc: PromptDoc = { id, step: id, kind: 'pick', label: id, options: [], echo_template: '', progress: { answered: 0, total: 1 } };
  return revision ? withRevision(doc, revision) : doc;
}

describe('answer binding', () => {
  it('accepts the prompt that was shown, at its revision, and an answer that names neither', () => {
    assert.equal(checkBinding(prompt('task-type', 'aaaaaaaaaaaaaaaa'), { prompt: 'task-type', revision: 'aaaaaaaaaaaaaaaa' }), null);
    assert.equal(checkBinding(prompt('task-type', 'aaaaaaaaaaaaaaaa'), {}), null);
    assert.equal(checkBinding(prompt('task-type'), { prompt: 'task-type' }), null);
  });

  it('refuses another prompt with wrong-prompt, naming both', () => {
    const err = checkBinding(prompt('role-add:critic', 'aaaaaaaaaaaaaaaa'), { prompt: 'role-count:analyser' });
    assert.ok(err instanceof WizardError);
    assert.equal(err.code, 'wrong-prompt');
    assert.equal(err.message, "the current prompt is 'role-add:critic', not 'role-count:analyser'; nothing was written");
  });

  it('refuses the same prompt computed from other state bytes, naming both revisions', () => {
    const err = checkBinding(prompt('brief', 'bbbbbbbbbbbbbbbb'), { prompt: 'brief', revision: 'aaaaaaaaaaaaaaaa' });
    assert.equal(err?.code, 'wrong-prompt');
    assert.equal(err?.message, "the state changed since prompt 'brief' was shown (revision aaaaaaaaaaaaaaaa is now bbbbbbbbbbbbbbbb); nothing was written");
  });

  it('refuses when no prompt can be computed now', () => {
    assert.equal(checkBinding(null, { prompt: 'brief' })?.code, 'wrong-prompt');
  });

  it('revision is the last key of a prompt document', () => {
    const doc = withRevision({ ...prompt('x'), default: 'd' }, '0123456789abcdef');
    assert.deepEqual(Object.keys(doc).slice(-2), ['default', 'revision']);
    assert.deepEqual(Object.keys(withRevision(doc, 'fedcba9876543210')).slice(-2), ['default', 'revision']);
  });

  it("the store handle's revision is the first 16 hex of the sha256 of the bytes read or written", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-binding-'));
    try {
      const file = path.join(dir, 'x.wizard.json');
      const sha = () => createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16);
      const created = createStateFile(file, initState({ projectRootAbs: dir }));
      assert.equal(created.revision, sha());
      const loaded = loadStateFile(file);
      assert.equal(loaded.revision, sha());
      const saved = saveStateFile(loaded, { ...initState({ projectRootAbs: dir }), task_group: 'g' });
      assert.equal(saved.revision, sha());
      assert.notEqual(saved.revision, loaded.revision);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
