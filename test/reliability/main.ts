// `npm run test:reliability` (docs/safety.md R1–R5, R8–R10): runs each target, prints what it tried and what it
// found, and exits non-zero when a target is missed (2 for options it cannot use, an unknown target among them).
// Options: --only R1,R3  --seed <n> (replay)  --quick (fewer cases, for a smoke run).
import { parseArgs } from 'node:util';
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
import { runR10RunExit } from './r10RunExit';

/**
 * The targets this script measures, with the counts a run tries and the count it requires: the spec's figure in a
 * full run (docs/safety.md), fewer in a quick run (`--quick`, a smoke run of a minute or two: the same checks on fewer
 * cases, which must all pass on a healthy build). R6 and R7 are the extension's: the integration suite checks them.
 */
const TARGETS: ReadonlyArray<{ id: string; run: (seed: number, quick: boolean) => Promise<TargetReport> }> = [
  { id: 'R1', run: (seed, q) => runR1({ seed, kills: q ? 30 : 1000, lanes: 4, need: q ? 30 : 1000 }) },
  { id: 'R2', run: (seed, q) => runR2({ seed, rounds: q ? 6 : 24, races: q ? 3 : 10 }) },
  { id: 'R3', run: (seed, q) => runR3({ seed, actions: q ? 100 : 600 }) },
  { id: 'R5', run: (seed, q) => runR5({ seed, limit: q ? 60 : 520, need: q ? 60 : 500 }) },
  { id: 'R4', run: (seed, q) => runR4({ seed, direct: q ? 100 : 850, wizard: q ? 10 : 60, need: q ? 1000 : 10_000 }) },
  { id: 'R8', run: (seed, q) => runR8({ seed, answers: q ? 30 : 1000, lanes: 4, need: q ? 30 : 1000 }) },
  { id: 'R9', run: (seed, q) => runR9({ seed, limit: q ? 60 : 520, need: q ? 60 : 500 }) },
  { id: 'R9', run: async (seed, q) => runR9PersistActions({ seed, limit: q ? 60 : 520 }) },
  { id: 'R10', run: (seed, q) => runR10({ seed, quick: q, need: q ? 10 : 100 }) },
  { id: 'R10', run: (seed, q) => runR10McpLines({ seed, lines: q ? 40 : 300, oversized: q ? 3 : 12 }) },
  { id: 'R10', run: (seed, q) => runR10RunExit({ seed, quick: q, need: q ? 9 : 24 }) },
];
/** The target ids, each once (R9 has two parts, R10 three). */
const TARGET_IDS = [...new Set(TARGETS.map((t) => t.id))];
const IN_THE_EXTENSION = new Set(['R6', 'R7']);

interface Options {
  only: string[];
  seed: number;
  quick: boolean;
}

const USAGE = `usage: npm run test:reliability -- [--only ${TARGET_IDS.join(',')}] [--seed N] [--quick]`;

/** The options, or a message saying what is wrong (the script then exits 2). */
export function parseOptions(argv: string[]): Options | string {
  let values: { only?: string; seed?: string; quick?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { only: { type: 'string' }, seed: { type: 'string' }, quick: { type: 'boolean' } },
      strict: true,
    }));
  } catch (e) {
    return `${(e as Error).message}\n${USAGE}`;
  }
  const only = values.only === undefined ? TARGET_IDS : values.only.split(',').map((s) => s.trim().toUpperCase());
  for (const id of only) {
    if (TARGETS.some((t) => t.id === id)) continue;
    if (IN_THE_EXTENSION.has(id))
      return `${id} is checked in the extension host by the integration suite (npm run test:integration), not by this script\n${USAGE}`;
    return `unknown target ${JSON.stringify(id)}; targets: ${TARGET_IDS.join(', ')}\n${USAGE}`;
  }
  const seed = values.seed === undefined ? Date.now() % 2_147_483_647 : Number(values.seed);
  if (!Number.isInteger(seed)) return `--seed must be an integer, got ${JSON.stringify(values.seed)}\n${USAGE}`;
  return { only, seed, quick: values.quick === true };
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
  if (typeof o === 'string') {
    console.error(`reliability: ${o}`);
    process.exitCode = 2;
    return;
  }
  const targets = TARGETS.filter((t) => o.only.includes(t.id));
  console.log(
    `okstra-wizard reliability (${[...new Set(targets.map((t) => t.id))].join(', ')}), seed ${o.seed}${o.quick ? ', quick (fewer cases)' : ''}; replay: npm run test:reliability -- --seed ${o.seed}`,
  );
  const reports: TargetReport[] = [];
  try {
    for (const t of targets) {
      const r = await t.run(o.seed, o.quick);
      print(r);
      reports.push(r);
    }
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

if (require.main === module)
  main().catch((e) => {
    console.error(e);
    process.exitCode = 2;
  });
