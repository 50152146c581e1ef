import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sha256Hex as sha256HexJs } from '../../../src/core/sha256';
import { sha256Hex, useNativeSha256 } from '../../../src/store';

describe('store: sha256Hex', () => {
  it('is the sha256 of node:crypto for every size, on both sides of the native threshold (64 KiB)', () => {
    for (const size of [0, 1, 55, 56, 63, 64, 65, 1117, 4096, 65535, 65536, 65537, 300_000]) {
      const bytes = Buffer.alloc(size);
      for (let i = 0; i < size; i++) bytes[i] = (i * 131 + (size & 0xff)) & 0xff;
      assert.equal(sha256Hex(bytes), createHash('sha256').update(bytes).digest('hex'), `${size} bytes`);
    }
  });

  it('gives the same digests when a long-lived process asks for the native hash at every size', () => {
    const small = Buffer.from('{"version": 2}\n');
    const before = sha256Hex(small);
    useNativeSha256();
    assert.equal(sha256Hex(small), before);
    assert.equal(before, createHash('sha256').update(small).digest('hex'));
  });

  it('hashes a view at its own offset, not the whole buffer behind it', () => {
    const whole = Buffer.from('xxhello worldyy');
    const view = whole.subarray(2, 13);
    assert.equal(sha256Hex(view), createHash('sha256').update('hello world').digest('hex'));
  });
});

describe('core: sha256Hex in JavaScript', () => {
  it('agrees with node:crypto on random inputs of 0–5,000 bytes and on 200 KB', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 5000 }), (bytes) => {
        assert.equal(sha256HexJs(bytes), createHash('sha256').update(bytes).digest('hex'));
      }),
      { numRuns: 300 },
    );
    const big = Buffer.alloc(200_000, 0xa5);
    assert.equal(sha256HexJs(big), createHash('sha256').update(big).digest('hex'));
  });
});
