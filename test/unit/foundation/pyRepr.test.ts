import assert from 'node:assert/strict';
import { pyRepr, pyReprString } from '../../../src/core/pyRepr';

// Expected values are what Python 3's repr() prints for the same strings.
describe("pyRepr: Python's repr() of error messages", () => {
  it('quotes, escapes and keeps printable text as Python does', () => {
    const cases: Array<[string, string]> = [
      ['abc', "'abc'"],
      ["it's", `"it's"`],
      [`a"b'c`, `'a"b\\'c'`],
      ['back\\slash', "'back\\\\slash'"],
      ['tab\tnl\ncr\r', "'tab\\tnl\\ncr\\r'"],
      ['\x00\x1f\x7f', "'\\x00\\x1f\\x7f'"],
      [' ~', "' ~'"],
      ['\xa0', "'\\xa0'"],
      ['é한글😀', "'é한글😀'"],
      ['\u200b', "'\\u200b'"],
      ['\u2028', "'\\u2028'"],
      ['\u0378', "'\\u0378'"],
      ['\u{e0001}', "'\\U000e0001'"],
      ['\ud800', "'\\ud800'"],
    ];
    for (const [input, expected] of cases) assert.equal(pyReprString(input), expected, JSON.stringify(input));
  });

  it('prints values as Python literals', () => {
    assert.equal(pyRepr(null), 'None');
    assert.equal(pyRepr(true), 'True');
    assert.equal(pyRepr([1, 'a', { k: false }]), "[1, 'a', {'k': False}]");
  });
});
