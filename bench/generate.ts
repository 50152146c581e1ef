// The bench's generated inputs, written at bench time into a temp folder and
// never committed: the P2 stress project (docs/performance.md P2, exactly), projects
// with N tasks (P3), and a copy of demo/ (P1, P5). Everything is plain files
// in okstra's formats (docs/okstra-files.md), read back through src/workspace.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseDocument } from 'yaml';

export const REPO = path.resolve(__dirname, '..');

export function tempRoot(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-bench-'));
}

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

// ------------------------------------------------------------------ P2 stress

export interface StressShape {
  /** Providers p00…p<n-1>. */
  providers: number;
  modelsPerProvider: number;
  /** The last `absent` providers have no CLI anywhere. */
  absent: number;
  /** Static roles r1…r<n>, min 1, max 5, count 5. */
  roles: number;
}

/** docs/performance.md P2: 20 providers × 25 models, p15…p19 absent, 8 roles. */
export const P2_SHAPE: StressShape = { providers: 20, modelsPerProvider: 25, absent: 5, roles: 8 };

export const STRESS_TASK = 'stress/pool';
export const STRESS_TASK_TYPE = 'error-analysis';

const pid = (i: number) => `p${String(i).padStart(2, '0')}`;

export interface StressProject {
  root: string;
  /** A folder with an executable for every present provider CLI (put it on PATH). */
  binDir: string;
  shape: StressShape;
  /** Role ids r1…rN; `distinct: provider` on the odd ones. */
  roles: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * The stress project: config.yaml replaces the built-in registry with the
 * generated providers and models (every model serves every role: `roles`
 * left at its default "*", no `defaultFor`, no `modelDefaults`), a profile
 * override with the static roles, and one task whose brief names the type.
 */
export function writeStressProject(dir: string, shape: StressShape): StressProject {
  const root = path.join(dir, 'project');
  const binDir = path.join(dir, 'bin');
  fs.mkdirSync(binDir, { recursive: true });
  const cfg: string[] = ['projectId: stress', 'registry:', '  replaceBuiltins: true', 'providers:'];
  for (let p = 0; p < shape.providers; p++) cfg.push(`  ${pid(p)}: { display: Provider ${p}, cli: ${pid(p)} }`);
  cfg.push('models:');
  for (let p = 0; p < shape.providers; p++) {
    for (let m = 0; m < shape.modelsPerProvider; m++) {
      const name = `m${String(m).padStart(2, '0')}`;
      cfg.push(`  - { ref: ${pid(p)}/${name}, display: ${pid(p).toUpperCase()} model ${m} }`);
    }
  }
  write(path.join(root, '.okstra', 'config.yaml'), cfg.join('\n') + '\n');
  for (let p = 0; p < shape.providers - shape.absent; p++) {
    const exe = path.join(binDir, pid(p));
    fs.writeFileSync(exe, '#!/bin/sh\nexit 0\n');
    fs.chmodSync(exe, 0o755);
  }
  const roles: string[] = [];
  const prof = ['---', `taskType: ${STRESS_TASK_TYPE}`, 'roles:'];
  for (let r = 1; r <= shape.roles; r++) {
    const role = `r${r}`;
    roles.push(role);
    prof.push(`  - role: ${role}`, `    duty: stress ${r}`, '    min: 1', '    max: 5', '    recommended: 5');
    if (r % 2 === 1) prof.push('    distinct: provider');
  }
  prof.push('---', '', 'The P2 stress profile (bench/generate.ts).', '');
  write(path.join(root, '.okstra', 'prompts', 'profiles', `${STRESS_TASK_TYPE}.md`), prof.join('\n'));
  const [group, id] = STRESS_TASK.split('/') as [string, string];
  const taskDir = path.join(root, '.okstra', 'tasks', group, id);
  write(
    path.join(taskDir, 'task-manifest.json'),
    JSON.stringify(
      { taskKey: STRESS_TASK, taskGroup: group, taskId: id, title: 'Stress pool', updatedAt: '2026-11-28T12:00:00Z' },
      null,
      2,
    ) + '\n',
  );
  write(
    path.join(taskDir, 'brief.md'),
    `---\ntitle: Stress pool\ntaskType: ${STRESS_TASK_TYPE}\nanalysisTarget: src\n---\n# Stress pool\n`,
  );
  // PATH holds the present CLIs and node only: nothing from this machine can make p15…p19 appear.
  const env: NodeJS.ProcessEnv = {
    PATH: `${binDir}${path.delimiter}${path.dirname(process.execPath)}`,
    HOME: dir,
    OKSTRA_TERMINAL_BACKEND: 'tmux',
    LANG: 'C.UTF-8',
  };
  return { root, binDir, shape, roles, env };
}

// ------------------------------------------------------------------ P3 tasks

const PHASES = [
  'requirements-discovery',
  'error-analysis',
  'implementation-planning',
  'implementation',
  'final-verification',
  'release-handoff',
];

/**
 * A project with `count` tasks in groups of 100, manifests shaped like real
 * ones (workflow pointer, runs, some contracts), a brief per task; a few
 * unreadable manifests, as a real project may have.
 */
export function writeTaskProject(root: string, count: number): void {
  write(path.join(root, '.okstra', 'config.yaml'), 'projectId: big\n');
  for (let i = 0; i < count; i++) {
    const group = `group-${String(Math.floor(i / 100)).padStart(3, '0')}`;
    const id = `task-${String(i).padStart(5, '0')}`;
    const dir = path.join(root, '.okstra', 'tasks', group, id);
    fs.mkdirSync(dir, { recursive: true });
    if (i % 997 === 13) {
      fs.writeFileSync(path.join(dir, 'task-manifest.json'), '{ "taskGroup": "' + group + '", "taskId": ');
      continue;
    }
    const phase = PHASES[i % PHASES.length]!;
    const next = PHASES[(i + 1) % PHASES.length]!;
    const day = String(1 + (i % 28)).padStart(2, '0');
    const manifest: Record<string, unknown> = {
      taskKey: `${group}/${id}`,
      taskGroup: group,
      taskId: id,
      title: `Task ${i}: ${phase} of component ${i % 37}`,
      updatedAt: `2026-${String(1 + (i % 11)).padStart(2, '0')}-${day}T${String(i % 24).padStart(2, '0')}:00:00Z`,
      workflow: {
        currentPhase: phase,
        nextRecommendedPhase: i % 3 === 0 ? next : { phase: next, status: i % 5 === 0 ? 'pending' : 'ready' },
        completedStages: i % 4 === 0 ? ['stage-a'] : [],
      },
      runs: [{ runId: `2026-11-${day}-1`, taskType: phase, status: 'completed', inputs: `runs/2026-11-${day}-1/inputs.json` }],
    };
    if (i % 7 === 0) manifest.contract = { outcome: 'revision-requested' };
    fs.writeFileSync(path.join(dir, 'task-manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    fs.writeFileSync(path.join(dir, 'brief.md'), `---\ntitle: Task ${i}\ntaskType: ${phase}\n---\n# Task ${i}\n`);
  }
}

// ------------------------------------------------------------------ teams

/** The built-in roles and a model of each built-in provider, for teams over the built-in registry. */
export const BUILTIN_TEAM_ROLES = ['analyser', 'planner', 'verifier', 'implementer', 'designer'];
const BUILTIN_REFS = ['claude/opus-4.5', 'codex/gpt-5.1-codex', 'antigravity/gemini-3-pro', 'grok/grok-4', 'kimi/kimi-k2'];

/**
 * `count` teams named team-01…: each a leader, one main role with one to three agents of different providers, a
 * critic (none or one) and a report writer, over `roles` and `refs`; every fifth names a model the pool lacks and
 * every seventh puts one provider twice into its main role, so that a prompt judges usable and unusable teams alike.
 */
export function generatedTeams(
  count: number,
  roles: string[],
  refs: string[],
): Record<string, { description: string; roles: Record<string, string[]> }> {
  const out: Record<string, { description: string; roles: Record<string, string[]> }> = {};
  for (let i = 0; i < count; i++) {
    const main = roles[i % roles.length]!;
    const agents = Array.from({ length: 1 + (i % 3) }, (_, k) => refs[(i + k) % refs.length]!);
    if (i % 7 === 6 && agents.length > 1) agents[1] = agents[0]!.replace(/\/.*/, '/second-model');
    if (i % 5 === 4) agents[0] = 'acme/not-in-the-pool';
    out[`team-${String(i + 1).padStart(2, '0')}`] = {
      description: `Generated team ${i + 1}`,
      roles: {
        leader: [refs[i % refs.length]!],
        [main]: agents,
        critic: i % 2 ? [refs[(i + 3) % refs.length]!] : [],
        'report-writer': [refs[(i + 1) % refs.length]!],
      },
    };
  }
  return out;
}

/**
 * Gives a project's config.yaml `total` teams: those it has, then generated ones (generatedTeams over `roles` and
 * `refs`, the built-in ones by default), edited through yaml's Document model so that the rest of the file stays.
 */
export function withTeams(root: string, total: number, roles = BUILTIN_TEAM_ROLES, refs = BUILTIN_REFS): void {
  const file = path.join(root, '.okstra', 'config.yaml');
  const doc = parseDocument(fs.readFileSync(file, 'utf8'));
  const teams = (doc.toJS() as { teams?: Record<string, unknown> } | null)?.teams ?? {};
  const have = Object.keys(teams).length;
  doc.set('teams', { ...teams, ...generatedTeams(Math.max(0, total - have), roles, refs) });
  fs.writeFileSync(file, doc.toString());
}

// ------------------------------------------------------------------ demo

/** A fresh copy of demo/ (the wizard writes state files next to the tasks). */
export function copyDemo(dir: string): string {
  const dest = path.join(dir, 'acme-payments');
  fs.cpSync(path.join(REPO, 'demo'), dest, { recursive: true });
  return dest;
}

/** What the demo sees in VS Code: its stand-in CLIs on PATH, VS Code's terminal backend. */
export function demoEnv(project: string): NodeJS.ProcessEnv {
  return {
    PATH: `${path.join(project, '.demo-bin')}${path.delimiter}${path.dirname(process.execPath)}`,
    HOME: path.dirname(project),
    OKSTRA_TERMINAL_BACKEND: 'vscode-terminal',
    LANG: 'C.UTF-8',
  };
}
