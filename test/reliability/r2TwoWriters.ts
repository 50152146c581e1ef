// R2 two writers (docs/safety.md): two CLI processes step one state file. One of
// them (the stale writer) is held by the CLI's `beforeSave` seam after it read
// the file and computed its answer; the other writes meanwhile. The stale
// writer must be refused with exactly `<file>: state file changed on disk
// since it was read; reload to continue` (exit 1) and write nothing: the file
// (or a legacy file's companion) keeps the other writer's bytes, the folder
// gains no file. Then a free race: several CLI processes answer at once.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../../src/cli/main';
import type { PromptDoc } from '../../src/core/types';
import { STALE_READ_MESSAGE } from '../../src/store';
import { bundle } from './bundle';
import {
  defaultAnswer,
  demoCopy,
  randomAnswer,
  textAnswer,
  demoEnv,
  diffTrees,
  newReport,
  pick,
  rng,
  sha256,
  snapshotTree,
  type TargetReport,
} from './lib';

export interface R2Options {
  seed: number;
  rounds: number;
  races: number;
}

interface Json {
  ok: boolean;
  error?: string;
  current?: PromptDoc | null;
  next?: PromptDoc | null;
  rows?: Array<{ id: string; editable: boolean }>;
  [k: string]: unknown;
}

async function inProcess(argv: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Json> {
  const r = await runCli({ argv, env, cwd });
  return JSON.parse(r.stdout) as Json;
}

function runCliProcess(
  cli: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): { code: number | null; json: Json | null; raw: string } {
  const r = spawnSync(process.execPath, [cli, ...argv], { env, cwd, encoding: 'utf8' });
  let json: Json | null = null;
  try {
    json = JSON.parse(r.stdout) as Json;
  } catch {
    json = null;
  }
  return { code: r.status, json, raw: r.stdout + r.stderr };
}

/** The file a save of this state file goes to: itself, or the companion of a legacy v1 file. */
function saveTarget(dir: string, stateName: string, before: Map<string, string>, after: Map<string, string>): string | null {
  for (const [p, h] of after) if (path.dirname(p) === dir && path.basename(p).startsWith(stateName) && before.get(p) !== h) return p;
  return null;
}

function waitFor(file: string, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const until = Date.now() + ms;
    const tick = () => {
      if (fs.existsSync(file)) resolve(true);
      else if (Date.now() > until) resolve(false);
      else setTimeout(tick, 3);
    };
    tick();
  });
}

