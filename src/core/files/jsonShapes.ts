// Shapes of parsed JSON and YAML data, for the conservative stand-ins of schemas (withFastCheck, fileErrors.ts):
// the workspace's files (src/workspace/schemas.ts) and the state file (src/core/wizard/stateSchema.ts).

/** A list of strings, checked index by index (a hole is not a string). */
export function isStringList(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
  return true;
}

/** A plain record (isPlainRecord) whose every value passes `each`. */
export function isRecordOf(value: unknown, each: (v: unknown) => boolean): value is Record<string, unknown> {
  return isPlainRecord(value) && Object.values(value).every(each);
}

/** A plain object as a parser gives it, with no own `__proto__` key: one a zod object or record gives back as it is. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.getPrototypeOf(value) === Object.prototype && !Object.prototype.hasOwnProperty.call(value, '__proto__');
}
