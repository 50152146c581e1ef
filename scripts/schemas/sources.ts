// The zod schemas that the published JSON Schemas (schemas/*.json) are generated from: the product's own, the ones it
// validates with, so that a JSON Schema cannot say something the product does not do. One import per file format.
export { configSchema } from '../../src/workspace/schemas';
export * as cli from '../../src/cli/outputSchemas';
// The state file. interimStateSchema.ts describes what src/core/wizard/stateCodec.ts accepts until the codec's
// own zod schema exists; then this line imports that schema instead and interimStateSchema.ts goes.
export { stateFileSchema } from './interimStateSchema';
