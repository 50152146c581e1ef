// The state fields a step asks for are declared on the step (`fields`, src/core/wizard/steps/step.ts) and the state
// file's schema, its types, `defaultState()`, PATH_FIELDS and its JSON Schema are made from them and from the fixed
// fields of src/core/wizard/stateFields.ts: a step with a new field is the step module, its line in the step table and
// its texts (CONTRIBUTING.md › Walkthrough: adding a step), and nothing else of src/ names the field.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { STEPS } from '../../../src/core/wizard/steps';
import type { Step } from '../../../src/core/wizard/steps/step';
import { STATE_FIELD_ORDER } from '../../../src/core/wizard/stateSchema';
import { stateFieldTable, type FieldTable } from '../../../src/core/wizard/stateFields';

const REPO = path.resolve(__dirname, '../../..');

/** The fields of the state file as the wizard has always written them, in that order (R-JSON-5). */
const FILE_ORDER = [
  'workspace_root',
  'project_root',
  'project_id',
  'host_runtime',
  'host_entry_mode',
  'available_functions',
  'task_group',
  'task_id',
  'task_type',
  'reuse_previous',
  'brief_path',
  'analysis_target',
  'feature_evidence_path',
  'project_evidence_path',
  'selected_direction_path',
  'approved_plan_path',
  'handoff_mode',
  'handoff_stages',
  'selected_stages',
  'reuse_worktree',
  'base_ref',
  'fix_cycle',
  'directive',
  'related_tasks_raw',
  'clarification_response_path',
  'pr_template_path',
  'pr_template_scope',
  'use_defaults',
  'critic_pending_text',
  'workers_custom_pending',
  'profile_workers',
  'confirmed',
  'aborted',
  'edit_target',
  'last_run',
  'answered',
];

type Modules = {
  steps: typeof import('../../../src/core/wizard/steps');
  schema: typeof import('../../../src/core/wizard/stateSchema');
  codec: typeof import('../../../src/core/wizard/stateCodec');
  generate: typeof import('../../../scripts/schemas/generate');
};

/**
 * Loads the step table, the state schema, the codec and the JSON Schema generator afresh, with `extra` added to the
 * step table before the schema reads it: a step added as the walkthrough adds one, with no other file changed.
 * The modules loaded before are put back afterwards, so that no other test sees the fresh copies.
 */
function withExtraStep<T>(extra: Step | Step[], before: string, use: (m: Modules) => T): T {
  const ours = (key: string) => key.startsWith(path.join(REPO, 'src') + path.sep) || key.startsWith(path.join(REPO, 'scripts') + path.sep);
  const saved = Object.entries(require.cache).filter(([key]) => ours(key));
  for (const [key] of saved) delete require.cache[key];
  try {
    const steps = require('../../../src/core/wizard/steps') as Modules['steps'];
    const flow = steps.FLOW as Array<(typeof steps.FLOW)[number]>;
    flow.splice(
      flow.findIndex((s) => s !== steps.ROLES && s.id === before),
      0,
      ...(Array.isArray(extra) ? extra : [extra]),
    );
    return use({
      steps,
      schema: require('../../../src/core/wizard/stateSchema') as Modules['schema'],
      codec: require('../../../src/core/wizard/stateCodec') as Modules['codec'],
      generate: require('../../../scripts/schemas/generate') as Modules['generate'],
    });
  } finally {
    for (const key of Object.keys(require.cache)) if (ours(key)) delete require.cache[key];
    for (const [key, mod] of saved) require.cache[key] = mod;
  }
}

/** The state fields of review-scope, below. */
const reviewScopeFields = {
  review_scope: {
    kind: 'text',
    default: 'changed',
    description: 'What a final verification reviews: the changed files, or the whole project.',
  },
  review_notes_path: { kind: 'text', default: '', path: true, description: 'Notes for the review, relative to the project root.' },
} as const satisfies FieldTable;

/**
 * A step as the walkthrough adds one (CONTRIBUTING.md › Walkthrough: adding a step), with a path field besides. Its
 * StepFieldTables entry is left out (it would add its fields to the WizardState of this whole program, and the step
 * table's check in src/core/wizard/steps/index.ts would refuse an entry whose step is not in FLOW), so its fields are
 * cast to what a step may declare.
 */
const reviewScope: Step = {
  id: 'review-scope',
  textKey: 'review_scope',
  group: 'inputs',
  kind: 'pick',
  fields: reviewScopeFields as FieldTable as Step['fields'],
  owns: [],
  applies: () => false,
  build: () => {
    throw new Error('not asked');
  },
  submit: () => '',
  answerOf: () => '',
};

/** The walkthrough's own example step (CONTRIBUTING.md › Walkthrough: adding a step), as a contributor adds it. */
const reviewDepth: Step = {
  ...reviewScope,
  id: 'review-depth',
  textKey: 'review_depth',
  fields: {
    review_depth: { kind: 'text', default: '', description: 'How deep a final verification reviews.' },
  } as FieldTable as Step['fields'],
};

