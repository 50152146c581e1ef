// A zod schema built on its first use instead of at module load (docs/performance.md › Start-up): a one-shot CLI
// process loads every schema module but uses a few of the schemas, and building a zod 4 schema is not free.
// The value stands in for the schema everywhere (parse, safeParse, z.infer, nesting inside another schema,
// z.toJSONSchema): every access goes to the schema, which `build` makes once, on the first access.
// The schemas are zod/mini's (docs/performance.md › Start-up); zod/mini has no default locale, so the first schema
// built installs zod's English messages, the ones zod classic installs with its first schema and that the file
// errors quote (src/core/files/fileErrors.ts).
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/** zod's English issue messages, unless a locale is set already (zod classic sets the same one). */
function useEnglishZodMessages(): void {
  if (z.config().localeError === undefined) z.config(en());
}

export function lazySchema<T extends z.ZodMiniType>(build: () => T): T {
  let schema: T | undefined;
  const real = (): T => {
    if (schema === undefined) {
      useEnglishZodMessages();
      schema = build();
      // Metadata (`z.describe(…)`) is keyed by the schema object: the stand-in carries the same.
      const meta = z.globalRegistry.get(schema);
      if (meta !== undefined) z.globalRegistry.add(standIn, meta);
    }
    return schema;
  };
  const standIn: T = new Proxy(Object.create(null) as T, {
    get: (_t, key) => Reflect.get(real(), key),
    set: (_t, key, value) => Reflect.set(real(), key, value),
    has: (_t, key) => Reflect.has(real(), key),
    deleteProperty: (_t, key) => Reflect.deleteProperty(real(), key),
    defineProperty: (_t, key, desc) => Reflect.defineProperty(real(), key, desc),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_t, key) => {
      const desc = Reflect.getOwnPropertyDescriptor(real(), key);
      // A proxy may not report a property the (empty) target lacks as non-configurable.
      return desc === undefined ? undefined : { ...desc, configurable: true };
    },
  });
  return standIn;
}
