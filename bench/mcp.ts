// P7: an answered step through `okstra-wizard mcp`, as an agent sees it: the release bundle's server started over
// stdio by the official SDK's client, a demo wizard answered from its first question to done, again and again
// (wizard_init with startOver between rounds). Each wizard_answer is timed at the client (request to response,
// the state file written and fsynced by the store), and after each one a `ping` round trip and one durable save on
// the same disk: P7 is the step's median against the sum of the other two medians (at most 2×). The server's CPU
// time per answered step comes from /proc/<pid>/stat (Linux; 10 ms ticks, so it is an average, not a median).

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { copyDemo, demoEnv } from './generate';
import { buildPackage } from './processes';
import { durableSaver } from './saveCosts';
import { fmtMs, fmtSample, nowMs, summarize, type Sample } from './stats';

export const P7_TASK = 'checkout/saved-card-migration';

/** utime + stime of a process in ms, or null when /proc cannot tell. */
function cpuOf(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

export function answerFor(p: any): string {
  if (p.id === 'confirm') return 'run';
  if (p.kind === 'text') return p.default ?? '';
  const enabled = (p.options as any[]).filter((o) => !o.disabled);
  return (enabled.find((o) => o.default) ?? enabled[0]).value;
}

export interface P7Result {
  /** The answered steps, the ping round trips and the durable saves, measured turn about (one of each in turn). */
  step: Sample;
  ping: Sample;
  save: Sample;
  /** step ÷ (ping + save), on the medians: the figure P7's target (≤ 2×) is on. */
  ratio: number;
  steps: number;
  rounds: number;
  /** With `laterRounds`: the last `rounds` wizards of the same server after `laterRounds` more (its JIT warm), and how many steps it had answered before them. */
  later?: { step: Sample; after: number };
}

/**
 * `rounds` wizards after one warm-up wizard: the verdict's figure, the first wizards of a new server, which is what an
 * agent's session mostly sees. Every answered step is followed by one `ping` round trip over the same connection and
 * one durable save in the project's folder (bench/saveCosts.ts durableSaver: the same disk), so that the three are
 * measured turn about under the same load. With `laterRounds`, the same server then answers that many more wizards
 * and the last `rounds` of them are timed again: the step of a server whose code V8 has optimised (docs/performance.md › P7: where an answered step's time goes).
 */
export async function runP7(cli: string, project: string, env: NodeJS.ProcessEnv, rounds: number, laterRounds = 0): Promise<P7Result> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp', '--project-root', project],
    env: env as Record<string, string>,
    cwd: project,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'okstra-wizard-bench', version: '0.0.0' });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      structuredContent?: any;
      content: Array<{ text?: string }>;
    };
    if (r.isError) throw new Error(`P7 ${name}: ${r.content[0]?.text ?? ''}`);
    return r.structuredContent;
  };
  const saver = durableSaver(project);
  const times: number[] = [];
  const pings: number[] = [];
  const saves: number[] = [];
  const laterTimes: number[] = [];
  let answered = 0;
  let cpuStart: number | null = null;
  let cpuEnd: number | null = null;
  let measured = 0;
  try {
    const lastRound = rounds + laterRounds;
    for (let round = -1; round < lastRound; round++) {
      // Round -1 warms the server up (its first read of the workspace and profiles, the JIT) and is not counted.
      let prompt = (await call('wizard_init', { task: P7_TASK, startOver: true })).next;
      if (round === 0) cpuStart = cpuOf(transport.pid);
      for (let i = 0; i < 60 && prompt.kind !== 'done'; i++) {
        const counted = round >= 0 && round < rounds;
        const t = nowMs();
        const doc = await call('wizard_answer', { task: P7_TASK, answer: answerFor(prompt), prompt: prompt.id, revision: prompt.revision });
        const took = nowMs() - t;
        if (counted) {
          times.push(took);
          measured++;
          const p = nowMs();
          await client.ping();
          pings.push(nowMs() - p);
          saves.push(saver.save());
        } else if (laterRounds > 0 && round >= lastRound - rounds) laterTimes.push(took);
        else answered++;
        prompt = doc.next;
      }
      if (prompt.kind !== 'done') throw new Error(`P7: the wizard did not end (at ${prompt.id})`);
      if (round === rounds - 1) cpuEnd = cpuOf(transport.pid);
    }
    const step = summarize(times);
    if (cpuStart !== null && cpuEnd !== null && measured > 0) step.cpu = (cpuEnd - cpuStart) / measured;
    const ping = summarize(pings);
    const save = summarize(saves);
    const result: P7Result = { step, ping, save, ratio: step.median / (ping.median + save.median), steps: measured, rounds };
    if (laterRounds > 0) result.later = { step: summarize(laterTimes), after: answered + measured };
    return result;
  } finally {
    saver.close();
    await client.close();
  }
}

/** The P7 row's value: the ratio, then the three medians it is made of. */
export function fmtP7(r: P7Result): string {
  return `${r.ratio.toFixed(2)}× (step ${fmtMs(r.step.median)} ÷ (ping ${fmtMs(r.ping.median)} + save ${fmtMs(r.save.median)}))`;
}

// `npx tsx bench/mcp.ts [rounds] [folder]`: P7 alone — the release bundles built into a temp folder (as
// `npm run bench` builds them), a copy of demo/ under `folder` (default: the temp folder), four lines printed.
if (require.main === module) {
  void (async () => {
    const rounds = Number(process.argv[2] ?? 8);
    const tmp = fs.mkdtempSync(path.join(process.argv[3] ?? os.tmpdir(), 'okstra-p7-'));
    try {
      const pkg = await buildPackage(tmp);
      const demo = copyDemo(path.join(tmp, 'mcp'));
      const r = await runP7(pkg.cli, demo, demoEnv(demo), rounds);
      console.log(`P7 ${fmtP7(r)}  [${r.ratio <= 2 ? 'PASS' : 'MISS'}; target ≤ 2×; load ${os.loadavg()[0].toFixed(1)}]`);
      console.log(`  step ${fmtSample(r.step)}`);
      console.log(`  ping ${fmtSample(r.ping)}`);
      console.log(`  save ${fmtSample(r.save)}`);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 2;
  });
}
