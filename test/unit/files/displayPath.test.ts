// relativeInside and displayPath (src/core/files/displayPath.ts): the prefix shortcut for plain absolute paths gives
// what path.relative gives, for every pair of paths, plain or not (`.`/`..` segments, doubled and trailing `/`,
// relative paths, names that start with `..`).
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import fc from 'fast-check';
import { displayPath, relativeInside } from '../../../src/core/files';

/** The definition the shortcut must agree with. */
function byPathRelative(rootAbs: string, abs: string): string | null {
  const rel = path.relative(rootAbs, abs);
  return rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel) ? null : rel;
}

const segment = fc.constantFrom('a', 'b', 'ab', 'a b', '..', '.', '', '..a', '.x', 'x..', 'é');
const pathArb = fc
  .tuple(fc.constantFrom('/', '', '//', './'), fc.array(segment, { maxLength: 5 }), fc.constantFrom('', '/'))
  .map(([lead, segs, trail]) => lead + segs.join('/') + trail);
// Pairs where one is often under the other, as in the product (a project root and its files).
const pairArb = fc.oneof(
  fc.tuple(pathArb, pathArb),
  fc.tuple(pathArb, fc.array(segment, { maxLength: 3 })).map(([root, rest]) => [root, [root, ...rest].join('/')] as [string, string]),
);

describe('files: relativeInside and displayPath', () => {
  it('give what path.relative gives, for plain and unusual paths alike', () => {
    let inside = 0;
    fc.assert(
      fc.property(pairArb, ([root, abs]) => {
        const want = byPathRelative(root, abs);
        assert.equal(relativeInside(root, abs), want, `relativeInside(${JSON.stringify(root)}, ${JSON.stringify(abs)})`);
        assert.equal(displayPath(root, abs), want ? want.split(path.sep).join('/') : abs);
        if (want) inside++;
      }),
      { numRuns: 5000, seed: 1201 },
    );
    assert.ok(inside > 500, `only ${inside} pairs inside`);
  });

  it('the usual cases', () => {
    assert.equal(relativeInside('/p', '/p'), '');
    assert.equal(relativeInside('/p', '/p/a/b.md'), 'a/b.md');
    assert.equal(relativeInside('/p', '/pa/b.md'), null);
    assert.equal(relativeInside('/p', '/p/../q'), null);
    assert.equal(relativeInside('/p', '/p/..a'), '..a');
    assert.equal(relativeInside('/', '/a'), 'a');
    assert.equal(displayPath('/p', '/q/x'), '/q/x');
  });
});
