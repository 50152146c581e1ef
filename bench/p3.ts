// P3: the task picker (the first prompt of a wizard: every task of the
// catalogue, sorted, with its label) over a generated project.
//   cold  — a new workspace: every manifest listed, read and parsed (a window
//           or a CLI process that starts; the OS file cache is warm)
//   warm  — the extension's workspace after the first scan, in `trust` mode
//           (a file watcher calls invalidate()): nothing is stat'ed or read
//   stat  — a warm workspace in `stat` mode (no watcher): every manifest is
//           stat'ed, unchanged ones are not read again
//   event — warm, after a watcher reported one changed manifest

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as E from '../src/core/wizard/engine';
import { contextOf, freshState, workspaceOf } from './context';
import { writeTaskProject } from './generate';
import { measure, nowMs, summarize, type Sample } from './stats';

export interface P3Result {
  tasks: number;
  options: number;
  cold: Sample;
  warm: Sample;
  stat: Sample;
  event: Sample;
}

export function taskProject(dir: string, count: number): { root: string; generateMs: number } {
  const root = path.join(dir, `tasks-${count}`);
  const t = nowMs();
  if (fs.existsSync(root)) return { root, generateMs: 0 }; // the same bench run made it already
  writeTaskProject(root, count);
  return { root, generateMs: nowMs() - t };
}

const ENV: NodeJS.ProcessEnv = { PATH: path.dirname(process.execPath), OKSTRA_TERMINAL_BACKEND: 'vscode-terminal' };

export function runP3(root: string, count: number, opts: { coldRuns: number; warmRuns: number }): P3Result {
  const state = freshState(root);
  const picker = (ws: ReturnType<typeof workspaceOf>) => {
    const c = E.current(contextOf(ws, ENV), state);
    if (!c.prompt || c.prompt.step !== 'task-pick') throw new Error(`P3: expected task-pick, got ${c.prompt?.step ?? c.error}`);
    return c.prompt;
  };
  const first = picker(workspaceOf(root));
  if (first.options.length !== count + 1) throw new Error(`P3: ${first.options.length - 1} tasks listed, ${count} expected`);

  const cold = measure(() => picker(workspaceOf(root)), { warmup: 1, iterations: opts.coldRuns, minIterations: opts.coldRuns });

  const trusted = workspaceOf(root, 'trust');
  picker(trusted);
  const warm = measure(() => picker(trusted), { warmup: 3, iterations: opts.warmRuns });

  const stat = workspaceOf(root, 'stat');
  picker(stat);
  const statSample = measure(() => picker(stat), { warmup: 2, iterations: Math.max(5, Math.floor(opts.warmRuns / 2)) });

  // A watcher event for one manifest that really changed, then the picker again.
  const events: number[] = [];
  const group = 'group-000';
  for (let i = 0; i < Math.max(5, Math.floor(opts.warmRuns / 2)); i++) {
    const id = `task-${String(20 + (i % 70)).padStart(5, '0')}`; // task-00013 is one of the unreadable ones
    const file = path.join(root, '.okstra', 'tasks', group, id, 'task-manifest.json');
    const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    m.title = `Edited ${i}`;
    fs.writeFileSync(file, JSON.stringify(m, null, 2) + '\n');
    const t = nowMs();
    trusted.invalidate(file);
    const p = picker(trusted);
    events.push(nowMs() - t);
    if (!p.options.some((o) => o.description === `Edited ${i}`)) throw new Error('P3: the watcher event was not picked up');
  }
  return { tasks: count, options: first.options.length, cold, warm, stat: statSample, event: summarize(events) };
}
