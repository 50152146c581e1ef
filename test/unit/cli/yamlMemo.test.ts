// The YAML memo of one-shot commands (src/cli/yamlMemo.ts) and how the core's YAML reader uses it
// (src/core/files/fileErrors.ts parseYamlText): a remembered text skips the parser, never the validation.
import assert from 'node:assert/strict';
import { FileError } from '../../../src/core/types';
import { parseYamlText, useYamlMemo, type YamlMemo } from '../../../src/core/files';
import { parseConfig } from '../../../src/workspace/config';
import { YAML_MEMO_ENTRIES, YAML_MEMO_MAX_TEXT, yamlMemoFrom } from '../../../src/cli/yamlMemo';

function fileError(fn: () => unknown): FileError {
  try {
    fn();
  } catch (e) {
    if (e instanceof FileError) return e;
    throw e;
  }
  assert.fail('expected a FileError');
}

describe('cli: the YAML memo', () => {
  afterEach(() => useYamlMemo(null));

  it('gives back what was added, as a fresh copy each time, and survives its file', () => {
    const memo = yamlMemoFrom(undefined);
    assert.equal(memo.get('a: 1\n'), undefined);
    assert.equal(memo.changed, false);
    memo.add('a: 1\n', { a: 1, list: ['x'] });
    assert.equal(memo.changed, true);
    const first = memo.get('a: 1\n') as { list: string[] };
    first.list.push('mutated');
    assert.deepEqual(memo.get('a: 1\n'), { a: 1, list: ['x'] });
    const again = yamlMemoFrom(memo.serialize());
    assert.deepEqual(again.get('a: 1\n'), { a: 1, list: ['x'] });
    assert.equal(again.changed, false);
  });

  it('keeps only data JSON gives back unchanged, texts up to its limit, and the newest entries', () => {
    const memo = yamlMemoFrom(undefined);
    memo.add('n: .nan', { n: NaN });
    memo.add('i: .inf', { i: Infinity });
    memo.add('z: -0', { z: -0 });
    memo.add('x'.repeat(YAML_MEMO_MAX_TEXT + 1), { x: 1 });
    assert.equal(memo.changed, false);
    for (let i = 0; i <= YAML_MEMO_ENTRIES; i++) memo.add(`k: ${i}`, { k: i });
    assert.equal(memo.get('k: 0'), undefined, 'the oldest entry went');
    assert.deepEqual(memo.get(`k: ${YAML_MEMO_ENTRIES}`), { k: YAML_MEMO_ENTRIES });
  });

  it('reads a memo file that is not its shape as an empty memo', () => {
    for (const bytes of ['', 'not json', '[]', '{"entries":{}}', '{"entries":[["a: 1", 1]]}', '{"entries":[["a: 1"]]}']) {
      assert.equal(yamlMemoFrom(Buffer.from(bytes)).get('a: 1'), undefined, bytes);
    }
    assert.equal(yamlMemoFrom(Buffer.from('{"entries":[["a: 1","{broken"]]}')).get('a: 1'), undefined);
  });

  it('parseYamlText answers a remembered text from the memo and adds only texts that parsed', () => {
    const added: string[] = [];
    const memo: YamlMemo = {
      get: (text) => (text === 'remembered: 1\n' ? { from: 'memo' } : undefined),
      add: (text) => added.push(text),
    };
    useYamlMemo(memo);
    assert.deepEqual(parseYamlText('remembered: 1\n', 'x.yaml').value, { from: 'memo' });
    assert.deepEqual(parseYamlText('fresh: 2\n', 'x.yaml').value, { fresh: 2 });
    fileError(() => parseYamlText('a: [1\n', 'x.yaml'));
    fileError(() => parseYamlText('a: 1\na: 2\n', 'x.yaml'));
    assert.deepEqual(added, ['fresh: 2\n']);
  });

  it('a remembered text is still validated, and its problem located at the same line and column', () => {
    const text = 'projectId: acme\nmodelDefaults:\n  Bad: [x]\n';
    const without = fileError(() => parseConfig(text, '.okstra/config.yaml')).message;
    const memo = yamlMemoFrom(undefined);
    useYamlMemo(memo);
    fileError(() => parseConfig(text, '.okstra/config.yaml'));
    assert.ok(memo.get(text) !== undefined, 'the text parsed, so it is remembered');
    assert.equal(fileError(() => parseConfig(text, '.okstra/config.yaml')).message, without);
    assert.match(without, /^\.okstra\/config\.yaml:3:3: /);
  });
});
