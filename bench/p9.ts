// P9: the Tasks view (src/vscode/tasks/) over a generated project of 10,000
// tasks in 100 groups, some with unfinished wizards, through the code the view
// runs (BoardTree over TaskBoard and the engine's wizard probe), in process.
//   cold    — a new board (a window that opens): the root rows (one listing
//             per group) and the rows of the first group, the one a user
//             opens first; the OS file cache is warm
//   change  — the view open on that group; one manifest changed on disk, the
//             watcher event handled (changed()) and the group's rows again
//   all     — every task read and filtered (a text filter over the project)
//   count   — the unfinished wizards of every group counted (in the
//             background after the first render)

import * as fs from 'node:fs';
import * as path from 'node:path';
import { createStateFile, stateFilePathFor } from '../src/store';
import { en } from '../src/core/text/en';
import * as E from '../src/core/wizard/engine';
import { createEnvironment } from '../src/workspace/environment';
import { BoardTree } from '../src/vscode/tasks/boardTree';
import { TaskBoard } from '../src/vscode/tasks/taskBoard';
import type { GroupRow, TaskRow } from '../src/vscode/tasks/taskBoardModel';
import { EngineWizardProbe } from '../src/vscode/tasks/wizardProbe';
import { contextOf, freshState, PROFILES_DIR, workspaceOf } from './context';
import { withTeams, writeTaskProject } from './generate';
import { nowMs, summarize, type Sample } from './stats';

export interface P9Result {
  tasks: number;
  wizards: number;
  groups: number;
  firstGroupRows: number;
  cold: Sample;
  change: Sample;
  all: Sample;
  count: Sample;
}

const ENV: NodeJS.ProcessEnv = { PATH: path.dirname(process.execPath), OKSTRA_TERMINAL_BACKEND: 'vscode-terminal' };

/** The P3 project shape, plus unfinished wizards (task picked) on every 500th task (from task 2), the first group included. */
export function writeBoardProject(dir: string, count: number, teams?: number): { root: string; wizards: number } {
  const root = path.join(dir, teams === undefined ? `board-${count}` : `board-${count}-teams-${teams}`);
  writeTaskProject(root, count);
  if (teams !== undefined) withTeams(root, teams);
  const ws = workspaceOf(root);
  let wizards = 0;
  for (let i = 2; i < count; i += 500) {
    const group = `group-${String(Math.floor(i / 100)).padStart(3, '0')}`;
    const id = `task-${String(i).padStart(5, '0')}`;
    const r = E.submit(contextOf(ws, ENV), freshState(root), `${group}/${id}`);
    if (!r.ok) throw new Error(`P9: task-pick ${group}/${id} refused: ${r.error}`);
    createStateFile(stateFilePathFor(root, group, id), r.state);
    wizards++;
  }
  return { root, wizards };
}

function newTree(root: string): BoardTree {
  const probe = new EngineWizardProbe({
    builtinProfilesDir: PROFILES_DIR,
    texts: () => en,
    environment: () => createEnvironment({ env: ENV, settingPaths: {}, terminalBackend: 'vscode-terminal', userModelDefaults: null }),
  });
  return new BoardTree(new TaskBoard([{ name: 'big', rootAbs: root }], probe.probe, (rootAbs) => probe.teams(rootAbs)));
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function timeAsync(
  runs: number,
  warmup: number,
  fn: (i: number) => Promise<void>,
  setup?: (i: number) => void | Promise<void>,
): Promise<Sample> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    await setup?.(i);
    const c = cpuMs();
    const t = nowMs();
    await fn(i);
    if (i >= warmup) {
      times.push(nowMs() - t);
      cpu.push(cpuMs() - c);
    }
  }
  return summarize(times, cpu);
}

/** `teams`: the project's config.yaml has that many teams (bench/generate.ts withTeams). */
export async function runP9(dir: string, count: number, opts: { coldRuns: number; changeRuns: number; teams?: number }): Promise<P9Result> {
  const { root, wizards } = writeBoardProject(dir, count, opts.teams);

  // The first render: root rows, then the first group's rows (what TreeItems are made of).
  let groups = 0;
  let firstGroupRows = 0;
  const firstRender = async (tree: BoardTree): Promise<GroupRow> => {
    const roots = (await tree.children(undefined)) as GroupRow[];
    const rows = (await tree.children(roots[0])) as TaskRow[];
    groups = roots.length;
    firstGroupRows = rows.length;
    if (!rows.some((r) => r.wizard?.status === 'unfinished' && r.wizard.step))
      throw new Error('P9: the first group shows no unfinished wizard with its step');
    return roots[0]!;
  };
  const cold = await timeAsync(opts.coldRuns, 1, async () => {
    await firstRender(newTree(root));
  });
  if (groups !== Math.ceil(count / 100)) throw new Error(`P9: ${groups} groups shown`);

  // One manifest changes while the view shows the first group.
  const tree = newTree(root);
  const group = await firstRender(tree);
  const files: string[] = [];
  const change = await timeAsync(
    opts.changeRuns,
    2,
    async (i) => {
      const shown = await tree.changed(files[i]!);
      if (shown !== group) throw new Error('P9: the change did not refresh the first group alone');
      const rows = (await tree.children(group)) as TaskRow[];
      if (!rows.some((r) => r.label === `Edited ${i}`)) throw new Error('P9: the change was not picked up');
    },
    (i) => {
      const id = `task-${String(20 + (i % 70)).padStart(5, '0')}`;
      const file = path.join(root, '.okstra', 'tasks', 'group-000', id, 'task-manifest.json');
      const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      m.title = `Edited ${i}`;
      fs.writeFileSync(file, JSON.stringify(m, null, 2) + '\n');
      files[i] = file;
    },
  );

  // Every task (a filter): a fresh board each time.
  const all = await timeAsync(Math.max(2, Math.floor(opts.coldRuns / 2)), 0, async () => {
    const t = newTree(root);
    t.setFilter({ text: 'component 3', phase: '', unfinishedOnly: false });
    const roots = await t.children(undefined);
    if (roots.length === 0) throw new Error('P9: the filter matched nothing');
  });

  const count2 = await timeAsync(Math.max(2, Math.floor(opts.coldRuns / 2)), 0, async () => {
    const t = newTree(root);
    await t.children(undefined);
    let changed = 0;
    await t.countUnfinished((rows) => (changed = rows.length));
    if (changed === 0) throw new Error('P9: no unfinished wizard counted');
  });

  return { tasks: count, wizards, groups, firstGroupRows, cold, change, all, count: count2 };
}
