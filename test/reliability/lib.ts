// Shared pieces of the reliability script (docs/safety.md, R1–R5): temporary
// projects, hashes, a seeded random source, the engine context the CLI builds,
// a default-answer walk, and the per-target report.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EngineContext } from '../../src/core/ports';
import type { PromptDoc } from '../../src/core/types';
import { textsFor } from '../../src/core/text';
import { buildEnvironment } from '../../src/host/environment';
import { openWorkspace } from '../../src/workspace/workspace';
import { tempDirs } from '../helpers/tempDirs';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const DEMO = path.join(REPO_ROOT, 'demo');
export const PROFILES = path.join(REPO_ROOT, 'profiles');
export const OUT = path.join(REPO_ROOT, 'out', 'reliability');

export const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');
export const sha256File = (file: string): string => sha256(fs.readFileSync(file));

const temps = tempDirs();
export function tempDir(prefix: string): string {
  return temps.make(`okstra-rel-${prefix}-`);
}
export const cleanupTemps = temps.cleanup;

/** A copy of demo/ (tasks, a legacy v1 state, provider stand-ins on PATH). */
export function demoCopy(prefix: string): string {
  return temps.copyOf(DEMO, 'acme-payments', `okstra-rel-${prefix}-`);
}

/** What the demo's users see: its provider stand-ins on PATH, VS Code's terminal backend, English. */
export function demoEnv(project: string): NodeJS.ProcessEnv {
  const bin = path.join(project, '.demo-bin');
  return {
    PATH: `${bin}${path.delimiter}${path.dirname(process.execPath)}`,
    HOME: os.tmpdir(),
    OKSTRA_TERMINAL_BACKEND: 'vscode-terminal',
  };
}

/** The engine context the CLI builds for one operation (src/cli/openWizard.ts contextFor). */
export function engineContext(projectRootAbs: string, env: NodeJS.ProcessEnv): EngineContext {
  return {
    workspace: openWorkspace(projectRootAbs, { builtinProfilesDir: PROFILES }),
    environment: buildEnvironment({ env, cwd: projectRootAbs }),
    texts: textsFor(undefined),
  };
}

/** mulberry32: a small seeded generator, so every run can be replayed from its printed seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
export const randInt = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

/** What the progress simulation takes: the default option, the text default, else the first enabled option. */
export function defaultAnswer(prompt: PromptDoc): string {
  if (prompt.kind === 'text') return prompt.default ?? '';
  const enabled = prompt.options.filter((o) => !o.disabled);
  const def = enabled.find((o) => o.default) ?? enabled[0];
  return def ? def.value : '';
}

/** Every regular file below `dir` with its sha256 (to prove a refused input was not written). */
export function snapshotTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.set(p, sha256File(p));
    }
  };
  walk(dir);
  return out;
}

export function diffTrees(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [p, h] of before) {
    const now = after.get(p);
    if (now === undefined) changes.push(`deleted ${p}`);
    else if (now !== h) changes.push(`changed ${p}`);
  }
  for (const p of after.keys()) if (!before.has(p)) changes.push(`created ${p}`);
  return changes;
}

/** One R-target's result, as printed. */
export interface TargetReport {
  id: string;
  title: string;
  target: string;
  /** What was tried, one line each (counts). */
  tried: string[];
  /** What was found, one line each (counts, distributions). */
  found: string[];
  /** Each failure with what is needed to replay it. */
  failures: string[];
  /** A target that could not be measured here (e.g. a shell not installed) is reported, not passed silently. */
  skipped: string[];
  seed: number;
  seconds: number;
  /** The count the target requires and the count reached (R1 ≥ 1,000, R4 ≥ 10,000, R5 ≥ 500). */
  required?: { what: string; need: number; got: number };
}

export function newReport(id: string, title: string, target: string, seed: number): TargetReport {
  return { id, title, target, tried: [], found: [], failures: [], skipped: [], seed, seconds: 0 };
}

export function passed(r: TargetReport): boolean {
  return r.failures.length === 0 && (r.required === undefined || r.required.got >= r.required.need);
}

/** Short text of a value for failure lines. */
export function shown(v: string, max = 80): string {
  const j = JSON.stringify(v);
  return j.length <= max ? j : `${j.slice(0, max)}…(${v.length} chars)`;
}

/** Text answers that a person would give (a text step that needs a value never gets ""). */
export function textAnswer(prompt: PromptDoc, n: number): string {
  switch (prompt.step) {
    case 'task-new':
      return `reliability/task-${n}`;
    case 'brief-path':
    case 'clarification':
    case 'pr-template':
      return 'README.md';
    case 'directive':
      return prompt.default || `directive ${n}`;
    default:
      return prompt.default ?? '';
  }
}

/** A random but sensible answer: any enabled option (not `new`, not confirm's `abort`, which ends a walk), or a text answer. */
export function randomAnswer(prompt: PromptDoc, r: () => number, n: number): string {
  if (prompt.kind === 'text') return textAnswer(prompt, n);
  const enabled = prompt.options.filter((o) => !o.disabled && o.value !== 'new' && !(prompt.step === 'confirm' && o.value === 'abort'));
  if (enabled.length === 0) return defaultAnswer(prompt);
  if (prompt.kind === 'multi_pick')
    return enabled
      .filter((_, i) => i === 0 || r() < 0.4)
      .map((o) => o.value)
      .join(',');
  return pick(r, enabled).value;
}
