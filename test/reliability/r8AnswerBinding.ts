// R8 answer binding: CLI processes answer the prompt they were
// shown (`step --answer V --prompt ID [--revision R]`) while other processes
// write the same state file (plain answers and rewinds). An answer must land
// on the prompt it names or be refused: 0 answers applied to another prompt
// (the echo of every applied answer is the echo of the prompt shown), every
// refusal names both prompts (or the prompt and both revisions), and 0
// writes by a refused answer — every write of the store goes through a
// temporary `.<name>.tmp-<pid>-…`, watched in the folder, so a refused
// answerer whose pid shows up in one has written. A pid names the process
// spawned with it most recently: pids are reused (pid_max is often 32768, and
// a busy machine cycles through them within a run), so a pid alone would
// blame a refused answerer for the write of an earlier process of the same pid.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../../src/cli/main';
import type { PromptDoc } from '../../src/core/types';
import { bundle } from './bundle';
import { defaultAnswer, demoCopy, demoEnv, newReport, pick, randomAnswer, rng, type TargetReport } from './lib';

export interface R8Options {
  seed: number;
  answers: number;
  lanes: number;
  /** The answers the target requires (test/reliability/main.ts: fewer in a quick run). */
  need: number;
}

interface Json {
  ok: boolean;
  code?: string;
  error?: string;
  echo?: string;
  current?: PromptDoc | null;
  next?: PromptDoc | null;
  rows?: Array<{ id: string; editable: boolean; answered: boolean }>;
}

/** The writes the folder's watch saw from one spawned process. */
interface Writes {
  count: number;
}

/** pid → the writes of the process spawned with it most recently (a reused pid names the newer process from its spawn on). */
const owners = new Map<number, Writes>();

interface Run {
  pid: number;
  writes: Writes;
  code: number | null;
  json: Json | null;
  raw: string;
}

function runProcess(cli: string, argv: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...argv], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const writes: Writes = { count: 0 };
    if (child.pid !== undefined) owners.set(child.pid, writes);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('close', (code) => {
      let json: Json | null = null;
      try {
        json = JSON.parse(out) as Json;
      } catch {
        json = null;
      }
      resolve({ pid: child.pid ?? -1, writes, code, json, raw: out + err });
    });
  });
}

