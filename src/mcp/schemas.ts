// The MCP tools' output schemas; their inputs are the host's (src/host/tools.ts, shared with the language-model
// tools). Outputs are the documents of src/host/documentSchemas.ts, each named by its tool's definition, so an agent
// reads the same shapes from `okstra-wizard step` and from the server; a tool error is the CLI's refusal document
// with the error code added.
import * as z from 'zod';
import * as documentSchemas from '../host/documentSchemas';
import { PromptSchema, RefusedDocSchema } from '../host/documentSchemas';
import { WIZARD_ERROR_CODES } from '../core/types';
import { WIZARD_TOOLS, type ToolKey } from '../host/tools';

/** Each tool's output schema (the SDK checks structuredContent against it): the document its definition names. */
export function toolOutput(key: ToolKey): z.ZodObject {
  return documentSchemas[WIZARD_TOOLS[key].output];
}

/** What a failed tool call carries (as JSON text, `isError: true`): the code, the message and the current prompt. */
export const ToolErrorDocSchema = RefusedDocSchema.extend({
  code: z.enum(WIZARD_ERROR_CODES),
  current: PromptSchema.nullable(),
});
export type ToolErrorDoc = z.infer<typeof ToolErrorDocSchema>;
