// P1: computing the next prompt, realistic — the built-in registry and the
// six task types, on a copy of demo/ read through the file-system workspace.
// Every demo task is taken through a whole wizard (the demo walk's answers);
// then the prompt of every state on the way is computed again and again.

import * as path from 'node:path';
import type { WizardState } from '../src/core/types';
import * as E from '../src/core/wizard/engine';
import { contextOf, defaultAnswer, freshState, workspaceOf } from './context';
import { copyDemo, demoEnv, withTeams } from './generate';
import { summarize, type Sample } from './stats';

/** The demo walk's cases (test/unit/demo/demoWalk.test.ts): together they cover all six task types. */
const CASES: Array<{ key: string; answers?: Record<string, string> }> = [
  { key: 'checkout/saved-card-migration' },
  { key: 'checkout/idempotency-keys' },
  { key: 'payments/refund-queue' },
  { key: 'ledger/partial-capture-double-posting', answers: { 'task-type': 'implementation', 'fix-cycle': 'yes' } },
  { key: 'payments/refund-timeout' },
  {
    key: 'payments/currency-rounding',
    answers: { 'direction-pick': '.okstra/tasks/payments/currency-rounding/directions/minor-units-table.md' },
  },
  { key: 'ledger/fx-rate-cache' },
  { key: 'payments/partial-refunds' },
  { key: 'ledger/settlement-report-drift' },
];

export interface P1Result {
  /** Every timed computation of a prompt, pooled. */
  current: Sample;
  /** The slowest prompt (median of its own runs). */
  worst: { step: string; task: string; sample: Sample };
  submit: Sample;
  prompts: number;
  taskTypes: string[];
}

/** `teams`: the demo's config.yaml gets that many teams (its own, then generated ones: bench/generate.ts withTeams). */
export function runP1(tmp: string, opts: { iterations: number; teams?: number }): P1Result {
  const project = copyDemo(opts.teams === undefined ? tmp : path.join(tmp, `teams-${opts.teams}`));
  if (opts.teams !== undefined) withTeams(project, opts.teams);
  const env = demoEnv(project);
  const ws = workspaceOf(project);
  const ctx = () => contextOf(ws, env);
  const walks: Array<{ key: string; states: WizardState[]; steps: string[]; answers: string[] }> = [];
  const types = new Set<string>();
  for (const c of CASES) {
    const answers: Record<string, string> = { 'task-pick': c.key, confirm: 'run', ...c.answers };
    const states: WizardState[] = [];
    const steps: string[] = [];
    const given: string[] = [];
    let s = freshState(project);
    for (let i = 0; i < 100; i++) {
      const cur = E.current(ctx(), s);
      if (!cur.prompt) throw new Error(`P1 ${c.key}: no prompt after ${steps.at(-1)}: ${cur.error}`);
      if (cur.prompt.kind === 'done') break;
      states.push(s);
      steps.push(cur.prompt.step);
      const a = answers[cur.prompt.step] ?? defaultAnswer(cur.prompt);
      given.push(a);
      const r = E.submit(ctx(), s, a);
      if (!r.ok || r.error) throw new Error(`P1 ${c.key}: ${cur.prompt.step} = ${a}: ${r.error}`);
      s = r.state;
    }
    if (!steps.includes('confirm')) throw new Error(`P1 ${c.key}: the wizard did not reach confirm`);
    types.add(s.task_type);
    walks.push({ key: c.key, states, steps, answers: given });
  }
  const all: number[] = [];
  const allCpu: number[] = [];
  let worst: P1Result['worst'] | null = null;
  for (const w of walks) {
    w.states.forEach((s, i) => {
      for (let k = 0; k < 2; k++) E.current(ctx(), s); // warm-up
      const times: number[] = [];
      const cpu: number[] = [];
      for (let k = 0; k < opts.iterations; k++) {
        const c = process.cpuUsage();
        const t = process.hrtime.bigint();
        E.current(ctx(), s);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
        const d = process.cpuUsage(c);
        cpu.push((d.user + d.system) / 1000);
      }
      const sample = summarize(times, cpu);
      all.push(...times);
      allCpu.push(...cpu);
      if (!worst || sample.median > worst.sample.median) worst = { step: w.steps[i]!, task: w.key, sample };
    });
  }
  // An answer: the submit, the reconcile and the next prompt (what a user waits for after a click).
  const submits: number[] = [];
  const submitCpu: number[] = [];
  for (const w of walks) {
    w.states.forEach((s, i) => {
      if (w.steps[i] === 'confirm' || w.steps[i] === 'task-new') return;
      for (let k = 0; k < 5; k++) {
        const c = process.cpuUsage();
        const t = process.hrtime.bigint();
        E.submit(ctx(), s, w.answers[i]!);
        submits.push(Number(process.hrtime.bigint() - t) / 1e6);
        const d = process.cpuUsage(c);
        submitCpu.push((d.user + d.system) / 1000);
      }
    });
  }
  return {
    current: summarize(all, allCpu),
    worst: worst!,
    submit: summarize(submits, submitCpu),
    prompts: walks.reduce((n, w) => n + w.states.length, 0),
    taskTypes: [...types].sort(),
  };
}
