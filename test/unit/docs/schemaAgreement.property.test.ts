// Property tests: the generated JSON Schemas judge generated files as the product does. config.yaml: the schema
// accepts exactly what the product's zod schema accepts. The state file: whatever the schema accepts, the codec
// accepts too (the schema is stricter only where it offers known values: hosts, entry modes, task types).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { configSchema } from '../../../src/workspace/schemas';
import { parseState, stateToJson } from '../../../src/core/wizard/stateCodec';
import { defaultState } from '../../../src/core/wizard/stateSchema';
import { problems } from './schemaValidator';

const RUNS = { numRuns: 400, seed: 20261201 };

/** Values of every JSON type, biased towards the ones config.yaml and state files hold. */
const leaf = fc.oneof(
  fc.constantFrom('', 'claude/opus-4.5', 'acme/coder-1', 'opus', '*', 'analyser', 'Analyser', 'no/slash here', '.github/t.md'),
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -2, max: 3 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -2, max: 3 }),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('any'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('analyser', 'display', 'cli', 'enabled', 'x'), tie('any'), { maxKeys: 3 }),
  ),
})).any;

/** Mostly a well-formed value, now and then anything: enough valid files, and every kind of mistake. */
const mostly = <T>(good: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 8 }, { arbitrary: value, weight: 1 });
/** A key that is usually left out (an unknown key), as a value that is dropped when undefined. */
const rarely = fc.oneof({ arbitrary: fc.constant(undefined), weight: 12 }, { arbitrary: value, weight: 1 });
const withoutUndefined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const listOf = (item: fc.Arbitrary<unknown>) => mostly(fc.array(item, { maxLength: 3 }));
/** One of `good`, now and then one of `bad`. */
const pick = (good: string[], bad: string[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...good), weight: 8 }, { arbitrary: fc.constantFrom(...bad), weight: 1 });
const modelRef = pick(['claude/opus-4.5', 'acme/coder-1', 'codex/gpt-5.1-codex'], ['opus', '', 'a/b c', 'x/']);
const roleId = pick(['analyser', 'report-writer', 'critic', 'domain-expert'], ['Analyser', '1x', '']);

const provider = mostly(
  fc
    .record(
      {
        display: mostly(fc.string({ maxLength: 4 })),
        cli: mostly(pick(['acme', 'acme-agent'], [''])),
        enabled: mostly(fc.boolean()),
        extra: rarely,
      },
      { requiredKeys: [] },
    )
    .map(withoutUndefined),
);
const model = mostly(
  fc
    .record(
      {
        ref: mostly(modelRef),
        display: mostly(fc.string({ maxLength: 4 })),
        aliases: listOf(pick(['coder', 'c1'], [''])),
        roles: fc.oneof(fc.constant('*'), listOf(roleId)),
        defaultFor: listOf(roleId),
        extra: rarely,
      },
      { requiredKeys: ['ref'] },
    )
    .map(withoutUndefined),
);
const config = fc
  .record(
    {
      projectId: mostly(pick(['payments'], [''])),
      okstraCommand: fc.oneof(mostly(pick(['okstra'], [''])), listOf(pick(['uvx', 'okstra'], ['']))),
      modelDefaults: mostly(fc.dictionary(roleId, listOf(modelRef), { maxKeys: 3 })),
      providers: mostly(fc.dictionary(pick(['grok', 'acme'], ['']), provider, { maxKeys: 2 })),
      models: listOf(model),
      registry: mostly(fc.record({ replaceBuiltins: mostly(fc.boolean()), other: rarely }, { requiredKeys: [] }).map(withoutUndefined)),
      prTemplate: mostly(pick(['.github/t.md'], [''])),
      prTemplates: rarely,
    },
    { requiredKeys: [] },
  )
  .map(withoutUndefined);

describe('the JSON Schemas agree with the product (property tests)', () => {
  it('config.yaml: the schema accepts exactly what the product accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(config, (doc) => {
        const product = configSchema.safeParse(doc).success;
        const schema = problems('okstra-config.schema.json', doc) === null;
        if (product) accepted++;
        return product === schema;
      }),
      RUNS,
    );
    assert.ok(accepted > 20, `only ${accepted} of ${RUNS.numRuns} generated configs were valid: the generator tests too little`);
  });

  it('the state file: what the schema accepts, the codec accepts', () => {
    const base = stateToJson({ ...defaultState(), project_root: '/p', workspace_root: '/p/.okstra' });
    const keys = [...Object.keys(base), 'pendingFollowUp', 'legacySource', 'lead_provider', 'workers', 'role_counts', 'unknownKey'];
    const edits = fc.array(fc.tuple(fc.constantFrom(...keys), fc.oneof(value, fc.constant(undefined))), { maxLength: 4 });
    let accepted = 0;
    fc.assert(
      fc.property(edits, (changes) => {
        const doc: Record<string, unknown> = { ...base };
        for (const [k, v] of changes) {
          if (v === undefined) delete doc[k];
          else doc[k] = v;
        }
        if (problems('wizard-state.schema.json', doc) !== null) return true;
        accepted++;
        try {
          parseState(doc);
          return true;
        } catch {
          return false;
        }
      }),
      RUNS,
    );
    assert.ok(accepted > 20, `only ${accepted} generated states were valid`);
  });
});
