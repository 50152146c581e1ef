// Whole-process measurements: the CLI as a user's script runs it (P3 CLI,
// P5, P6) and the extension bundle's activate() (P4). The bench builds its
// own release bundles (minified, no source maps: what the .vsix ships) into
// a temp package, so it measures the shipped code and never touches dist/,
// which other work in this tree rebuilds at any time.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { writeBuiltinData } from '../scripts/builtinData';
import { BUILTIN_DATA_FILE } from '../src/host/prebuilt';
import { REPO } from './generate';
import { nowMs, summarize, type Sample } from './stats';

export interface Package {
  root: string;
  cli: string;
  extension: string;
  extensionBytes: number;
  cliBytes: number;
}

/** Release bundles in `<dir>/pkg/dist`, with the package.json and profiles/ the CLI finds next to them. */
export async function buildPackage(dir: string): Promise<Package> {
  const root = path.join(dir, 'pkg');
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.copyFileSync(path.join(REPO, 'package.json'), path.join(root, 'package.json'));
  fs.symlinkSync(path.join(REPO, 'profiles'), path.join(root, 'profiles'), 'dir');
  const common: esbuild.BuildOptions = { logLevel: 'error' };
  const cli = path.join(root, 'dist', 'cli.js');
  const extension = path.join(root, 'dist', 'extension.js');
  // The bundles and dist/builtins.json exactly as scripts/build.mjs --release makes them (scripts/bundles.mjs).
  const { productBundles } = (await import(path.join(REPO, 'scripts', 'bundles.mjs'))) as typeof import('../scripts/bundles.mjs');
  await Promise.all(
    productBundles({ root: REPO, outdir: path.join(root, 'dist'), common, release: true }).map(({ name: _name, ...o }) => esbuild.build(o)),
  );
  writeBuiltinData(REPO, path.join(root, 'dist', BUILTIN_DATA_FILE));
  const cliBytes = fs.statSync(cli).size + fs.statSync(path.join(root, 'dist', 'cli-main.js')).size;
  return { root, cli, extension, extensionBytes: fs.statSync(extension).size, cliBytes };
}

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** The child's CPU time (user + system), when bash or GNU time is there to tell (1 ms; 10 ms with GNU time). */
  cpuMs?: number;
}

const TIME = '/usr/bin/time';
const HAVE_TIME = fs.existsSync(TIME);
const BASH = '/bin/bash';
const HAVE_BASH = fs.existsSync(BASH);
const CPU_MARK = 'BENCH_CPU';

/**
 * Runs a command; with `cpu`, also its CPU time. bash's `time` keyword reports the child's rusage to the
 * millisecond (GNU time's %U/%S only to 10 ms, which is half of a bare `node -e 0`), and its elapsed time
 * starts at the child's fork, so bash's own start is in neither figure. GNU time is the fallback.
 */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, opts: { cpu?: boolean } = {}): RunResult {
  const viaBash = opts.cpu && HAVE_BASH;
  const viaTime = opts.cpu && !HAVE_BASH && HAVE_TIME;
  const options = { env, cwd, encoding: 'utf8' as const, maxBuffer: 64 * 1024 * 1024 };
  const t = nowMs();
  const r = viaBash
    ? spawnSync(BASH, ['--norc', '--noprofile', '-c', `TIMEFORMAT='${CPU_MARK} %3R %3U %3S'; time "$@"`, 'bash', cmd, ...args], options)
    : viaTime
      ? spawnSync(TIME, ['-f', `${CPU_MARK} %e %U %S`, cmd, ...args], options)
      : spawnSync(cmd, args, options);
  let ms = nowMs() - t;
  if (r.error) throw r.error;
  let stderr = r.stderr;
  let cpuMs: number | undefined;
  if (viaBash || viaTime) {
    const m = new RegExp(`${CPU_MARK} ([\\d.]+) ([\\d.]+) ([\\d.]+)\\s*$`).exec(stderr);
    if (m) {
      if (viaBash) ms = Number(m[1]) * 1000;
      cpuMs = (Number(m[2]) + Number(m[3])) * 1000;
      stderr = stderr.slice(0, m.index);
    }
  }
  return { status: r.status, stdout: r.stdout, stderr, ms, cpuMs };
}

/** `node <cli> …`, parsed; throws unless it printed a JSON document. */
export function cliJson(
  cli: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): { doc: any; ms: number; cpuMs?: number; status: number | null } {
  const r = run(process.execPath, [cli, ...args], env, cwd, { cpu: true });
  let doc: any;
  try {
    doc = JSON.parse(r.stdout);
  } catch {
    throw new Error(
      `okstra-wizard ${args.join(' ')} printed no JSON (exit ${r.status}): ${r.stdout.slice(0, 300)}${r.stderr.slice(0, 600)}`,
    );
  }
  return { doc, ms: r.ms, cpuMs: r.cpuMs, status: r.status };
}

/** One `node <cli> step --state <file>`, checked: it printed the prompt document (of `expectStep`, when given). */
function cliStepOnce(cli: string, stateFile: string, env: NodeJS.ProcessEnv, cwd: string, expectStep?: string): RunResult {
  const r = cliJson(cli, ['step', '--state', stateFile], env, cwd);
  if (r.status !== 0 || r.doc.ok !== true) throw new Error(`step --state ${stateFile}: ${JSON.stringify(r.doc).slice(0, 300)}`);
  if (expectStep && r.doc.current?.step !== expectStep) throw new Error(`step: expected ${expectStep}, got ${r.doc.current?.step}`);
  return { status: r.status, stdout: '', stderr: '', ms: r.ms, cpuMs: r.cpuMs };
}

