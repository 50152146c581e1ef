// The zod schemas that the published JSON Schemas (schemas/*.json) are generated from: the product's own, the ones it
// validates with, so that a JSON Schema cannot say something the product does not do. One import per file format.
export { configSchema } from '../../src/workspace/schemas';
export * as cli from '../../src/host/documentSchemas';
// The state file: every payload the codec reads (v2, and the legacy v1 it converts), built from the one definition
// of the state's fields.
export { readableStateFileSchema as stateFileSchema } from '../../src/core/wizard/stateSchema';
