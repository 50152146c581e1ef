// Conservative stand-ins for `schema.safeParse` on hot paths (withFastCheck), and the parse that asks them first
// (safeParseChecked). No import of the file errors or the types: the state schema (src/core/wizard/stateSchema.ts),
// which src/core/types.ts derives its types from, registers its stand-ins here.
import type * as z from 'zod/mini';

/** Conservative stand-ins for `schema.safeParse`, by schema (withFastCheck). */
const fastChecks = new WeakMap<object, (data: unknown) => boolean>();

/**
 * Registers a conservative stand-in for `schema.safeParse` on a hot path: `passes(data)` may be true only when the
 * schema accepts `data` and gives back a value deep-equal to it (no null to normalise, no default to fill in).
 * validateJson and validateYaml then return `data` as it is; anything else goes through the schema, which also
 * words the error. Each stand-in has a property test that holds it to its schema (test/unit/workspace/).
 */
export function withFastCheck<S extends object>(schema: S, passes: (data: unknown) => boolean): S {
  fastChecks.set(schema, passes);
  return schema;
}

export function passesFastCheck(schema: object, data: unknown): boolean {
  const passes = fastChecks.get(schema);
  return passes !== undefined && passes(data);
}

/** `schema.safeParse(data)`, or `data` as it is when the schema's stand-in (withFastCheck) passes it. */
export function safeParseChecked<T>(schema: z.ZodMiniType<T>, data: unknown): { success: true; data: T } | { success: false } {
  return passesFastCheck(schema, data) ? { success: true, data: data as T } : schema.safeParse(data);
}
