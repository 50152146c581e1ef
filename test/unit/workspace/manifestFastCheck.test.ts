import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { manifestPassesFastCheck, taskManifestSchema } from '../../../src/workspace/schemas';
import { FIXTURES } from './helpers';

// Manifests that are mostly valid with an occasional wrong value in any field,
// so that single-field mistakes (the ones a fast check could miss) are common.
const odd = fc.constantFrom<unknown>(null, '', 0, 2.5, true, [], {}, ['x'], { a: 'x' }, [1]);
const often = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 12, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: odd });
const str = often(fc.constantFrom('x', 'final-verification', ''));
const optStr = fc.option(str, { nil: undefined });
const run = often(
  fc.record(
    {
      runId: often(fc.constantFrom('r1', 'r2')),
      taskType: optStr,
      status: optStr,
      outcome: optStr,
      inputs: optStr,
      extra: fc.option(odd, { nil: undefined }),
    },
    { requiredKeys: ['runId'] },
  ),
);
const manifest = fc.record(
  {
    taskKey: optStr,
    taskGroup: often(fc.constant('g')),
    taskId: often(fc.constant('t')),
    title: optStr,
    updatedAt: optStr,
    workflow: fc.option(
      often(
        fc.record(
          {
            currentPhase: optStr,
            nextRecommendedPhase: fc.option(fc.oneof(str, odd), { nil: undefined }),
            completedStages: fc.option(often(fc.array(str, { maxLength: 3 })), { nil: undefined }),
          },
          { requiredKeys: [] },
        ),
      ),
      { nil: undefined },
    ),
    contract: fc.option(often(fc.record({ outcome: optStr }, { requiredKeys: [] })), { nil: undefined }),
    worktree: fc.option(often(fc.record({ path: often(fc.constantFrom('../wt', '')), branch: optStr }, { requiredKeys: ['path'] })), {
      nil: undefined,
    }),
    runs: fc.option(often(fc.array(run, { maxLength: 3 })), { nil: undefined }),
    other: fc.option(odd, { nil: undefined }),
  },
  { requiredKeys: ['taskGroup', 'taskId'] },
);

describe('workspace manifest fast path (quality P3)', () => {
  it('accepts only what the zod schema accepts, with the same result', () => {
    let accepted = 0;
    fc.assert(
      fc.property(manifest, (raw) => {
        const data = JSON.parse(JSON.stringify(raw)); // what JSON.parse would give (no undefined)
        if (!manifestPassesFastCheck(data)) return;
        accepted++;
        const r = taskManifestSchema.safeParse(data);
        assert.ok(r.success, JSON.stringify(data));
        assert.deepEqual(JSON.parse(JSON.stringify(r.data)), data);
      }),
      { numRuns: 3000, seed: 4242 },
    );
    assert.ok(accepted > 300, `only ${accepted} generated manifests took the fast path`);
  });

  it('takes the fast path for the readable fixture manifests', () => {
    const tasks = path.join(FIXTURES, 'okstra-project', '.okstra', 'tasks');
    for (const g of fs.readdirSync(tasks, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'broken')) {
      for (const id of fs.readdirSync(path.join(tasks, g.name), { withFileTypes: true }).filter((d) => d.isDirectory())) {
        const data = JSON.parse(fs.readFileSync(path.join(tasks, g.name, id.name, 'task-manifest.json'), 'utf8'));
        assert.equal(manifestPassesFastCheck(data), true, `${g.name}/${id.name}`);
      }
    }
  });
});
