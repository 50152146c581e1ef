// P7: an answered step through `okstra-wizard mcp`, as an agent sees it: the release bundle's server started over
// stdio by the official SDK's client, a demo wizard answered from its first question to done, again and again
// (wizard_init with startOver between rounds). Each wizard_answer is timed at the client (request to response,
// the state file written and fsynced by the store); the server's CPU time per answered step comes from
// /proc/<pid>/stat (Linux; 10 ms ticks, so it is an average over all the steps, not a per-step median).

import * as fs from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { nowMs, summarize, type Sample } from './stats';

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
  step: Sample;
  steps: number;
  rounds: number;
  /** With `laterRounds`: the last `rounds` wizards of the same server after `laterRounds` more (its JIT warm), and how many steps it had answered before them. */
  later?: { step: Sample; after: number };
}

/**
 * `rounds` wizards after one warm-up wizard: the verdict's figure, the first wizards of a new server, which is what an
 * agent's session mostly sees. With `laterRounds`, the same server then answers that many more wizards and the last
 * `rounds` of them are timed again: the step of a server whose code V8 has optimised (docs/performance.md › P7: where an answered step's time goes).
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
  const times: number[] = [];
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
        const t = nowMs();
        const doc = await call('wizard_answer', { task: P7_TASK, answer: answerFor(prompt), prompt: prompt.id, revision: prompt.revision });
        if (round >= 0 && round < rounds) {
          times.push(nowMs() - t);
          measured++;
        } else if (laterRounds > 0 && round >= lastRound - rounds) laterTimes.push(nowMs() - t);
        else answered++;
        prompt = doc.next;
      }
      if (prompt.kind !== 'done') throw new Error(`P7: the wizard did not end (at ${prompt.id})`);
      if (round === rounds - 1) cpuEnd = cpuOf(transport.pid);
    }
    const step = summarize(times);
    if (cpuStart !== null && cpuEnd !== null && measured > 0) step.cpu = (cpuEnd - cpuStart) / measured;
    const result: P7Result = { step, steps: measured, rounds };
    if (laterRounds > 0) result.later = { step: summarize(laterTimes), after: answered + measured };
    return result;
  } finally {
    await client.close();
  }
}
