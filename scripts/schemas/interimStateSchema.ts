// The state file as src/core/wizard/stateCodec.ts accepts it, as a zod schema, for the generated JSON Schema only:
// the codec checks the same types field by field (its FIELD_TYPES table) and is what the product runs. A unit test
// (test/unit/docs/stateSchema.test.ts) holds the two together on every state file of the demo and the fixtures and
// on payloads the codec refuses. It goes when the codec is built on one zod schema of its own (sources.ts).
import * as z from 'zod';
import {
  STATE_FIELD_ORDER,
  V1_PROVIDER_STATE_JSON_FIELDS,
  V2_STATE_FIELDS,
  type StateField,
} from '../../src/core/wizard/stateCodec';
import { STATE_FILE_DESCRIPTION } from './stateDescriptions';

const strList = z.array(z.string());

const lastRun = z.object({
  startedAt: z.string(),
  argv: z.array(z.string()),
  exitCode: z.union([z.number().int(), z.null()]),
});

function fieldSchema(field: StateField): z.ZodType {
  switch (field) {
    case 'reuse_previous':
      return z.union([z.string(), z.null()]);
    case 'reuse_worktree':
    case 'critic_pending_text':
    case 'workers_custom_pending':
    case 'aborted':
      return z.boolean();
    case 'use_defaults':
    case 'confirmed':
      return z.union([z.boolean(), z.null()]);
    case 'available_functions':
    case 'answered':
      return strList;
    case 'profile_workers':
      return z.array(z.unknown());
    case 'last_run':
      return z.union([lastRun, z.null()]);
    default:
      return z.string();
  }
}

const known = Object.fromEntries(STATE_FIELD_ORDER.map((f) => [f, fieldSchema(f).optional()]));

const common = {
  ...known,
  teamPick: z.string().optional(),
  pendingFollowUp: z.string().optional(),
  legacySource: z.object({ path: z.string(), sha256: z.string() }).optional(),
};

const absent = z.never().optional();
// The snake_case spellings of the v2 fields are dropped on load whatever they hold.
const anything = z.unknown().optional();
const dropped = { role_counts: anything, role_models: anything, role_selection_order: anything, execution_identity_version: anything };

const v2 = z.looseObject({
  ...common,
  ...dropped,
  ...Object.fromEntries(V1_PROVIDER_STATE_JSON_FIELDS.map((f) => [f, absent])),
  executionIdentityVersion: z.literal(2),
  roleCounts: z.record(z.string(), z.number().int()),
  roleModels: z.record(z.string(), z.array(z.string())),
  roleSelectionOrder: z.array(z.string()),
});

const v1 = z.looseObject({
  ...common,
  ...dropped,
  // The v1 provider fields are read by the conversion to v2 (src/core/roles/convertV1.ts), whatever their type.
  ...Object.fromEntries(V1_PROVIDER_STATE_JSON_FIELDS.map((f) => [f, anything])),
  executionIdentityVersion: z.union([z.literal(1), z.null()]).optional(),
  ...Object.fromEntries(V2_STATE_FIELDS.map((f) => [f, absent])),
});

export const stateFileSchema = z.union([v2, v1]).describe(STATE_FILE_DESCRIPTION);
