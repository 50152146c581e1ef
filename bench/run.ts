// `npm run bench`: P1–P9 of docs/performance.md, on this machine, printed as one table
// (figure, value, target, PASS/MISS). Inputs are generated into a temp folder
// at bench time and removed afterwards. Exits non-zero when the P2 ratio
// target (≥ 50× the seed's greedy algorithm) or P2's exactness is missed;
// absolute times are reported, not enforced (docs/performance.md › How to measure).
//
//   npm run bench                 the table (about 1–2 minutes)
//   npm run bench -- --quick      fewer iterations (a smoke run)
//   npm run bench -- --scaling    also: cost against pool size and task count (docs/performance.md)
//   npm run bench -- --p9         only P9, the Tasks view (no package build)
//   OKSTRA_INTEGRATION_LOG=<file> the output of `npm run test:integration`, for P4's real-host figure

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createStateFile } from '../src/store';
import { copyDemo, demoEnv, P2_SHAPE, tempRoot } from './generate';
import { runP1 } from './p1';
import { runP2, stressInput, stressWizardWorst } from './p2';
import { runP3, taskProject } from './p3';
import { P7_TASK, runP7 } from './mcp';
import { runP9 } from './p9';
import { measureSaveCosts, type SaveCosts } from './saveCosts';
import { buildPackage, cliJson, integrationActivation, peakRss, timeActivation, timeCliStep, timeCliStepAndBareNode } from './processes';
import { runScaling } from './scaling';
import { fmtBytes, fmtMs, fmtSample, nowMs, type Sample } from './stats';

const args = new Set(process.argv.slice(2));
const QUICK = args.has('--quick');
const SCALING = args.has('--scaling');
const KEEP = args.has('--keep');
const ONLY_P9 = args.has('--p9');

type Verdict = 'PASS' | 'PASS*' | 'MISS' | 'info';
interface Row {
  id: string;
  figure: string;
  value: string;
  target: string;
  verdict: Verdict;
}

const rows: Row[] = [];
const gateFailures: string[] = [];

function row(id: string, figure: string, value: string, target: string, verdict: Verdict): void {
  rows.push({ id, figure, value, target, verdict });
  process.stderr.write(`  ${id.padEnd(3)} ${figure}: ${value}  [${verdict}]\n`);
}

function pass(ok: boolean): Verdict {
  return ok ? 'PASS' : 'MISS';
}

/**
 * A time against its target: PASS on the wall-clock median; PASS* when only
 * the CPU-time median is within it (the machine was busy with other work:
 * the wall clock also counted the waits for a core); MISS otherwise.
 */
function judge(s: Sample, limitMs: number): Verdict {
  if (s.median < limitMs) return 'PASS';
  if (s.cpu !== undefined && s.cpu < limitMs) return 'PASS*';
  return 'MISS';
}

function printTable(): void {
  const head: Row = { id: 'id', figure: 'figure', value: 'value (median, p10–p90)', target: 'target', verdict: 'info' };
  const w = (k: keyof Row) => Math.max(...[head, ...rows].map((r) => (k === 'verdict' && r === head ? 'result'.length : r[k].length)));
  const widths = { id: w('id'), figure: w('figure'), value: w('value'), target: w('target'), verdict: Math.max(6, w('verdict')) };
  const line = (r: Row, verdict: string) =>
    `| ${r.id.padEnd(widths.id)} | ${r.figure.padEnd(widths.figure)} | ${r.value.padEnd(widths.value)} | ${r.target.padEnd(widths.target)} | ${verdict.padEnd(widths.verdict)} |`;
  console.log(line(head, 'result'));
  console.log(
    `|${'-'.repeat(widths.id + 2)}|${'-'.repeat(widths.figure + 2)}|${'-'.repeat(widths.value + 2)}|${'-'.repeat(widths.target + 2)}|${'-'.repeat(widths.verdict + 2)}|`,
  );
  for (const r of rows) console.log(line(r, r.verdict === 'info' ? '' : r.verdict));
  if (rows.some((r) => r.verdict === 'PASS*')) {
    console.log('\nPASS*: the wall-clock median is over the target, the CPU-time median of the same runs is within it:');
    console.log('the machine was busy with other work (see the load average and the `node -e 0` reference).');
  }
}

