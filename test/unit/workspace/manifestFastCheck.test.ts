import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { manifestPassesFastCheck, taskManifestSchema } from '../../../src/workspace/schemas';
import { FIXTURES } from './helpers';

// A JSON-ish value generator biased towards manifest shapes.
const str = fc.oneof(fc.constant(''), fc.string({ maxLength: 6 }));
const scalar = fc.oneof(str, fc.integer(), fc.boolean(), fc.constant(null));
const anyValue = fc.oneof(scalar, fc.array(scalar, { maxLength: 2 }), fc.dictionary(str, scalar, { maxKeys: 2 }));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(fc.oneof(a, anyValue), { nil: undefined });
const run = fc.record(
  { runId: maybe(str), taskType: maybe(str), status: maybe(str), outcome: maybe(str), inputs: maybe(str), extra: maybe(anyValue) },
  { requiredKeys: [] },
);
const manifest = fc.record(
  {
    taskKey: maybe(str),
    taskGroup: maybe(str),
    taskId: maybe(str),
    title: maybe(str),
    updatedAt: maybe(str),
    workflow: maybe(fc.record({ currentPhase: maybe(str), nextRecommendedPhase: maybe(anyValue), completedStages: maybe(fc.array(maybe(str), { maxLength: 3 })) }, { requiredKeys: [] })),
    contract: maybe(fc.record({ outcome: maybe(str) }, { requiredKeys: [] })),
    worktree: maybe(fc.record({ path: maybe(str), branch: maybe(str) }, { requiredKeys: [] })),
    runs: maybe(fc.array(maybe(run), { maxLength: 3 })),
    other: maybe(anyValue),
  },
  { requiredKeys: [] },
);

describe('workspace manifest fast path (quality P3)', () => {
  it('accepts only what the zod schema accepts, with the same result', () => {
    fc.assert(
      fc.property(manifest, (raw) => {
        const data = JSON.parse(JSON.stringify(raw)); // what JSON.parse would give (no undefined)
        if (!manifestPassesFastCheck(data)) return;
        const r = taskManifestSchema.safeParse(data);
        assert.ok(r.success, JSON.stringify(data));
        assert.deepEqual(JSON.parse(JSON.stringify(r.data)), data);
      }),
      { numRuns: 3000, seed: 4242 },
    );
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
