// The one definition of the state file (src/core/wizard/stateSchema.ts): the codec writes what the schema
// describes, in its key order, and keeps unknown keys verbatim — a key named `__proto__` included.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as z from 'zod';
import { parseState, serializeState, stateToJson } from '../../../src/core/wizard/stateCodec';
import { defaultState, STATE_FIELD_ORDER, stateFieldsSchema, stateFileSchema } from '../../../src/core/wizard/stateSchema';
import { loadStateFile, saveStateFile } from '../../../src/store';

const ROOT = '/work/project';

describe('state schema', () => {
  it('the file the codec writes is a valid state file, its known keys in the schema order', () => {
    const s = { ...defaultState(), project_root: ROOT, task_group: 'g', extra_keys: [['zz', 1]] as Array<[string, unknown]> };
    const json = stateToJson(s);
    stateFileSchema.parse(json);
    const keys = Object.keys(json);
    assert.deepEqual(keys.slice(0, STATE_FIELD_ORDER.length), Object.keys(stateFieldsSchema.shape));
    assert.deepEqual(keys.slice(STATE_FIELD_ORDER.length), [
      'zz',
      'executionIdentityVersion',
      'roleCounts',
      'roleModels',
      'roleSelectionOrder',
    ]);
  });

  it('a field that does not match its schema is refused with the words of its description', () => {
    const json = { ...stateToJson({ ...defaultState(), project_root: ROOT }), reuse_worktree: 'yes' };
    assert.throws(() => parseState(json), /^WizardError: wizard state field 'reuse_worktree' must be a boolean: 'yes'$/);
  });

  it('has a JSON Schema (z.toJSONSchema) that lists every field', () => {
    const schema = z.toJSONSchema(stateFileSchema) as { properties: Record<string, unknown> };
    for (const f of STATE_FIELD_ORDER) assert.ok(f in schema.properties, f);
    assert.ok('roleCounts' in schema.properties);
  });

  it('an unknown key named __proto__ is kept verbatim, in place, through the codec', () => {
    const text = serializeState({ ...defaultState(), project_root: ROOT }).replace(
      '"executionIdentityVersion"',
      '"__proto__": {"polluted": true},\n  "executionIdentityVersion"',
    );
    const parsed = parseState(JSON.parse(text));
    assert.deepEqual(parsed.state.extra_keys, [['__proto__', { polluted: true }]]);
    assert.equal(serializeState(parsed.state), JSON.stringify(JSON.parse(text), null, 2) + '\n');
    assert.match(
      serializeState(parsed.state),
      /"answered": \[\],\n {2}"__proto__": \{\n {4}"polluted": true\n {2}\},\n {2}"executionIdentityVersion"/,
    );
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype was touched');
  });

  it('__proto__ survives a save through the store', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-proto-'));
    try {
      const file = path.join(dir, 'x.wizard.json');
      const text = serializeState({ ...defaultState(), project_root: ROOT }).replace(
        '"executionIdentityVersion"',
        '"__proto__": [1, 2],\n  "executionIdentityVersion"',
      );
      fs.writeFileSync(file, text);
      const h = loadStateFile(file);
      const parsed = parseState(h.payload);
      saveStateFile(h, { ...parsed.state, directive: 'saved' });
      const written = fs.readFileSync(file, 'utf8');
      assert.match(written, /"__proto__": \[\n\s+1,\n\s+2\n\s+\],\n\s+"executionIdentityVersion"/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