async function main(): Promise<void> {
  const started = nowMs();
  const tmp = tempRoot();
  const load = os.loadavg();
  console.log(
    `okstra-wizard bench — ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ` +
      `load average ${load.map((l) => l.toFixed(1)).join(' ')}${QUICK ? ', --quick' : ''}`,
  );
  process.stderr.write(`inputs in ${tmp}\n`);
  try {
    if (ONLY_P9) {
      await p9(tmp);
      console.log('');
      printTable();
      return;
    }
    const pkg = await buildPackage(tmp);

    // ---------------------------------------------------------------- P1
    process.stderr.write('P1: six task types on a copy of demo/ …\n');
    const p1 = runP1(tmp, { iterations: QUICK ? 8 : 30 });
    row(
      'P1',
      `next prompt, realistic (${p1.taskTypes.length} task types, ${p1.prompts} prompts)`,
      fmtSample(p1.current),
      '< 1 ms median',
      judge(p1.current, 1),
    );
    row('', `  slowest prompt: ${p1.worst.step} (${p1.worst.task})`, fmtSample(p1.worst.sample), '—', 'info');
    row('', '  an answer: submit + reconcile + next prompt', fmtSample(p1.submit), '—', 'info');
    if (p1.taskTypes.length !== 6) throw new Error(`P1 covered ${p1.taskTypes.join(', ')}, not all six task types`);

    // ---------------------------------------------------------------- P2
    process.stderr.write('P2: the stress pool …\n');
    const stress = stressInput(path.join(tmp, 'stress'), P2_SHAPE);
    const p2 = runP2(stress, { greedyRuns: QUICK ? 3 : 5, exactRuns: QUICK ? 30 : 200 });
    row('P2', `${stress.step}, stress pool, engine current()`, fmtSample(p2.engine), '< 20 ms median', judge(p2.engine, 20));
    row('', '  exact, role layer (session + prompt)', fmtSample(p2.exact), '—', 'info');
    row('', '  seed greedy baseline (same pool, same process)', fmtSample(p2.greedy), '—', 'info');
    const ratio = Math.min(p2.ratio, p2.ratioEngine);
    row(
      'P2',
      'speed-up: greedy / exact',
      `${p2.ratio.toFixed(0)}× (greedy / engine current(): ${p2.ratioEngine.toFixed(0)}×)`,
      '≥ 50×',
      pass(ratio >= 50),
    );
    if (!(ratio >= 50)) gateFailures.push(`P2 speed-up ${ratio.toFixed(1)}× is below 50×`);
    const exactOk = !p2.options.note.startsWith('EXACT MISSES');
    row(
      'P2',
      'options: exact vs greedy',
      `${p2.options.exact} vs ${p2.options.greedy}: ${p2.options.note}; ${p2.unavailable} unavailable listed`,
      'exact ⊇ greedy',
      pass(exactOk),
    );
    if (!exactOk) gateFailures.push(`P2 exactness: ${p2.options.note}`);
    const worst = stressWizardWorst(stress, QUICK ? 2 : 5);
    row('', `  slowest prompt of the stress wizard (${stress.states.length} prompts): ${worst.step}`, fmtSample(worst.sample), '—', 'info');

    // ---------------------------------------------------------------- P3
    const nTasks = 10_000;
    process.stderr.write(`P3: generating ${nTasks} tasks …\n`);
    const big = taskProject(tmp, nTasks);
    const p3 = runP3(big.root, nTasks, { coldRuns: QUICK ? 3 : 7, warmRuns: QUICK ? 10 : 40 });
    row('P3', `task picker, ${nTasks} tasks, cold (new workspace)`, fmtSample(p3.cold), '< 300 ms', judge(p3.cold, 300));
    row('P3', '  warm (watcher-maintained cache, trust)', fmtSample(p3.warm), '< 30 ms', judge(p3.warm, 30));
    row('', '  warm, one watcher event (1 manifest changed)', fmtSample(p3.event), '—', 'info');
    row('', '  warm, no watcher (stat every manifest)', fmtSample(p3.stat), '—', 'info');
    const bigState = path.join(tmp, 'big.wizard.json');
    const init = cliJson(
      pkg.cli,
      ['init', '--state', bigState, '--project-root', big.root],
      { PATH: path.dirname(process.execPath), OKSTRA_TERMINAL_BACKEND: 'none' },
      tmp,
    );
    if (init.doc.ok !== true || init.doc.next?.step !== 'task-pick')
      throw new Error(`P3 CLI init: ${JSON.stringify(init.doc).slice(0, 300)}`);
    const p3cli = timeCliStep(
      pkg.cli,
      bigState,
      { PATH: path.dirname(process.execPath), OKSTRA_TERMINAL_BACKEND: 'none' },
      tmp,
      QUICK ? 3 : 7,
      'task-pick',
    );
    // docs/performance.md P3: the CLI over 10,000 tasks within the cold target (300 ms) plus a process start.
    row(
      'P3',
      `CLI step over ${nTasks} tasks (process)`,
      `${fmtSample(p3cli)}; ${fmtMs(p3cli.median - p3.cold.median)} over in-process cold`,
      '< 300 + 100 ms',
      judge(p3cli, 400),
    );

    // ---------------------------------------------------------------- P4
    process.stderr.write('P4: activation …\n');
    const demoForHost = copyDemo(path.join(tmp, 'host'));
    const act = timeActivation(pkg.extension, demoForHost, QUICK ? 5 : 15);
    const real = integrationActivation();
    if (real) row('P4', `activate(), real extension host (${path.basename(real.file)})`, fmtMs(real.ms), '< 50 ms', pass(real.ms < 50));
    row(
      'P4',
      `activate(), release bundle, fake vscode module${real ? '' : ' (set OKSTRA_INTEGRATION_LOG for the real host)'}`,
      fmtSample(act.activate),
      '< 50 ms',
      judge(act.activate, 50),
    );
    row('', '  require(dist/extension.js) + activate()', fmtSample(act.load), '—', 'info');
    const visible = timeActivation(pkg.extension, demoForHost, QUICK ? 3 : 7, true);
    row('', '  activate() with the Wizard view visible at startup (fake host)', fmtSample(visible.activate), '—', 'info');
    row('P4', 'dist/extension.js, minified', fmtBytes(pkg.extensionBytes), '< 400 KB', pass(pkg.extensionBytes < 400 * 1024));

    // ---------------------------------------------------------------- P5
    process.stderr.write('P5: CLI step on the demo …\n');
    const demo = copyDemo(path.join(tmp, 'cli'));
    const demoState = path.join(demo, '.okstra', 'tasks', 'payments', 'refund-queue.wizard.json');
    const dinit = cliJson(
      pkg.cli,
      ['init', '--state', demoState, '--project-root', demo, '--task', 'payments/refund-queue'],
      demoEnv(demo),
      demo,
    );
    if (dinit.doc.ok !== true) throw new Error(`P5 init: ${JSON.stringify(dinit.doc).slice(0, 300)}`);
    // P5 and the `node -e 0` reference of P8, their runs alternating (bench/processes.ts).
    const { step: p5, bare } = timeCliStepAndBareNode(pkg.cli, demoState, demoEnv(demo), demo, QUICK ? 5 : 30);
    row('P5', 'CLI step on the demo (process start → JSON)', fmtSample(p5), '< 150 ms median', judge(p5, 150));
    row('', "  reference: `node -e 0`, its runs alternating with the CLI step's", fmtSample(bare), '—', 'info');
    // P8: P5 against a bare Node start, measured turn about (wall medians; CPU medians for PASS*).
    const p8 = p5.median / bare.median;
    const p8cpu = p5.cpu !== undefined && bare.cpu !== undefined && bare.cpu > 0 ? p5.cpu / bare.cpu : undefined;
    const p8verdict: Verdict = p8 <= 3 ? 'PASS' : p8cpu !== undefined && p8cpu <= 3 ? 'PASS*' : 'MISS';
    row(
      'P8',
      'CLI step / `node -e 0` (P5 ÷ the reference above)',
      `${p8.toFixed(2)}×${p8cpu !== undefined ? ` (CPU ${p8cpu.toFixed(2)}×)` : ''}`,
      '≤ 3×',
      p8verdict,
    );
    const devCli = path.join(path.resolve(__dirname, '..'), 'dist', 'cli.js');
    if (fs.existsSync(devCli)) {
      const dev = timeCliStep(devCli, demoState, demoEnv(demo), demo, QUICK ? 3 : 10);
      row('', '  the same with dist/cli.js (npm run build, not minified)', fmtSample(dev), '—', 'info');
    }

    // ---------------------------------------------------------------- P7
    process.stderr.write('P7: answered steps through the MCP server …\n');
    const mcpDemo = copyDemo(path.join(tmp, 'mcp'));
    const p7 = await runP7(pkg.cli, mcpDemo, demoEnv(mcpDemo), QUICK ? 2 : 8, QUICK ? 0 : 24);
    row(
      'P7',
      `MCP answered step, SDK client over stdio (${p7.steps} steps, ${P7_TASK})`,
      fmtSample(p7.step),
      '< 2 ms median',
      judge(p7.step, 2),
    );
    if (p7.later) {
      // For information: the same server once V8 has optimised its code (the verdict is on the first wizards above).
      row('', `  the same server after ${p7.later.after} answered steps`, fmtSample(p7.later.step), '—', 'info');
    }
    const shm = '/dev/shm';
    const saveCalls = (c: SaveCosts) => `${fmtMs(c.sum)} (sum of the calls' medians; CPU ${fmtMs(c.user)} user, ${fmtMs(c.system)} system)`;
    // The file-system calls of one save alone (bench/saveCosts.ts): the floor under P7 on this file system.
    row('', "  one save's file-system calls alone, on the same disk", saveCalls(measureSaveCosts(tmp, QUICK ? 50 : 300)), '—', 'info');
    if (fs.existsSync(shm) && fs.statSync(shm).isDirectory()) {
      // The same on a memory file system: what the store's fsyncs of the state file cost on the disk above.
      const shmRoot = fs.mkdtempSync(path.join(shm, 'okstra-bench-'));
      try {
        const shmDemo = copyDemo(path.join(shmRoot, 'mcp'));
        const onShm = await runP7(pkg.cli, shmDemo, demoEnv(shmDemo), QUICK ? 2 : 8);
        row('', '  the same with the project on /dev/shm (no disk sync)', fmtSample(onShm.step), '—', 'info');
        row('', "  one save's file-system calls alone, on /dev/shm", saveCalls(measureSaveCosts(shmRoot, QUICK ? 50 : 300)), '—', 'info');
      } finally {
        fs.rmSync(shmRoot, { recursive: true, force: true });
      }
    }

    // ---------------------------------------------------------------- P6
    process.stderr.write('P6: peak RSS on the stress input …\n');
    const stressState = path.join(stress.project.root, '.okstra', 'tasks', 'stress', 'pool.wizard.json');
    createStateFile(stressState, stress.state);
    const p6 = peakRss(tmp, pkg.cli, stressState, stress.project.env, stress.project.root, QUICK ? 2 : 5, stress.step);
    row(
      'P6',
      `CLI peak RSS, ${stress.step} on the stress pool`,
      `${fmtBytes(p6.max)} (largest of ${p6.runs}; median ${fmtBytes(p6.median)}; ${p6.tool})`,
      '< 80 MB',
      pass(p6.max < 80 * 1024 * 1024),
    );

    await p9(tmp);

    console.log('');
    printTable();
    console.log(
      `\nbench took ${fmtMs(nowMs() - started)}; load average now ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    if (SCALING) {
      console.log('');
      runScaling(tmp, pkg, { quick: QUICK });
    }
  } finally {
    if (KEEP) process.stderr.write(`kept ${tmp}\n`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (gateFailures.length) {
    console.error(`\nbench: FAILED: ${gateFailures.join('; ')}`);
    process.exitCode = 1;
  }
}

/** P9: the Tasks view over 10,000 tasks (bench/p9.ts). */
async function p9(tmp: string): Promise<void> {
  const nTasks = 10_000;
  process.stderr.write(`P9: the Tasks view over ${nTasks} generated tasks …\n`);
  const r = await runP9(tmp, nTasks, { coldRuns: QUICK ? 3 : 9, changeRuns: QUICK ? 10 : 40 });
  row(
    'P9',
    `Tasks view, first render (${r.groups} groups, first group's ${r.firstGroupRows} rows), ${nTasks} tasks, cold`,
    fmtSample(r.cold),
    '< 300 ms',
    judge(r.cold, 300),
  );
  row('P9', "  refresh after one manifest changed (watcher event → the group's rows)", fmtSample(r.change), '< 30 ms', judge(r.change, 30));
  row('', `  every task read and filtered (a text filter), cold`, fmtSample(r.all), '—', 'info');
  row('', `  unfinished wizards counted in every group (${r.wizards} state files, in the background)`, fmtSample(r.count), '—', 'info');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 2;
});
