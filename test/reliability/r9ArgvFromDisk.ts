// R9 argv from disk: hostile names and values are placed where
// the wizard reads them — task group and task folders, plan stage ids, failed
// run ids, a previous run's inputs.json, state-file fields, and symlinks to
// files and folders outside the project — and the wizard is driven to them
// (each hostile option is tried, the rest answered with defaults), then asked
// for render-args and outcome through the CLI; every outcome that is offered
// is run through the stand-in okstra. 0 values starting with '-' after a flag
// and 0 paths resolving outside the project may reach renderArgv or the
// stand-in.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../../src/cli/main';
import type { EngineContext } from '../../src/core/ports';
import type { PromptDoc, WizardState } from '../../src/core/types';
import * as engine from '../../src/core/wizard/engine';
import { realPathOf } from '../../src/host/paths';
import { serializeState } from '../../src/core/wizard/stateCodec';
import { PATH_FIELDS } from '../../src/core/wizard/stateSchema';
import {
  defaultAnswer,
  demoCopy,
  demoEnv,
  engineContext,
  newReport,
  pick,
  REPO_ROOT,
  rng,
  tempDir,
  textAnswer,
  type TargetReport,
} from './lib';

export interface R9Options {
  seed: number;
  /** How many hostile values to place (≥ 500 for the target). */
  limit: number;
  /** The hostile values the target requires (test/reliability/main.ts: fewer in a quick run). */
  need: number;
}

const STAND_IN = path.join(REPO_ROOT, 'test', 'fixtures', 'stand-in-okstra', 'okstra.js');
const PATH_FLAGS = new Set([
  '--project-root',
  '--task-brief',
  '--evidence-inputs',
  '--approved-plan',
  '--clarification-response',
  '--selected-direction',
  '--pr-template-path',
]);

/** Values okstra would read as options; `n` makes each one findable. */
function dashValue(r: () => number, n: number): string {
  const heads = [
    '-',
    '--',
    '-x',
    '--project-root=/etc/',
    '--lead-runtime=codex-',
    '--task-brief=/etc/passwd-',
    '-rf-',
    '--stage=',
    '--=',
    '-\u00e9',
  ];
  return `${pick(r, heads)}r9x${n}`;
}

/** The violations of an argv (`--flag value` pairs, as renderArgv makes them). */
export function argvViolations(argv: readonly string[], projectReal: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < argv.length; i += 2) {
    const flag = argv[i]!;
    const value = argv[i + 1]!;
    if (!flag.startsWith('--')) out.push(`argv[${i}] ${JSON.stringify(flag)} is not a flag`);
    if (value.startsWith('-')) out.push(`${flag} ${JSON.stringify(value)} starts with '-'`);
    if (!PATH_FLAGS.has(flag) || value === '') continue;
    for (const p of flag === '--evidence-inputs' ? value.split(',') : [value]) {
      const real = realPathOf(p);
      const rel = real === null ? null : path.relative(projectReal, real);
      if (rel === null || rel.startsWith('..') || path.isAbsolute(rel))
        out.push(`${flag} ${JSON.stringify(p)} resolves outside the project (${real})`);
    }
  }
  return out;
}

interface Task {
  group: string;
  id: string;
  taskType: string;
  manifest?: Record<string, unknown>;
  brief?: string | { link: string };
  plan?: Array<{ id: string }>;
  inputs?: Record<string, unknown>;
  directions?: Array<{ name: string; link?: string }>;
}

