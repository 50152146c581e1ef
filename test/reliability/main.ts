// `npm run test:reliability` (docs/safety.md R1–R5, R8, R9): runs each target, prints
// what it tried and what it found, and exits non-zero when a target is missed.
// Options: --only R1,R3  --seed <n> (replay)  --quick (small counts, for a smoke run).
import { cleanupTemps, passed, type TargetReport } from './lib';
import { runR1 } from './r1CrashDuringSave';
import { runR2 } from './r2TwoWriters';
import { runR3 } from './r3LegacyFile';
import { runR4 } from './r4BadInputs';
import { runR5 } from './r5ShellInjection';
import { runR8 } from './r8AnswerBinding';
import { runR9 } from './r9ArgvFromDisk';
import { runR9PersistActions } from './r9PersistActions';
import { runR10 } from './r10HostileFiles';
import { runR10McpLines } from './r10McpLines';

interface Options {
  only: Set<string> | null;
  seed: number;
  quick: boolean;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { only: null, seed: Date.now() % 2_147_483_647, quick: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only') o.only = new Set(argv[++i].split(',').map((s) => s.trim().toUpperCase()));
    else if (a === '--seed') o.seed = Number(argv[++i]);
    else if (a === '--quick') o.quick = true;
    else throw new Error(`unknown option ${a}; options: --only R1,R2,… --seed N --quick`);
  }
  if (!Number.isInteger(o.seed)) throw new Error('--seed must be an integer');
  return o;
}

function print(r: TargetReport): void {
  const ok = passed(r);
  console.log(`\n── ${r.id} ${r.title} ── ${ok ? 'PASS' : 'MISS'} (${r.seconds.toFixed(1)} s, seed ${r.seed})`);
  console.log(`   target: ${r.target}`);
  for (const t of r.tried) console.log(`   tried:  ${t}`);
  for (const f of r.found) console.log(`   found:  ${f}`);
  if (r.required) console.log(`   count:  ${r.required.got} ${r.required.what} (need ≥ ${r.required.need})`);
  for (const s of r.skipped) console.log(`   SKIPPED: ${s}`);
  for (const f of r.failures.slice(0, 40)) console.log(`   FAIL:   ${f}`);
  if (r.failures.length > 40) console.log(`   … and ${r.failures.length - 40} more failures`);
}

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  const want = (id: string) => o.only === null || o.only.has(id);
  console.log(
    `okstra-wizard reliability (R1–R5, R8, R9, R10), seed ${o.seed}${o.quick ? ', quick' : ''}; replay: npm run test:reliability -- --seed ${o.seed}`,
  );
  const reports: TargetReport[] = [];
  const run = async (id: string, f: () => Promise<TargetReport>) => {
    if (!want(id)) return;
    const r = await f();
    print(r);
    reports.push(r);
  };
  try {
    await run('R1', () => runR1({ seed: o.seed, kills: o.quick ? 60 : 1000, lanes: 4 }));
    await run('R2', () => runR2({ seed: o.seed, rounds: o.quick ? 6 : 24, races: o.quick ? 3 : 10 }));
    await run('R3', () => runR3({ seed: o.seed, actions: o.quick ? 100 : 600 }));
    await run('R5', () => runR5({ seed: o.seed, limit: o.quick ? 120 : 520 }));
    await run('R4', () => runR4({ seed: o.seed, direct: o.quick ? 100 : 850, wizard: o.quick ? 10 : 60 }));
    await run('R8', () => runR8({ seed: o.seed, answers: o.quick ? 60 : 1000, lanes: 4 }));
    await run('R9', () => runR9({ seed: o.seed, limit: o.quick ? 60 : 520 }));
    await run('R9', async () => runR9PersistActions({ seed: o.seed, limit: o.quick ? 60 : 520 }));
    await run('R10', () => runR10({ seed: o.seed, quick: o.quick }));
    await run('R10', () => runR10McpLines({ seed: o.seed, lines: o.quick ? 40 : 300, oversized: o.quick ? 3 : 12 }));
  } finally {
    cleanupTemps();
  }
  console.log('\n══ summary ══');
  for (const r of reports)
    console.log(
      `  ${passed(r) ? 'PASS' : 'MISS'}  ${r.id.padEnd(4)} ${r.title.padEnd(24)} ${r.failures.length} failures${r.required ? `, ${r.required.got} ${r.required.what}` : ''}  (${r.seconds.toFixed(1)} s)`,
    );
  const missed = reports.filter((r) => !passed(r));
  if (missed.length) {
    console.log(`\nreliability: ${missed.length} target(s) missed: ${missed.map((r) => r.id).join(', ')}; replay with --seed ${o.seed}`);
    process.exitCode = 1;
  } else console.log(`\nreliability: all ${reports.length} targets met`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 2;
});
