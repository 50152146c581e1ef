// `npm run bench -- --scaling`: how cost grows with the pool size (P2's
// shape, 20 providers, more models each) and the task count (P3), printed as
// markdown tables for docs/performance.md.

import * as path from 'node:path';
import { createStateFile } from '../src/store';
import type { StressShape } from './generate';
import { runP2, stressInput } from './p2';
import { runP3, taskProject } from './p3';
import { cliJson, peakRss, timeCliStep, type Package } from './processes';
import { fmtBytes, fmtMs } from './stats';

export function runScaling(tmp: string, pkg: Package, opts: { quick: boolean }): void {
  console.log('### Cost against pool size (role-model:r8:5, 20 providers, 8 roles × 5)\n');
  console.log('| models | engine current() | exact, role layer | greedy (seed) | greedy / exact | CLI step | CLI peak RSS |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const perProvider of [3, 5, 12, 25, 50]) {
    const shape: StressShape = { providers: 20, modelsPerProvider: perProvider, absent: 5, roles: 8 };
    const input = stressInput(path.join(tmp, `scale-pool-${perProvider}`), shape);
    const greedyRuns = opts.quick ? 1 : perProvider >= 50 ? 1 : 3;
    const r = runP2(input, { greedyRuns, exactRuns: opts.quick ? 20 : 60 });
    const stateFile = path.join(input.project.root, '.okstra', 'tasks', 'stress', 'pool.wizard.json');
    createStateFile(stateFile, input.state);
    const step = timeCliStep(pkg.cli, stateFile, input.project.env, input.project.root, opts.quick ? 3 : 7, input.step);
    const rss = peakRss(tmp, pkg.cli, stateFile, input.project.env, input.project.root, 2, input.step);
    console.log(
      `| ${shape.providers * perProvider} | ${fmtMs(r.engine.median)} | ${fmtMs(r.exact.median)} | ${fmtMs(r.greedy.median)}${greedyRuns === 1 ? ' (1 run)' : ''} | ${r.ratio.toFixed(0)}× | ${fmtMs(step.median)} | ${fmtBytes(rss.max)} |`,
    );
  }
  console.log('\n### Cost against task count (the task picker)\n');
  console.log('| tasks | cold (new workspace) | warm (watcher cache) | one watcher event | warm, stat revalidation | CLI step (process) |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const n of [1_000, 5_000, 10_000]) {
    const project = taskProject(tmp, n);
    const r = runP3(project.root, n, { coldRuns: opts.quick ? 3 : 5, warmRuns: opts.quick ? 10 : 20 });
    const state = path.join(tmp, `scale-${n}.wizard.json`);
    const env = { PATH: path.dirname(process.execPath), OKSTRA_TERMINAL_BACKEND: 'none' };
    cliJson(pkg.cli, ['init', '--state', state, '--project-root', project.root], env, tmp);
    const cli = timeCliStep(pkg.cli, state, env, tmp, opts.quick ? 3 : 5, 'task-pick');
    console.log(
      `| ${n} | ${fmtMs(r.cold.median)} | ${fmtMs(r.warm.median)} | ${fmtMs(r.event.median)} | ${fmtMs(r.stat.median)} | ${fmtMs(cli.median)} |`,
    );
  }
}