function writeTask(project: string, t: Task): string {
  const dir = path.join(project, '.okstra', 'tasks', t.group, t.id);
  fs.mkdirSync(dir, { recursive: true });
  const runs = (t.manifest?.runs as unknown[]) ?? [];
  const manifest = { taskGroup: t.group, taskId: t.id, title: `R9 ${t.id}`, updatedAt: '2026-12-01T00:00:00Z', ...t.manifest, runs };
  fs.writeFileSync(path.join(dir, 'task-manifest.json'), JSON.stringify(manifest, null, 2));
  if (typeof t.brief === 'object') fs.symlinkSync(t.brief.link, path.join(dir, 'brief.md'));
  else fs.writeFileSync(path.join(dir, 'brief.md'), t.brief ?? `---\ntitle: R9\ntaskType: ${t.taskType}\n---\n# R9\n`);
  if (t.plan) {
    const stages = t.plan.map((s) => `  - id: ${JSON.stringify(s.id)}\n    title: stage`).join('\n');
    fs.mkdirSync(path.join(dir, 'plan'));
    fs.writeFileSync(path.join(dir, 'plan', 'approved-plan.md'), `---\napproved: true\nstages:\n${stages}\n---\n# Plan\n`);
  }
  if (t.inputs) {
    fs.mkdirSync(path.join(dir, 'runs', 'r1'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'runs', 'r1', 'inputs.json'), JSON.stringify(t.inputs));
  }
  for (const d of t.directions ?? []) {
    fs.mkdirSync(path.join(dir, 'directions'), { recursive: true });
    const file = path.join(dir, 'directions', d.name);
    if (d.link) fs.symlinkSync(d.link, file);
    else fs.writeFileSync(file, '# direction\n');
  }
  return dir;
}

/** Drives the engine from a fresh state: tries every option that shows the marker, else the defaults. */
function walk(
  ctx: EngineContext,
  project: string,
  marker: string,
  texts: Record<string, string>,
): { state: WizardState; tried: number; accepted: number } {
  let state = engine.initState({ projectRootAbs: project });
  let tried = 0;
  let accepted = 0;
  const attempted = new Set<string>();
  for (let n = 0; n < 70; n++) {
    const cur = engine.current(ctx, state);
    const p: PromptDoc | null = cur.prompt;
    if (!p || p.kind === 'done') break;
    const hostile = p.options.find(
      (o) => !attempted.has(`${p.id}\u0000${o.value}`) && [o.value, o.label, o.description ?? ''].some((x) => x.includes(marker)),
    );
    if (hostile) {
      attempted.add(`${p.id}\u0000${hostile.value}`);
      tried++;
      const r = engine.submit(ctx, state, hostile.value);
      if (r.ok) {
        accepted++;
        state = r.state;
      }
      continue;
    }
    const answer = p.kind === 'text' ? (texts[p.id] ?? textAnswer(p, n)) : defaultAnswer(p);
    const r = engine.submit(ctx, state, answer);
    if (!r.ok) {
      // A prompt whose default is refused here (a text prompt without a usable answer): stop, render what there is.
      break;
    }
    state = r.state;
  }
  return { state, tried, accepted };
}

