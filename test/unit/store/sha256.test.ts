import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sha256Hex } from '../../../src/store';

describe('store: sha256Hex', () => {
  it('is the sha256 of the bytes as 64 hex digits', () => {
    assert.equal(sha256Hex(Buffer.from('')), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    assert.equal(sha256Hex(Buffer.from('abc')), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes a view at its own offset, not the whole buffer behind it', () => {
    const whole = Buffer.from('xxhello worldyy');
    const view = whole.subarray(2, 13);
    assert.equal(sha256Hex(view), createHash('sha256').update('hello world').digest('hex'));
  });
});