async function inProcess(argv: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Json> {
  return JSON.parse((await runCli({ argv, env, cwd })).stdout) as Json;
}

/** Does an applied answer's echo belong to prompt `id`? (the echo formats of the steps and role steps) */
export function echoBelongsTo(id: string, echo: string): boolean {
  const [kind, role, ordinal] = id.split(':');
  if (kind === 'role-count' || kind === 'role-add') return echo.startsWith(`${kind}: ${role}=`);
  if (kind === 'role-model') return echo.startsWith(`role-model: ${role}#${ordinal}=`);
  if (id === 'task-pick') return echo.startsWith('task: ') || echo === 'task-pick: new';
  if (id === 'task-new') return echo.startsWith('task: ');
  return echo.startsWith(`${id}: `);
}

/** What a refusal of the binding must say: both prompt ids, or the prompt and both revisions. */
function namesBoth(shown: PromptDoc, doc: Json): boolean {
  const error = doc.error ?? '';
  const current = doc.current;
  if (!current) return false;
  if (current.id !== shown.id) return error === `the current prompt is '${current.id}', not '${shown.id}'; nothing was written`;
  return (
    error ===
    `the state changed since prompt '${shown.id}' was shown (revision ${shown.revision} is now ${current.revision}); nothing was written`
  );
}

export async function runR8(opts: R8Options): Promise<TargetReport> {
  const report = newReport(
    'R8',
    'answer binding',
    '0 answers applied to another prompt than the one named; every refusal names both prompts; 0 writes by a refused answer',
    opts.seed,
  );
  const started = Date.now();
  const random = rng(opts.seed);
  const cli = bundle('src/cli/main.ts', 'cli');
  const project = demoCopy('r8');
  const env = demoEnv(project);
  const dir = path.join(project, '.okstra', 'tasks', 'payments');
  const stateRel = '.okstra/tasks/payments/r8-binding.wizard.json';
  const state = path.join(project, stateRel);
  const init = await inProcess(['init', '--state', stateRel, '--project-root', '.', '--task', 'payments/refund-queue'], env, project);
  if (!init.ok) throw new Error(`R8 init: ${JSON.stringify(init)}`);

  // Every write of the store goes through `.<name>.tmp-<pid>-<random>` in this folder.
  const watcher = fs.watch(dir, (_event, name) => {
    const m = name ? /\.tmp-(\d+)-/.exec(name.toString()) : null;
    const writes = m ? owners.get(Number(m[1])) : undefined;
    if (writes) writes.count++;
  });

  let applied = 0;
  let refusedBinding = 0;
  let refusedEngine = 0;
  let stale = 0;
  let withRevision = 0;
  let disturbances = 0;
  const refusedPids: Array<{ pid: number; writes: Writes; what: string }> = [];
  const appliedPids: Writes[] = [];
  let given = 0;

  const disturb = async (): Promise<void> => {
    // Another writer: a plain answer to whatever is current now, or a rewind to an earlier step.
    const cur = await inProcess(['tree', '--state', stateRel], env, project);
    const targets = (cur.rows ?? []).filter((r) => r.editable && r.answered).map((r) => r.id);
    disturbances++;
    if (targets.length > 0 && random() < 0.4) {
      await runProcess(cli, ['rewind', '--state', stateRel, '--to', pick(random, targets)], env, project);
      return;
    }
    const shown = await inProcess(['step', '--state', stateRel], env, project);
    if (shown.current && shown.current.kind !== 'done') {
      await runProcess(cli, ['step', '--state', stateRel, '--answer', randomAnswer(shown.current, random, given)], env, project);
    }
  };

  const lane = async (): Promise<void> => {
    while (given < opts.answers) {
      const shownDoc = await inProcess(['step', '--state', stateRel], env, project);
      const shown = shownDoc.current;
      if (!shown) {
        report.failures.push(`no current prompt: ${JSON.stringify(shownDoc).slice(0, 200)}`);
        return;
      }
      if (shown.kind === 'done') {
        // A finished wizard: start over from a random answered step (a rewind by "another window").
        const t = await inProcess(['tree', '--state', stateRel], env, project);
        const targets = (t.rows ?? []).filter((r) => r.editable && r.answered).map((r) => r.id);
        if (targets.length) await runProcess(cli, ['rewind', '--state', stateRel, '--to', pick(random, targets.slice(0, 6))], env, project);
        continue;
      }
      given++;
      const answer = random() < 0.7 ? defaultAnswer(shown) : randomAnswer(shown, random, given);
      const bindRevision = random() < 0.5;
      if (bindRevision) withRevision++;
      const argv = [
        'step',
        '--state',
        stateRel,
        `--answer=${answer}`,
        '--prompt',
        shown.id,
        ...(bindRevision ? ['--revision', shown.revision!] : []),
      ];
      const others = random() < 0.6 ? disturb() : Promise.resolve();
      const [r] = await Promise.all([runProcess(cli, argv, env, project), others]);
      const doc = r.json;
      if (r.code === 0 && doc?.ok === true) {
        applied++;
        appliedPids.push(r.writes);
        if (!echoBelongsTo(shown.id, doc.echo ?? ''))
          report.failures.push(`answer ${JSON.stringify(answer)} for '${shown.id}' was applied as ${JSON.stringify(doc.echo)}`);
      } else if (r.code === 0 && doc?.code === 'wrong-prompt') {
        refusedBinding++;
        refusedPids.push({ pid: r.pid, writes: r.writes, what: `wrong-prompt for '${shown.id}'` });
        if (!namesBoth(shown, doc))
          report.failures.push(
            `refusal for '${shown.id}' does not name both prompts: ${JSON.stringify(doc.error)} (current ${doc.current?.id})`,
          );
      } else if (r.code === 0 && doc?.ok === false) {
        // The same prompt id, recomputed from other bytes (no --revision given): the engine judged the answer.
        refusedEngine++;
        refusedPids.push({ pid: r.pid, writes: r.writes, what: `${doc.code} for '${shown.id}'` });
        if (!bindRevision && doc.current?.id !== shown.id)
          report.failures.push(`an answer for '${shown.id}' refused by the engine at '${doc.current?.id}': ${doc.error}`);
      } else if (r.code === 1 && (doc?.code === 'stale-state' || doc?.code === 'busy')) {
        stale++;
      } else {
        report.failures.push(`unexpected result (exit ${r.code}) for ${JSON.stringify(argv)}: ${r.raw.slice(0, 300)}`);
      }
    }
  };

  await Promise.all(Array.from({ length: opts.lanes }, () => lane()));
  await new Promise((resolve) => setTimeout(resolve, 200)); // the last watch events
  watcher.close();

  let refusedWrites = 0;
  for (const { pid, writes, what } of refusedPids) {
    if (writes.count > 0) {
      refusedWrites++;
      report.failures.push(`a refused answer wrote (${what}, pid ${pid})`);
    }
  }
  const seen = appliedPids.filter((w) => w.count > 0).length;
  if (seen < appliedPids.length) {
    report.failures.push(
      `the write watch saw ${seen} of ${appliedPids.length} applied answers write: it cannot prove that refused ones did not`,
    );
  }
  if (!fs.existsSync(state)) report.failures.push('the state file is gone');

  report.tried.push(
    `${given} answers by \`okstra-wizard step --answer V --prompt ID\` processes (${withRevision} also with --revision), ${opts.lanes} at a time`,
  );
  report.tried.push(`${disturbances} other writers at the same time (plain answers and rewinds by other processes)`);
  report.found.push(
    `${applied} applied, each to the prompt it named (echo checked); 0 to another prompt: ${report.failures.filter((f) => f.includes('was applied as')).length === 0 ? 'yes' : 'NO'}`,
  );
  report.found.push(
    `${refusedBinding} refused as wrong-prompt, each naming both prompts (or the prompt and both revisions); ${refusedEngine} refused by the engine; ${stale} refused as a stale read (exit 1)`,
  );
  report.found.push(
    `writes by refused answers: ${refusedWrites} (the write watch saw ${seen}/${appliedPids.length} applied answers write)`,
  );
  report.required = { what: 'answers with --prompt', need: opts.need, got: given };
  report.seconds = (Date.now() - started) / 1000;
  return report;
}
