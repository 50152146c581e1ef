// zod's global configuration for one-shot CLI processes (src/cli/main.ts). Imported, not required, so that it
// configures the same copy of zod as every schema of the bundle (a require() would pick zod's CommonJS build).
// zod/mini and zod classic share one core and its configuration; zod/mini keeps classic out of the bundle.
import * as z from 'zod/mini';

/** No compiled fast path: a one-shot command parses each schema only a few times (docs/performance.md). */
export function useJitlessZod(): void {
  z.config({ jitless: true });
}