export async function runR9(opts: R9Options): Promise<TargetReport> {
  const report = newReport(
    'R9',
    'argv from disk',
    "0 values starting with '-' after a flag and 0 paths outside the project reach renderArgv or the stand-in okstra",
    opts.seed,
  );
  const started = Date.now();
  const random = rng(opts.seed);
  const project = demoCopy('r9');
  const projectReal = fs.realpathSync.native(project);
  const env = demoEnv(project);
  const outside = tempDir('r9-outside');
  fs.writeFileSync(path.join(outside, 'secret.md'), 'outside\n');
  fs.mkdirSync(path.join(outside, 'dir'));
  fs.writeFileSync(path.join(outside, 'dir', 'x.md'), 'outside\n');
  fs.symlinkSync(path.join(outside, 'dir'), path.join(project, 'docs', 'r9-outside-dir'));
  fs.symlinkSync(path.join(outside, 'secret.md'), path.join(project, 'docs', 'r9-outside.md'));

  const counts = new Map<string, number>();
  let placed = 0;
  let argvs = 0;
  let standIns = 0;
  let hostileTried = 0;
  let hostileAccepted = 0;
  let refusedAtRender = 0;

  /** render-args and outcome through the CLI for a state; an offered outcome goes to the stand-in. */
  const render = async (what: string, state: WizardState): Promise<void> => {
    const file = path.join(project, '.okstra', 'tasks', 'r9-state.wizard.json');
    fs.writeFileSync(file, serializeState(state));
    for (const cmd of ['render-args', 'outcome']) {
      const out = await runCli({ argv: [cmd, '--state', file], env, cwd: project });
      const doc = JSON.parse(out.stdout) as { ok: boolean; code?: string; renderArgv?: string[]; error?: string };
      if (!doc.ok) {
        // Refused is fine (nothing rendered); a bug or a CLI-level failure is not.
        if (doc.code === undefined || doc.code === 'internal' || doc.code === 'usage') {
          report.failures.push(`${what}: ${cmd} failed with ${doc.code}: ${doc.error}`);
        }
        if (doc.code === 'not-runnable') refusedAtRender++;
        continue;
      }
      argvs++;
      for (const v of argvViolations(doc.renderArgv!, projectReal)) report.failures.push(`${what}: ${cmd}: ${v}`);
      if (cmd === 'outcome') {
        const ran = spawnSync(process.execPath, [STAND_IN, 'render-bundle', ...doc.renderArgv!], { cwd: project, encoding: 'utf8' });
        standIns++;
        const got = JSON.parse(fs.readFileSync(path.join(project, 'standin-argv.json'), 'utf8')) as { argv: string[] };
        if (ran.status !== 0) report.failures.push(`${what}: the stand-in exited ${ran.status}`);
        for (const v of argvViolations(got.argv.slice(1), projectReal)) report.failures.push(`${what}: stand-in okstra received ${v}`);
      }
    }
    fs.rmSync(file, { force: true });
  };

  const count = (kind: string) => {
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    placed++;
  };

  // A confirmed wizard of a plain task, to edit its state-file fields.
  const baseCtx = engineContext(project, env);
  const base = walk(baseCtx, project, '\u0000never', {});
  const baseState = engine.outcome(baseCtx, base.state).ok ? base.state : null;
  if (!baseState) report.failures.push('the base wizard (demo defaults) did not reach a runnable outcome');
  // The string fields a hostile value is put in: these, and every path field of the state (PATH_FIELDS, made from
  // the steps' declarations: a step's new path field is tried without a line here).
  const stringFields: Array<keyof WizardState> = [
    'task_group',
    'task_id',
    'task_type',
    'project_id',
    'analysis_target',
    'handoff_stages',
    'base_ref',
    'fix_cycle',
    'directive',
    'related_tasks_raw',
    'host_runtime',
    ...PATH_FIELDS,
  ];
  const outsidePaths = [
    '/etc/passwd',
    '../outside.md',
    '../../x,y',
    'docs/r9-outside.md',
    'docs/r9-outside-dir/x.md',
    `${outside}/secret.md`,
    'docs/../../escape.md',
  ];

  const kinds = [
    'group',
    'id',
    'stage',
    'run',
    'inputs-directive',
    'inputs-related',
    'state-field',
    'state-path',
    'link-evidence',
    'link-direction',
    'link-brief',
    'typed-brief',
  ] as const;
  for (let n = 0; placed < opts.limit; n++) {
    const kind = kinds[n % kinds.length]!;
    const bad = dashValue(random, n);
    const folderSafe = bad.replace(/\//g, '_');
    const ctx = engineContext(project, env);
    let dir: string | null = null;
    let texts: Record<string, string> = {};
    let marker = folderSafe;
    try {
      switch (kind) {
        case 'group':
          dir = path.dirname(writeTask(project, { group: folderSafe, id: `ok-${n}`, taskType: 'error-analysis' }));
          break;
        case 'id':
          dir = writeTask(project, { group: 'r9', id: folderSafe, taskType: 'error-analysis' });
          break;
        case 'stage':
          marker = bad;
          dir = writeTask(project, {
            group: 'r9',
            id: `stage-${n}`,
            taskType: 'implementation',
            manifest: { workflow: { currentPhase: 'implementation-planning', nextRecommendedPhase: 'implementation' } },
            plan: [{ id: bad }, { id: `fine-${n}` }],
          });
          break;
        case 'run':
          marker = bad;
          dir = writeTask(project, {
            group: 'r9',
            id: `run-${n}`,
            taskType: 'implementation',
            manifest: {
              workflow: { currentPhase: 'final-verification', nextRecommendedPhase: 'implementation', completedStages: [`fine-${n}`] },
              runs: [{ runId: bad, taskType: 'final-verification', status: 'failed' }],
            },
            plan: [{ id: `fine-${n}` }],
          });
          break;
        case 'inputs-directive':
        case 'inputs-related':
          marker = bad;
          dir = writeTask(project, {
            group: 'r9',
            id: `inputs-${n}`,
            taskType: 'error-analysis',
            manifest: {
              workflow: { currentPhase: 'error-analysis' },
              runs: [{ runId: 'r1', taskType: 'error-analysis', status: 'completed', inputs: 'runs/r1/inputs.json' }],
            },
            inputs:
              kind === 'inputs-directive'
                ? { taskType: 'error-analysis', directive: bad }
                : { taskType: 'error-analysis', relatedTasks: `payments/refund-queue,${bad}` },
          });
          break;
        case 'link-evidence': {
          marker = `r9-ev-${n}`;
          const link = path.join(project, 'docs', `${marker}.md`);
          fs.symlinkSync(n % 2 ? path.join(outside, 'secret.md') : path.join(outside, 'dir'), link);
          const evidence = n % 2 ? `docs/${marker}.md` : `docs/${marker}.md/x.md`;
          dir = writeTask(project, {
            group: 'r9',
            id: `ev-${n}`,
            taskType: 'error-analysis',
            brief: `---\ntitle: R9\ntaskType: error-analysis\nevidence:\n  feature: ${evidence}\n---\n# R9\n`,
          });
          break; // the link is removed after the case
        }
        case 'link-direction':
          marker = `r9-dir-${n}`;
          dir = writeTask(project, {
            group: 'r9',
            id: `dir-${n}`,
            taskType: 'implementation-planning',
            directions: [{ name: `${marker}.md`, link: path.join(outside, 'secret.md') }],
          });
          break;
        case 'link-brief':
          marker = `r9-brief-${n}`;
          dir = writeTask(project, {
            group: 'r9',
            id: `brief-${n}-${marker}`,
            taskType: 'error-analysis',
            brief: { link: path.join(outside, 'secret.md') },
          });
          break;
        case 'typed-brief':
          marker = `\u0000none`;
          dir = writeTask(project, { group: 'r9', id: `typed-${n}`, taskType: 'error-analysis' });
          texts = { 'brief-path': pick(random, ['docs/r9-outside.md', 'docs/r9-outside-dir/x.md', '/etc/passwd', `${outside}/secret.md`]) };
          break;
        case 'state-field':
        case 'state-path': {
          if (!baseState) break;
          const field = kind === 'state-field' ? pick(random, stringFields) : pick(random, PATH_FIELDS);
          const value = kind === 'state-field' ? bad : pick(random, outsidePaths);
          count(kind);
          await render(`state field ${field} = ${JSON.stringify(value)}`, { ...baseState, [field]: value } as WizardState);
          continue;
        }
      }
      count(kind);
      const w = walk(ctx, project, marker, texts);
      hostileTried += w.tried;
      hostileAccepted += w.accepted;
      await render(`${kind} ${JSON.stringify(marker)}`, w.state);
    } catch (e) {
      report.failures.push(`${kind} ${JSON.stringify(bad)}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    } finally {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      if (kind === 'link-evidence') fs.rmSync(path.join(project, 'docs', `r9-ev-${n}.md`), { force: true });
    }
  }

  report.tried.push(`${placed} hostile names and values: ${[...counts].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  report.tried.push(
    `each wizard driven to them (every option showing the value tried, else defaults), then render-args and outcome through the CLI`,
  );
  report.found.push(`${hostileTried} hostile options tried, ${hostileAccepted} accepted (an accepted one must still render clean)`);
  report.found.push(
    `${argvs} argvs rendered and checked, ${refusedAtRender} refused at the guard (not-runnable), ${standIns} runs of the stand-in okstra checked`,
  );
  report.found.push(
    `values starting with '-' after a flag or paths outside the project in any argv: ${report.failures.filter((f) => /starts with '-'|resolves outside/.test(f)).length}`,
  );
  report.required = { what: 'hostile values', need: opts.need, got: placed };
  report.seconds = (Date.now() - started) / 1000;
  return report;
}
