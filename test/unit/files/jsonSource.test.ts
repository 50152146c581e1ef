import { strict as assert } from 'node:assert';
import { JsonSyntaxError, locateJsonPath, offsetToPos, parseJsonWithPosition } from '../../../src/core/files/jsonSource';

function syntaxError(text: string): { line: number; column: number; reason: string } {
  try {
    parseJsonWithPosition(text);
  } catch (e) {
    assert.ok(e instanceof JsonSyntaxError);
    return { ...offsetToPos(text, e.offset), reason: e.reason };
  }
  assert.fail('expected a syntax error');
}

describe('core/files/jsonSource', () => {
  it('parses valid JSON like JSON.parse', () => {
    assert.deepEqual(parseJsonWithPosition('{"a": [1, 2, {"b": null}]}'), { a: [1, 2, { b: null }] });
  });

  it('reports a missing comma at the next key', () => {
    assert.deepEqual(syntaxError('{\n  "a": 1\n  "b": 2\n}'), { line: 3, column: 3, reason: `expected ',' or '}', got "\\""` });
  });

  it('reports a trailing comma, an unterminated string and the end of input', () => {
    assert.equal(syntaxError('[1, 2,]').reason, 'expected a value, got "]"');
    assert.deepEqual(syntaxError('{"a": "x\n}'), { line: 1, column: 9, reason: 'control character in string' });
    assert.equal(syntaxError('{"a": "x').reason, 'unterminated string');
    assert.equal(syntaxError('{"a": ').reason, 'unexpected end of input');
    assert.equal(syntaxError('').reason, 'unexpected end of input');
    assert.equal(syntaxError('{} x').reason, 'unexpected character "x" after the JSON value');
  });

  it('locates the key of a member and an element of a list', () => {
    const text = '{\n  "runs": [\n    {"runId": "a"},\n    {"runId": 7}\n  ]\n}';
    assert.deepEqual(locateJsonPath(text, ['runs', 1, 'runId']), { line: 4, column: 6 });
    assert.deepEqual(locateJsonPath(text, ['runs']), { line: 2, column: 3 });
    // A missing key: the deepest ancestor that exists.
    assert.deepEqual(locateJsonPath(text, ['runs', 0, 'nope']), { line: 3, column: 5 });
  });
});