/** The wall and CPU times of some runs. */
function sampleOf(rs: readonly RunResult[]): Sample {
  return summarize(
    rs.map((r) => r.ms),
    rs.flatMap((r) => (r.cpuMs === undefined ? [] : [r.cpuMs])),
  );
}

/** `runs` timings of `next()`, after `warm` runs that are not counted. */
function timed(next: () => RunResult, runs: number, warm: number): Sample {
  for (let i = 0; i < warm; i++) next();
  return sampleOf(Array.from({ length: runs }, next));
}

/** Median wall time of `node <cli> step --state <file>` (process start to exit, JSON printed). */
export function timeCliStep(
  cli: string,
  stateFile: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  runs: number,
  expectStep?: string,
): Sample {
  return timed(() => cliStepOnce(cli, stateFile, env, cwd, expectStep), runs, 3);
}

/** One run of a plain command (a reference for process start on a loaded machine), in an environment of PATH alone. */
function bareOnce(cmd: string, args: string[]): RunResult {
  return run(cmd, args, { PATH: process.env.PATH ?? '' }, process.cwd(), { cpu: true });
}

/**
 * P5 and its `node -e 0` reference for P8, their runs alternating (a CLI step, a bare Node start, …), so that the
 * ratio compares the two under the same load: measured one after the other, a machine that got busier or quieter
 * in between moved the ratio by 10 % and more (docs/performance.md › How to measure).
 */
export function timeCliStepAndBareNode(
  cli: string,
  stateFile: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  runs: number,
): { step: Sample; bare: Sample } {
  const step: RunResult[] = [];
  const bare: RunResult[] = [];
  for (let i = -3; i < runs; i++) {
    // Three turns warm up and are not counted.
    const s = cliStepOnce(cli, stateFile, env, cwd);
    const b = bareOnce(process.execPath, ['-e', '0']);
    if (i >= 0) {
      step.push(s);
      bare.push(b);
    }
  }
  return { step: sampleOf(step), bare: sampleOf(bare) };
}

export interface PeakRss {
  /** Bytes, the largest of the runs. */
  max: number;
  median: number;
  runs: number;
  tool: string;
}

/** Peak RSS of `node <cli> step --state <file>`: GNU time -v when present, else process.resourceUsage().maxRSS from a preload. */
export function peakRss(
  dir: string,
  cli: string,
  stateFile: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  runs: number,
  expectStep?: string,
): PeakRss {
  const haveTime = fs.existsSync(TIME);
  const preload = path.join(dir, 'maxrss-preload.cjs');
  if (!haveTime) {
    fs.writeFileSync(
      preload,
      "process.on('exit', () => require('node:fs').writeSync(2, `\\nBENCH_MAXRSS_KB=${process.resourceUsage().maxRSS}\\n`));\n",
    );
  }
  const peaks: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = haveTime
      ? run(TIME, ['-v', process.execPath, cli, 'step', '--state', stateFile], env, cwd)
      : run(process.execPath, ['-r', preload, cli, 'step', '--state', stateFile], env, cwd);
    const doc = JSON.parse(r.stdout);
    if (doc.ok !== true) throw new Error(`P6: step failed: ${r.stdout.slice(0, 300)}`);
    if (expectStep && doc.current?.step !== expectStep) throw new Error(`P6: expected ${expectStep}, got ${doc.current?.step}`);
    const m = haveTime ? /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr) : /BENCH_MAXRSS_KB=(\d+)/.exec(r.stderr);
    if (!m) throw new Error(`P6: no peak RSS in: ${r.stderr.slice(-400)}`);
    peaks.push(Number(m[1]) * 1024);
  }
  const s = summarize(peaks);
  return { max: s.max, median: s.median, runs, tool: haveTime ? '/usr/bin/time -v' : 'process.resourceUsage().maxRSS' };
}

export interface Activation {
  /** activate() as the bench times it around the call. */
  activate: Sample;
  /** require() of the bundle + activate(). */
  load: Sample;
  runs: number;
}

/** activate() of the release bundle in fresh Node processes with the fake vscode module. */
export function timeActivation(extension: string, folder: string, runs: number, viewVisible = false): Activation {
  const host = path.join(REPO, 'bench', 'activateHost.cjs');
  const act: number[] = [];
  const load: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const r = run(
      process.execPath,
      [host, extension, folder, ...(viewVisible ? ['visible'] : [])],
      { PATH: process.env.PATH ?? '' },
      folder,
    );
    if (r.status !== 0) throw new Error(`P4: activate() failed in the fake host: ${r.stderr.slice(0, 800)}`);
    const j = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { requireMs: number; activateMs: number };
    if (i < 2) continue; // warm-up: the OS file cache
    act.push(j.activateMs);
    load.push(j.requireMs + j.activateMs);
  }
  return { activate: summarize(act), load: summarize(load), runs };
}

/** The integration suite's own figure, when its log is given (OKSTRA_INTEGRATION_LOG=<file>). */
export function integrationActivation(): { ms: number; file: string } | null {
  const file = process.env.OKSTRA_INTEGRATION_LOG;
  if (!file || !fs.existsSync(file)) return null;
  const m = [...fs.readFileSync(file, 'utf8').matchAll(/activate\(\) took ([\d.]+) ms/g)].at(-1);
  return m ? { ms: Number(m[1]), file } : null;
}
