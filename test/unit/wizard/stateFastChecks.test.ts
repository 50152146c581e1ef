// The conservative stand-ins of the state file's schemas (src/core/wizard/stateSchema.ts fieldPasses and
// rolePartPasses): each may pass only what its schema accepts and gives back unchanged, and together they pass every
// field of the state files the demo's wizards write, so that a one-shot step reads a state file without building a
// zod schema.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type * as z from 'zod/mini';
import { parseState, stateToJson } from '../../../src/core/wizard/stateCodec';
import {
  fieldKind,
  fieldPasses,
  rememberedAnswersSchema,
  roleCountsSchema,
  roleModelsSchema,
  rolePartPasses,
  roleSelectionOrderSchema,
  STATE_FIELD_ORDER,
  stateFieldsSchema,
} from '../../../src/core/wizard/stateSchema';
import * as E from '../../../src/core/wizard/engine';
import { drive, fresh } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';

// Values of every JSON type, near-misses of each kind among them: an array holding a non-string, a last_run
// without exitCode, a count of 1.5, a `__proto__` key.
const scalar = fc.oneof(
  fc.constantFrom<unknown>(null, '', 'x', 'docs/a.md', 0, -1, 1.5, 2, true, false, 1e300),
  fc.string({ maxLength: 4 }),
  fc.integer(),
);
const list = fc.array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom('a', '', 'claude/opus') }, { weight: 1, arbitrary: scalar }), {
  maxLength: 3,
});
const lastRun = fc.record(
  { startedAt: fc.oneof(fc.constant('2026-12-01T10:00:00Z'), scalar), argv: fc.oneof(list, scalar), exitCode: scalar },
  { requiredKeys: [] },
);
const key = fc.constantFrom('analyser', 'report-writer', '__proto__', 'x', '');
const record = (value: fc.Arbitrary<unknown>) => fc.dictionary(key, value, { maxKeys: 3 });
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  scalar,
  list,
  lastRun,
  record(scalar),
  record(list),
  fc.constant({ __proto__: null }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** As JSON.parse gives it: own `__proto__` keys are data, no undefined. */
const asParsed = (v: unknown): unknown => JSON.parse(JSON.stringify(v) ?? 'null');

function holdsToSchema(name: string, passes: (v: unknown) => boolean, schema: z.ZodMiniType): void {
  let accepted = 0;
  let refused = 0;
  fc.assert(
    fc.property(anyValue, (raw) => {
      const value = asParsed(raw);
      if (!passes(value)) {
        refused++;
        return;
      }
      accepted++;
      const r = schema.safeParse(value);
      assert.ok(r.success, `${name}: passed ${JSON.stringify(value)}, which its schema refuses`);
      assert.deepEqual(r.data, value, `${name}: the schema changes ${JSON.stringify(value)}`);
    }),
    { numRuns: 1500, seed: 20261201 },
  );
  assert.ok(accepted > 20 && refused > 20, `${name}: ${accepted} accepted, ${refused} refused`);
}

describe('state file: fast checks of its fields', () => {
  // One field of each kind stands for the others of its kind (the same check and a schema of the same type).
  const byKind = new Map<unknown, string>();
  for (const f of STATE_FIELD_ORDER) if (!byKind.has(fieldKind(f))) byKind.set(fieldKind(f), f);
  for (const field of byKind.values()) {
    it(`field '${field}' (and the fields of its kind): passes only what its schema accepts and gives back unchanged`, () => {
      holdsToSchema(field, (v) => fieldPasses(field as (typeof STATE_FIELD_ORDER)[number], v), stateFieldsSchema.shape[field as never]);
    });
  }

  const parts: Array<[keyof typeof rolePartPasses, z.ZodMiniType]> = [
    ['roleCounts', roleCountsSchema],
    ['roleModels', roleModelsSchema],
    ['roleSelectionOrder', roleSelectionOrderSchema],
    ['rememberedAnswers', rememberedAnswersSchema],
  ];
  for (const [name, schema] of parts) {
    it(`${name}: passes only what its schema accepts and gives back unchanged`, () => holdsToSchema(name, rolePartPasses[name], schema));
  }

  it('passes every field of every state a whole wizard writes, so that reading one builds no schema', () => {
    const { ctx } = fakeContext(projectOptions());
    const d = drive(ctx, fresh(), { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis', confirm: 'run' });
    const withRemembered = E.rewind(ctx, d.state, 'task-type');
    assert.ok(withRemembered.ok);
    const states = [fresh(), d.state, withRemembered.state];
    // Three different states: a fresh one, a finished wizard and one with remembered answers.
    assert.equal(new Set(states.map((st) => JSON.stringify(stateToJson(st)))).size, 3);
    for (const state of states) {
      const json = asParsed(stateToJson(state)) as Record<string, unknown>;
      for (const f of STATE_FIELD_ORDER) assert.equal(fieldPasses(f, json[f]), true, `${f}: ${JSON.stringify(json[f])}`);
      for (const [name] of parts) if (name in json) assert.equal(rolePartPasses[name](json[name]), true, name);
      // What passed the fast checks reads back as the state that was written.
      assert.deepEqual(stateToJson(parseState(json).state), stateToJson(state));
    }
  });
});
