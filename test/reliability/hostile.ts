// Hostile values for R5 (docs/safety.md): the shared fragments of test/helpers/hostileStrings.ts, with R5's
// own pairs, triples and very long values. Every command fragment would create the canary file if any shell ever
// executed it.
import { hostileFragments } from '../helpers/hostileStrings';

export function hostileStrings(canary: string): string[] {
  const touch = `touch ${canary}`;
  const fragments = hostileFragments(canary);
  const out: string[] = [...fragments];
  // Pairs and triples, deterministic, so that quoting interactions are covered.
  for (let i = 0; i < fragments.length; i++) {
    const a = fragments[i];
    const b = fragments[(i * 7 + 3) % fragments.length];
    const c = fragments[(i * 13 + 5) % fragments.length];
    out.push(a + b, `x${b}${a}${c}`, `${a} ${c}`);
  }
  out.push(
    'x'.repeat(100_000),
    'é🙂'.repeat(5_000),
    "'".repeat(2_000),
    '!'.repeat(500),
    '$(' + touch + ')'.repeat(200),
    '\n'.repeat(300),
    'a b '.repeat(3_000),
  );
  // A leading dash and NUL are refused by the engine; kept among the rest on purpose (test/helpers/hostileStrings.ts).
  return [...new Set(out)];
}
