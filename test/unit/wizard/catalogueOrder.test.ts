// The catalogue order (docs/okstra-files.md): sortCatalogue decorates each entry with
// its parsed date for speed (P3); these tests hold it to the plain comparator
// the rule states: dated newest first, undated after, ties by key, unreadable last.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { TaskEntry } from '../../../src/core/ports';
import * as E from '../../../src/core/wizard/engine';
import { sortCatalogue, sortedCatalogue } from '../../../src/core/wizard/workspaceRules';
import { fresh } from './drive';
import { fakeContext } from './fakeWorkspace';

function dated(e: TaskEntry): number | null {
  const u = e.manifest?.updatedAt;
  if (typeof u !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(u)) return null;
  const t = Date.parse(u);
  return Number.isNaN(t) ? null : t;
}

/** The rule as a comparator (a stable sort keeps entries with the same key in input order). */
function reference(entries: TaskEntry[]): TaskEntry[] {
  const byKey = (a: TaskEntry, b: TaskEntry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const readable = entries.filter((e) => e.manifest !== null);
  const unreadable = entries.filter((e) => e.manifest === null);
  readable.sort((a, b) => {
    const ta = dated(a);
    const tb = dated(b);
    if (ta !== null && tb !== null && ta !== tb) return tb - ta;
    if (ta !== null && tb === null) return -1;
    if (ta === null && tb !== null) return 1;
    return byKey(a, b);
  });
  return [...readable, ...unreadable.sort(byKey)];
}

function entry(key: string, updatedAt?: string, unreadable = false): TaskEntry {
  const [group = '', id = ''] = key.split('/');
  if (unreadable) return { key, group, id, manifest: null, error: 'invalid JSON' };
  return { key, group, id, manifest: { taskGroup: group, taskId: id, ...(updatedAt === undefined ? {} : { updatedAt }) } };
}

const keys = (es: TaskEntry[]) => es.map((e) => e.key);

describe('catalogue order', () => {
  it('dated newest first (before 1970 and far-off years included), undated by key, unreadable last', () => {
    const input = [
      entry('a/undated'),
      entry('b/broken', undefined, true),
      entry('a/1969', '1969-12-31T23:59:59Z'),
      entry('a/bad-date', '2026-13-45'),
      entry('z/2026', '2026-05-01T00:00:00Z'),
      entry('a/2026', '2026-05-01T00:00:00Z'),
      entry('a/epoch', '1970-01-01T00:00:00Z'),
      entry('a/year-1', '0001-01-01T00:00:00Z'),
      entry('a/far', '275760-09-13T00:00:00Z'),
      entry('a/broken', undefined, true),
      entry('a/not-a-date', 'yesterday'),
      entry('a/ms', '2026-05-01T00:00:00.001Z'),
    ];
    assert.deepEqual(keys(sortCatalogue(input)), keys(reference(input)));
    assert.deepEqual(keys(sortCatalogue(input)), [
      'a/ms',
      'a/2026',
      'z/2026',
      'a/epoch',
      'a/1969',
      'a/year-1',
      'a/bad-date',
      'a/far',
      'a/not-a-date',
      'a/undated',
      'a/broken',
      'b/broken',
    ]);
  });

  it('matches the comparator on random catalogues (dates, ties, keys that prefix others, duplicates)', () => {
    const key = fc.stringMatching(/^[a-c\-.]{0,3}\/[a-c0-9\-]{0,3}$/);
    const date = fc.oneof(
      fc.constant(undefined),
      fc.constant('not a date'),
      fc.constantFrom('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '1969-07-20T20:17:00Z', '2026-02-30', '0000-01-01T00:00:00Z'),
      fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => d.toISOString()),
    );
    const item = fc.record({ key, date, unreadable: fc.boolean() });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), (items) => {
        const input = items.map((i) => entry(i.key, i.date, i.unreadable));
        // The very same objects in the same order: entries with one key keep their input order, as a stable sort would.
        const got = sortCatalogue(input);
        const want = reference(input);
        assert.equal(got.length, want.length);
        got.forEach((e, i) => assert.equal(e, want[i], `position ${i}: ${e.key} vs ${want[i]!.key}`));
      }),
      { numRuns: 300 },
    );
  });

  it('sortedCatalogue sorts an array once: the same array gives the same sorted array, another one is sorted anew', () => {
    const input = [entry('a/old', '2026-01-01T00:00:00Z'), entry('a/new', '2026-06-01T00:00:00Z')];
    const first = sortedCatalogue(input);
    assert.deepEqual(keys([...first]), ['a/new', 'a/old']);
    assert.equal(sortedCatalogue(input), first);
    const changed = [...input, entry('a/newest', '2026-07-01T00:00:00Z')];
    assert.deepEqual(keys([...sortedCatalogue(changed)]), ['a/newest', 'a/new', 'a/old']);
    assert.equal(sortedCatalogue(input), first);
  });

  it('the task picker follows the catalogue when the workspace hands out the same array, then a new one (a watcher saw a task)', () => {
    const { ctx, ws } = fakeContext({ tasks: [{ group: 'g', id: 'one', manifest: { title: 'one', updatedAt: '2026-01-01T00:00:00Z' } }] });
    let handedOut = ws.tasks();
    ws.tasks = () => handedOut;
    const picker = () => (E.current(ctx, fresh()).prompt?.options ?? []).map((o) => o.value);
    assert.deepEqual(picker(), ['g/one', 'new']);
    assert.deepEqual(picker(), ['g/one', 'new']);
    handedOut = [...handedOut, entry('g/two', '2026-02-01T00:00:00Z')];
    assert.deepEqual(picker(), ['g/two', 'g/one', 'new']);
  });
});