export async function runR2(opts: R2Options): Promise<TargetReport> {
  const report = newReport(
    'R2',
    'two writers',
    'the stale writer is refused with `state file changed on disk since it was read; reload to continue` and writes nothing',
    opts.seed,
  );
  const started = Date.now();
  const random = rng(opts.seed);
  const cli = bundle('src/cli/main.ts', 'cli');
  // `require.main === module` holds for every module of a bundle: defined away, so that only this
  // wrapper's runCli (with the seam) runs, not main.ts's own entry as well.
  const paused = bundle('test/reliability/children/cliPaused.ts', 'cli-paused', { 'require.main': 'undefined' });
  const project = demoCopy('r2');
  const env = demoEnv(project);
  const tasksDir = path.join(project, '.okstra', 'tasks');

  // Two files: a fresh v2 state, and the demo's legacy v1 state (saves go to its companion).
  const v2Rel = '.okstra/tasks/payments/r2-two-writers.wizard.json';
  const v1Rel = '.okstra/tasks/payments/refund-timeout.wizard.json';
  const init = await inProcess(['init', '--state', v2Rel, '--project-root', '.', '--task', 'payments/refund-queue'], env, project);
  if (!init.ok) {
    report.failures.push(`init failed: ${init.error}`);
    return report;
  }
  const v1Sha = sha256(fs.readFileSync(path.join(project, v1Rel)));

  let refusedExactly = 0;
  let wroteNothing = 0;
  let rounds = 0;
  const kinds = new Map<string, number>();
  for (let i = 0; i < opts.rounds; i++) {
    const rel = i % 3 === 2 ? v1Rel : v2Rel;
    const stateName = path.basename(rel);
    const dir = path.dirname(path.join(project, rel));
    const tag = `seed ${opts.seed} round ${i} (${rel})`;
    const cur = await inProcess(['step', '--state', rel], env, project);
    const tree = await inProcess(['tree', '--state', rel], env, project);
    const editable = (tree.rows ?? []).filter((r) => r.editable).map((r) => r.id);
    const prompt = cur.ok ? cur.current! : null;

    // What each writer does: answer the current prompt (when there is one to answer) or rewind.
    const answerArgs = (p: PromptDoc | null): string[] | null => {
      if (!p || p.kind === 'done') return null;
      // task-pick keeps the task of the file under test: another task moves the wizard into that task's own file
      // (src/host/wizard.ts), so B and A would write different files. A stale move is refused as a stale save is
      // (test/unit/store/wizardFiles.test.ts); a legacy v1 source is never changed by a move, so two moves out of it
      // are two continuations, not a lost update.
      const ownTask = rel === v1Rel ? 'payments/refund-timeout' : null;
      const answer =
        p.step === 'task-pick' && ownTask !== null && p.kind === 'pick' && p.options.some((o) => o.value === ownTask)
          ? ownTask
          : random() < 0.5
            ? randomAnswer(p, random, i)
            : p.kind === 'text'
              ? textAnswer(p, i)
              : defaultAnswer(p);
      return ['step', '--state', rel, '--answer', answer];
    };
    const rewindArgs = (): string[] | null => (editable.length ? ['rewind', '--state', rel, '--to', pick(random, editable)] : null);
    const mode = random();
    const aArgs = mode < 0.6 ? (answerArgs(prompt) ?? rewindArgs()) : (rewindArgs() ?? answerArgs(prompt));
    const bArgs = mode < 0.3 || mode >= 0.8 ? (answerArgs(prompt) ?? rewindArgs()) : (rewindArgs() ?? answerArgs(prompt));
    if (!aArgs || !bArgs) {
      report.failures.push(`${tag}: nothing to answer and nothing to rewind to`);
      continue;
    }
    const kind = `${aArgs[0]}/${bArgs[0]}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);

    // A: held after reading and computing.
    const pauseDir = fs.mkdtempSync(path.join(path.dirname(project), 'pause-'));
    const before = snapshotTree(tasksDir);
    const a = spawn(process.execPath, [paused, ...aArgs], {
      cwd: project,
      env: { ...env, OKSTRA_R2_PAUSE_DIR: pauseDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let aOut = '';
    let aErr = '';
    a.stdout!.on('data', (d) => (aOut += d));
    a.stderr!.on('data', (d) => (aErr += d));
    const aExit = new Promise<number | null>((resolve) => a.on('exit', (c) => resolve(c)));
    const held = await Promise.race([waitFor(path.join(pauseDir, 'paused'), 30_000), aExit.then(() => false)]);
    if (!held) {
      report.failures.push(`${tag}: writer A (${aArgs.join(' ')}) did not reach its save: ${aOut}${aErr}`);
      continue;
    }
    // B: writes the same file.
    const b = runCliProcess(cli, bArgs, env, project);
    if (b.code !== 0 || !b.json?.ok) {
      // B's own answer was refused (e.g. the random rewind target): then A is not stale; release and move on.
      fs.writeFileSync(path.join(pauseDir, 'go'), '');
      await aExit;
      report.failures.push(`${tag}: writer B (${bArgs.join(' ')}) failed: ${b.raw.slice(0, 300)}`);
      continue;
    }
    const afterB = snapshotTree(tasksDir);
    const target = saveTarget(dir, stateName, before, afterB);
    // Let A save now: it must be refused and change nothing.
    fs.writeFileSync(path.join(pauseDir, 'go'), '');
    const code = await aExit;
    fs.rmSync(pauseDir, { recursive: true, force: true });
    rounds++;
    let aJson: Json | null = null;
    try {
      aJson = JSON.parse(aOut) as Json;
    } catch {
      aJson = null;
    }
    const want = `${rel}: ${STALE_READ_MESSAGE}`;
    if (code === 1 && aJson?.ok === false && aJson.error === want) refusedExactly++;
    else
      report.failures.push(
        `${tag}: stale writer A (${aArgs.join(' ')}) after B (${bArgs.join(' ')}): exit ${code}, ${aOut.trim().slice(0, 300)} (want exit 1 and ${JSON.stringify(want)})`,
      );
    const afterA = snapshotTree(tasksDir);
    const changes = diffTrees(afterB, afterA);
    if (changes.length === 0) wroteNothing++;
    else report.failures.push(`${tag}: the refused writer changed files: ${changes.join(', ')}`);
    if (target === null) report.failures.push(`${tag}: writer B's save changed no file`);
    if (sha256(fs.readFileSync(path.join(project, v1Rel))) !== v1Sha) report.failures.push(`${tag}: the legacy v1 file changed`);
  }
  report.tried.push(
    `${rounds} rounds: CLI process A reads and computes, is held before its save; CLI process B writes the same file; A saves (${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')}; every third round on the demo's legacy v1 file, whose saves go to its companion; task-pick keeps the file's own task)`,
  );
  report.found.push(
    `stale writer refused with the exact message and exit 1: ${refusedExactly}/${rounds}; stale writer wrote nothing (every file of .okstra/tasks byte-identical, no temporary or lock left): ${wroteNothing}/${rounds}`,
  );

  await freeRaces(report, cli, project, env, v2Rel, opts.races);
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

/** Several CLI processes answer the same prompt at once: each is saved, or refused (stale / busy), and the file stays whole. */
async function freeRaces(
  report: TargetReport,
  cli: string,
  project: string,
  env: NodeJS.ProcessEnv,
  rel: string,
  races: number,
): Promise<void> {
  const stateAbs = path.join(project, rel);
  const dir = path.dirname(stateAbs);
  let saved = 0;
  let stale = 0;
  let busy = 0;
  for (let i = 0; i < races; i++) {
    const tree = await inProcess(['tree', '--state', rel], env, project);
    const editable = (tree.rows ?? []).filter((r) => r.editable).map((r) => r.id);
    const cur = await inProcess(['step', '--state', rel], env, project);
    const argsFor = (j: number): string[] => {
      const p = cur.ok ? cur.current : null;
      if (p && p.kind !== 'done' && j % 2 === 0)
        return ['step', '--state', rel, '--answer', p.kind === 'text' ? textAnswer(p, i) : defaultAnswer(p)];
      return ['rewind', '--state', rel, '--to', editable[j % Math.max(1, editable.length)] ?? 'task-type'];
    };
    const results = await Promise.all(
      [0, 1, 2, 3].map(
        (j) =>
          new Promise<{ code: number | null; out: string }>((resolve) => {
            const c = spawn(process.execPath, [cli, ...argsFor(j)], { cwd: project, env, stdio: ['ignore', 'pipe', 'ignore'] });
            let out = '';
            c.stdout!.on('data', (d) => (out += d));
            c.on('exit', (code) => resolve({ code, out }));
          }),
      ),
    );
    for (const r of results) {
      let j: Json | null = null;
      try {
        j = JSON.parse(r.out) as Json;
      } catch {
        /* reported below */
      }
      if (r.code === 0 && j?.ok) saved++;
      else if (r.code === 1 && j?.error === `${rel}: ${STALE_READ_MESSAGE}`) stale++;
      else if (r.code === 1 && /state file is being written by process \d+; try again\. /.test(j?.error ?? '')) busy++;
      else if (r.code === 0 && j?.ok === false)
        saved += 0; // a refused answer (e.g. a rewind target that no longer applies): wrote nothing
      else report.failures.push(`race ${i}: unexpected result exit ${r.code}: ${r.out.slice(0, 200)}`);
    }
    try {
      JSON.parse(fs.readFileSync(stateAbs, 'utf8'));
    } catch (e) {
      report.failures.push(`race ${i}: the state file does not parse: ${(e as Error).message}`);
    }
    const stray = fs.readdirSync(dir).filter((n) => n.includes('.tmp-') || n.endsWith('.lock'));
    if (stray.length) report.failures.push(`race ${i}: left behind: ${stray.join(', ')}`);
  }
  report.tried.push(`${races} free races of 4 CLI processes each (answer / rewind at once on one file)`);
  report.found.push(
    `race results: ${saved} saved, ${stale} refused as stale, ${busy} refused as busy; the file parsed after every race, nothing left behind`,
  );
}
