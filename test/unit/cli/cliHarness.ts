// Black-box harness: the CLI is bundled once (as the release build does, into
// out/test-cli/<pid>/cli.js, below the package root, so that it finds
// package.json and profiles/ by the same walk as dist/cli.js) and spawned with
// plain node for every command.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundleForNode } from '../../nodeBundle';
import { REPO_ROOT, tempDirs } from '../../helpers/tempDirs';

export { REPO_ROOT };
// One bundle per test process, so that two concurrent test runs never read each other's half-written file.
const BUNDLE_DIR = path.join(REPO_ROOT, 'out', 'test-cli', String(process.pid));
const BUNDLE = path.join(BUNDLE_DIR, 'cli.js');
let built = false;

/** Bundles src/cli/main.ts (once per mocha process), as the release build does. */
export function buildCli(): string {
  if (built) return BUNDLE;
  bundleForNode('src/cli/main.ts', BUNDLE);
  built = true;
  process.on('exit', () => fs.rmSync(BUNDLE_DIR, { recursive: true, force: true }));
  return BUNDLE;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (undefined when it is not JSON, e.g. --help). */
  json: any;
}

/** The environment every run starts from: no terminal, no provider CLIs on PATH, English. */
export function baseEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: path.dirname(process.execPath), HOME: os.tmpdir() };
  return { ...env, ...extra };
}

export function cli(args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): CliRun {
  const r = spawnSync(process.execPath, [buildCli(), ...args], {
    env: opts.env ?? baseEnv(),
    cwd: opts.cwd ?? os.tmpdir(),
    encoding: 'utf8',
  });
  if (r.error) throw r.error;
  let json: any;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = undefined;
  }
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, json };
}

export function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Bytes of a file, or null when it does not exist. */
export function bytesOf(file: string): Buffer | null {
  try {
    return fs.readFileSync(file);
  } catch {
    return null;
  }
}

/** Every file under a folder (relative path → sha256), to prove that nothing was written. */
export function snapshotTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(path.relative(dir, p), sha256(p));
    }
  };
  walk(dir);
  return out;
}

const dirs = tempDirs('okstra-cli-');

export const tempDir = dirs.make;

/** A copy of test/fixtures/<name> in a fresh temp folder; returns the copy's root. */
export const copyFixture = dirs.copyFixture;

export const cleanupTemp = dirs.cleanup;

// ------------------------------------------------------------ driving a wizard

export interface Turn {
  step: string;
  answer: string;
  echo: string;
}

/** The answer the progress simulation would give: the default option, the text default, else the first enabled option. */
export function defaultAnswer(prompt: any): string {
  if (prompt.kind === 'text') return prompt.default ?? '';
  const enabled = (prompt.options as any[]).filter((o) => !o.disabled);
  const def = enabled.find((o) => o.default);
  if (def) return def.value;
  if (enabled.length === 0) throw new Error(`prompt ${prompt.step} has no enabled option`);
  return enabled[0].value;
}

// ------------------------------------------------------------- the machine

/** A folder of stand-in provider CLIs (every built-in provider), for PATH. */
export function providerBin(): string {
  const dir = tempDir('okstra-bin-');
  for (const p of ['claude', 'codex', 'antigravity', 'grok', 'kimi']) {
    const f = path.join(dir, p);
    fs.writeFileSync(f, '#!/bin/sh\nexit 0\n');
    fs.chmodSync(f, 0o755);
  }
  return dir;
}

/** Every provider CLI on PATH and a terminal backend: every built-in model can start. */
export function fullEnv(bin: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return baseEnv({ PATH: `${bin}${path.delimiter}${path.dirname(process.execPath)}`, OKSTRA_TERMINAL_BACKEND: 'tmux', ...extra });
}

/** The machine of the suites that walk whole wizards: the CLI bundled, every provider CLI on PATH (a temp folder,
 *  removed by cleanupTemp) and a terminal backend. Call it in the suite's before hook. */
export function fullMachine(): { env: NodeJS.ProcessEnv; bin: string } {
  buildCli();
  const bin = providerBin();
  return { env: fullEnv(bin), bin };
}

/** The state file of a task inside a project copy, as the extension would place it. */
export function statePathIn(projectRoot: string, group: string, name: string): string {
  return path.join(projectRoot, '.okstra', 'tasks', group, `${name}.wizard.json`);
}

/** In-process run of the same CLI (argv in, stdout out) for long replays; the process boundary is tested elsewhere. */
export async function cliInProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  hooks?: import('../../../src/cli/openWizard').CliHooks,
): Promise<CliRun> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runCli } = require('../../../src/cli/main') as typeof import('../../../src/cli/main');
  const out = await runCli({ argv: args, env, cwd: os.tmpdir(), hooks });
  let json: any;
  try {
    json = JSON.parse(out.stdout);
  } catch {
    json = undefined;
  }
  return { code: out.exitCode, stdout: out.stdout, stderr: out.stderr, json };
}

/** drive(), in-process: for long walks whose process boundary is tested elsewhere. */
export async function driveInProcess(
  stateFile: string,
  first: any,
  answers: Record<string, string>,
  env: NodeJS.ProcessEnv,
  onPrompt?: (prompt: any) => Promise<void> | void,
): Promise<{ turns: Turn[]; last: any }> {
  const turns: Turn[] = [];
  let prompt = first;
  for (let i = 0; i < 80; i++) {
    if (prompt === null) throw new Error(`no prompt after ${JSON.stringify(turns.at(-1))}`);
    if (prompt.kind === 'done') return { turns, last: prompt };
    if (onPrompt) await onPrompt(prompt);
    const answer = answers[prompt.step] ?? defaultAnswer(prompt);
    const r = await cliInProcess(['step', '--state', stateFile, '--answer', answer], env);
    if (r.code !== 0 || r.json?.ok !== true) {
      throw new Error(`answer ${JSON.stringify(answer)} to ${prompt.step} failed (exit ${r.code}): ${r.stdout}${r.stderr}`);
    }
    turns.push({ step: prompt.step, answer, echo: r.json.echo });
    prompt = r.json.next;
  }
  throw new Error(`no end after ${turns.length} answers: ${turns.map((t) => t.step).join(', ')}`);
}