/** A field order without the fields of review-scope (the step this file adds), and nothing else taken out. */
function ordersWithout(order: readonly string[]): string[] {
  return order.filter((f) => !Object.keys(reviewScopeFields).includes(f));
}

describe('state fields declared on their steps', () => {
  it('R-JSON-5: the fields keep the file order the wizard has always written (a new field may come between them)', () => {
    assert.deepEqual(
      STATE_FIELD_ORDER.filter((f) => FILE_ORDER.includes(f)),
      FILE_ORDER,
    );
  });

  it('a step owns (a rewind to it resets) the fields it declares, and no two steps declare one field', () => {
    const declared = STEPS.flatMap((s) => Object.keys(s.fields ?? {}).map((f) => [s.id, f] as const));
    for (const [id, f] of declared) assert.ok(STEPS.find((s) => s.id === id)!.owns.includes(f as never), `${id} owns ${f}`);
    assert.equal(new Set(declared.map(([, f]) => f)).size, declared.length);
    assert.ok(declared.length >= 20, 'the steps declare their fields');
  });

  it("Q10: the guard below holds with the walkthrough's own step (review-depth, field review_depth) already in the table", () => {
    // What a contributor who followed CONTRIBUTING.md › Walkthrough: adding a step has: review-depth in the table
    // (added here, unless the contributor's own is there already).
    const walkedSteps = STEPS.some((s) => s.id === 'review-depth') ? [] : [reviewDepth];
    const walked = withExtraStep(walkedSteps, 'confirm', ({ schema }) => (schema.STATE_FIELD_ORDER as readonly string[]).slice());
    assert.ok(walked.includes('review_depth'));
    withExtraStep([...walkedSteps, reviewScope], 'confirm', ({ schema }) => {
      assert.deepEqual(ordersWithout(schema.STATE_FIELD_ORDER as readonly string[]), walked);
    });
  });

  it('a new step with a field reaches the schema, defaultState, PATH_FIELDS, the codec and the JSON Schema through the step table alone', () => {
    const before = STATE_FIELD_ORDER.slice();
    withExtraStep(reviewScope, 'confirm', ({ schema, codec, generate }) => {
      // Its fields sit with the steps' fields in step table order: after those of the steps before it.
      const order = schema.STATE_FIELD_ORDER as readonly string[];
      assert.deepEqual(ordersWithout(order), before);
      const at = order.indexOf('review_scope');
      assert.deepEqual(order.slice(at, at + 3), ['review_scope', 'review_notes_path', 'confirmed']);
      assert.ok(order.indexOf('pr_template_scope') < at, 'after the fields of the steps before it');

      const fresh = schema.defaultState() as unknown as Record<string, unknown>;
      assert.equal(fresh.review_scope, 'changed');
      assert.equal(fresh.review_notes_path, '');
      assert.ok((schema.PATH_FIELDS as readonly string[]).includes('review_notes_path'));
      assert.ok(!(schema.PATH_FIELDS as readonly string[]).includes('review_scope'));
      assert.equal(schema.fieldTypeWords('review_scope' as never), 'a string');

      const shape = schema.stateFieldsSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
      assert.equal(shape.review_scope!.safeParse(3).success, false);
      // The codec writes it in its place, and reads it back (a wrong type is refused with the field's name).
      const json = codec.stateToJson(schema.defaultState());
      assert.deepEqual(Object.keys(json).slice(0, order.length), order);
      const parsed = codec.parseState({ ...json, review_scope: 'project' }).state as unknown as Record<string, unknown>;
      assert.equal(parsed.review_scope, 'project');
      assert.throws(() => codec.parseState({ ...json, review_scope: 3 }), /'review_scope' must be a string/);

      // The JSON Schema of the file: every branch that lists the fields has it, with its description and default.
      const file = generate.generateSchemas().find((f) => f.file === 'schemas/wizard-state.schema.json')!;
      const maps = generate.propertyMaps(file.schema).filter((m) => 'confirmed' in (m.properties as object));
      assert.ok(maps.length >= 2, 'the v2 and the v1 branch');
      for (const m of maps) {
        const props = m.properties as Record<string, { description?: string; default?: unknown }>;
        assert.equal(props.review_scope?.description, 'What a final verification reviews: the changed files, or the whole project.', m.at);
        assert.equal(props.review_scope?.default, 'changed', m.at);
        assert.ok(props.review_notes_path, m.at);
      }
    });
    assert.deepEqual(STATE_FIELD_ORDER, before, 'the modules the other tests use are untouched');
  });

  it('a field declared twice, or fixed fields placed after a field no step declares, is an error of the program', () => {
    const twice = [
      { id: 'a', fields: { directive: { kind: 'text', default: '', description: '' } } },
      { id: 'b', fields: { directive: { kind: 'text', default: '', description: '' } } },
    ] as const;
    assert.throws(() => stateFieldTable([...STEPS, ...twice]), /state field 'directive' of step 'a' is defined twice/);
    assert.throws(
      () => stateFieldTable(STEPS.filter((s) => s.id !== 'pr-template-scope')),
      /no step declares state field 'pr_template_scope', which other fields follow/,
    );
  });
});
