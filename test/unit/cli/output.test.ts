// The JSON document format of docs/protocol.md: key order, notices, UTF-8 not escaped.
import * as assert from 'node:assert/strict';
import { document, serialize } from '../../../src/cli/output';

describe('cli: output documents', () => {
  it('notices come right after ok, only when non-empty, each text once', () => {
    assert.deepEqual(Object.keys(document(true, { echo: 'x', next: null })), ['ok', 'echo', 'next']);
    assert.deepEqual(Object.keys(document(true, { echo: 'x' }, [])), ['ok', 'echo']);
    const doc = document(false, { error: 'e', current: null }, [
      { kind: 'selection', text: 'n1' },
      'n2',
      { kind: 'selection', text: 'n1' },
    ]);
    assert.deepEqual(Object.keys(doc), ['ok', 'notices', 'error', 'current']);
    assert.deepEqual(doc.notices, ['n1', 'n2']);
  });

  it('R-CLI-6: two-space indent (json.dumps indent=2), non-ASCII as is (ensure_ascii=False), absent members left out', () => {
    const text = serialize(document(true, { echo: 'task: 결제/환불 — “x”', error: undefined }));
    assert.equal(text, '{\n  "ok": true,\n  "echo": "task: 결제/환불 — “x”"\n}\n');
  });
});
