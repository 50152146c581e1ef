// Hostile values for the quoting tests (docs/safety.md R5): the shared fragments of test/helpers/hostileStrings.ts,
// with these tests' own pairs, triples and long values. `canary` is a path that exists only if some fragment was
// executed.
import { hostileFragments } from '../../helpers/hostileStrings';

export function hostileStrings(canary: string): string[] {
  // NUL cannot be quoted for any shell (its refusal is tested on its own in shellQuote.test.ts): left out here.
  const fragments = hostileFragments(canary).filter((f) => !f.includes('\u0000'));
  const out: string[] = [...fragments];
  // Pairs and triples of fragments, deterministic, so interactions are covered.
  for (let i = 0; i < fragments.length; i++) {
    const a = fragments[i];
    const b = fragments[(i * 7 + 3) % fragments.length];
    const c = fragments[(i * 13 + 5) % fragments.length];
    out.push(a + b, b + a + c, `${a}x${c}`, `-${b}${a}`);
  }
  out.push('x'.repeat(100_000), 'é🙂'.repeat(5_000), "'".repeat(2_000), '!'.repeat(500), '\n'.repeat(300));
  return out;
}
