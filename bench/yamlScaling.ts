// YAML parse time by number of keys: the yaml library with `uniqueKeys: true` (what every YAML reader used
// before; the library compares each key with every earlier one) against src/core/files' YamlSource
// (uniqueKeys off, duplicates found in one pass). Run: npx tsx bench/yamlScaling.ts
// A config.yaml of N keys (`kI: I`); the largest size stays under the 1 MiB YAML limit.
import { LineCounter, parseDocument } from 'yaml';
import { YamlSource } from '../src/core/files';

function text(n: number): string {
  return Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join('\n') + '\n';
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(f: () => void, runs: number): number {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    f();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(out);
}

console.log('keys     bytes      uniqueKeys:true (before)   YamlSource (after)');
for (const n of [10_000, 20_000, 40_000, 75_000]) {
  const t = text(n);
  const before = time(
    () => parseDocument(t, { lineCounter: new LineCounter(), prettyErrors: false, uniqueKeys: true }).toJS(),
    n > 20_000 ? 1 : 3,
  );
  const after = time(() => new YamlSource('c.yaml', t), 3);
  console.log(`${String(n).padEnd(8)} ${String(t.length).padEnd(10)} ${`${before.toFixed(0)} ms`.padEnd(26)} ${after.toFixed(0)} ms`);
}
