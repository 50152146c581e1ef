// R5 shell injection (docs/safety.md): hostile strings in every free-text and
// path field (directive, analysis target, task name, brief, clarification and
// PR-template paths — for paths a file with that name is created first). Each
// wizard is walked through the engine to its renderArgv; then
//   (a) task mode: a stand-in okstra is spawned without a shell, as VS Code's
//       ProcessExecution does, and the argv it received must equal renderArgv;
//   (b) shell mode: the line quoteCommandLine builds is typed into the real
//       bash, dash, zsh and fish (interactive, so history expansion is on),
//       and the receiver's argv must equal renderArgv byte for byte.
// A canary file would appear if any fragment ever ran. NUL, a leading `-` in
// the directive or analysis target, and values a shell cannot carry must be
// refused with their messages before anything runs.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EngineContext } from '../../src/core/ports';
import type { PromptDoc, WizardState } from '../../src/core/types';
import * as engine from '../../src/core/wizard/engine';
import { cannotQuoteMessage, quoteCommandLine, renderBundleArgv, type ShellKind } from '../../src/core/run';
import { hostileStrings } from './hostile';
import { REPO_ROOT, defaultAnswer, demoCopy, demoEnv, engineContext, newReport, shown, tempDir, type TargetReport } from './lib';

export interface R5Options {
  seed: number;
  /** At most this many hostile strings (all of them when larger). */
  limit: number;
  /** The hostile strings the target requires (test/reliability/main.ts: fewer in a quick run). */
  need: number;
}

const TEXT_REFUSALS: Record<string, RegExp> = {
  nul: /^(directive|analysis-target|brief-path|clarification|pr-template|task-new) must not contain NUL$/,
  dash: /^(directive|analysis-target) must not start with '-' \(okstra would read it as an option\)$/,
};

interface Walk {
  value: string;
  kind: 'inputs' | 'new-task';
  argv: string[] | null;
  /** field → how the engine took the hostile value: 'used' or the refusal message. */
  fields: Record<string, string>;
  problem?: string;
}

/** Files named after a hostile value, for the path fields (names with `/` or NUL, or too long, cannot exist). */
function hostileFile(project: string, value: string): string | null {
  if (value === '' || value === '.' || value === '..' || value.includes('/') || value.includes('\u0000')) return null;
  if (Buffer.byteLength(value, 'utf8') > 250) return null;
  if (/[\uD800-\uDFFF]/.test(value)) return null;
  const rel = `hostile/${value}`;
  try {
    fs.writeFileSync(path.join(project, rel), `# ${value.slice(0, 40)}\n`);
  } catch {
    return null;
  }
  return rel;
}

function walk(ctx: EngineContext, project: string, value: string, kind: Walk['kind'], n: number): Walk {
  const w: Walk = { value, kind, argv: null, fields: {} };
  const file = hostileFile(project, value);
  let state: WizardState = engine.initState({ projectRootAbs: project, config: null });
  const plan: Record<string, string> =
    kind === 'inputs'
      ? {
          'task-pick': 'checkout/idempotency-keys',
          'task-type': 'requirements-discovery',
          brief: file ? 'path' : 'task',
          'directive-pick': 'write',
          'clarification-pick': file ? 'path' : 'skip',
          confirm: 'run',
        }
      : {
          'task-pick': 'new',
          'task-type': 'release-handoff',
          'pr-template-pick': file ? 'path' : 'none',
          'directive-pick': 'write',
          confirm: 'run',
        };
  const hostileFor: Record<string, string | null> = {
    'analysis-target': value,
    directive: value,
    'brief-path': file,
    clarification: file,
    'pr-template': file,
    'task-new': `hostile/${value}`,
  };
  const fallback: Record<string, string> = {
    'analysis-target': 'services/payments',
    directive: 'a safe directive',
    'brief-path': 'README.md',
    clarification: 'README.md',
    'pr-template': 'README.md',
    'task-new': `hostile/task-${n}`,
  };
  // The next prompt comes with each accepted answer (as the extension shows it); current() only to start.
  let next: PromptDoc | null = null;
  for (let i = 0; i < 60; i++) {
    if (!next) {
      const cur = engine.current(ctx, state);
      if (!cur.prompt) {
        w.problem = `no prompt: ${cur.error}`;
        return w;
      }
      next = cur.prompt;
    }
    const p: PromptDoc = next;
    if (p.kind === 'done') break;
    let answer = plan[p.step] ?? defaultAnswer(p);
    const hostile = hostileFor[p.step];
    if (p.kind === 'text' && hostile !== undefined && hostile !== null) answer = hostile;
    else if (p.kind === 'text' && hostile === null) answer = fallback[p.step] ?? defaultAnswer(p);
    if (p.kind === 'pick' && !p.options.some((o) => o.value === answer && !o.disabled)) answer = defaultAnswer(p);
    let r = engine.submit(ctx, state, answer);
    if (p.kind === 'text' && hostile !== undefined && hostile !== null) {
      w.fields[p.step] = r.ok ? 'used' : r.error;
      if (!r.ok) r = engine.submit(ctx, state, fallback[p.step]);
    }
    if (!r.ok) {
      w.problem = `answer ${shown(answer)} to ${p.step} refused: ${r.error}`;
      return w;
    }
    state = r.state;
    next = r.next;
  }
  if (kind === 'new-task' && state.task_group === 'hostile' && state.task_id) {
    // The created task's manifest holds the name as typed: it must still be a JSON object with that title.
    const dir = path.join(project, '.okstra', 'tasks', 'hostile', state.task_id);
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'task-manifest.json'), 'utf8')) as { title?: unknown };
      if (typeof manifest.title !== 'string') w.problem = "the created task's manifest has no title";
    } catch (e) {
      w.problem = `the created task's manifest does not parse: ${(e as Error).message}`;
    }
  }
  const out = engine.outcome(ctx, state);
  if (state.task_group === 'hostile' && state.task_id)
    fs.rmSync(path.join(project, '.okstra', 'tasks', 'hostile', state.task_id), { recursive: true, force: true });
  if (!out.ok) {
    w.problem = `no outcome: ${out.error}`;
    return w;
  }
  w.argv = out.renderArgv;
  return w;
}

/** (a) The stand-in spawned without a shell; resolves with its argv. */
function runStandIn(program: string, args: string[], cwd: string): Promise<string[] | string> {
  return new Promise((resolve) => {
    const c = spawn(program, args, { cwd, shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let err = '';
    c.stdout!.on('data', (d: Buffer) => chunks.push(d));
    c.stderr!.on('data', (d) => (err += d));
    c.on('error', (e) => resolve(`spawn failed: ${e.message}`));
    c.on('close', (code) => {
      if (code !== 0) return resolve(`exit ${code}: ${err.slice(0, 200)}`);
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as string[]);
      } catch (e) {
        resolve(`unparsable output: ${(e as Error).message}`);
      }
    });
  });
}

async function pool<T>(items: T[], width: number, f: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await f(items[next++]);
    }),
  );
}

interface ShellSpec {
  program: string;
  args: string[];
  file: boolean;
}

// Interactive where the shell has a mode for it, so history expansion and the line editor's rules apply as in a terminal.
const SHELLS: Record<'bash' | 'dash' | 'zsh' | 'fish', ShellSpec> = {
  bash: { program: '/bin/bash', args: ['--norc', '--noprofile', '-i'], file: false },
  dash: { program: '/bin/dash', args: ['-i'], file: false },
  zsh: { program: '/usr/bin/zsh', args: ['-f', '-i'], file: false },
  // fish refuses a script on a Node pipe: a file, run interactively-equivalent (no config).
  fish: { program: '/usr/bin/fish', args: ['--no-config'], file: true },
};

const RECEIVER = ['/usr/bin/printf', '%s\\0'];
const LINE_END = '__okstra_r5_line_end__';

/** Runs many quoted lines through one shell; returns each line's received words (as bytes). */
function throughShell(shell: keyof typeof SHELLS, lines: string[], cwd: string): { calls: Buffer[][]; stderr: string } {
  const spec = SHELLS[shell];
  const endLine = quoteCommandLine([...RECEIVER, LINE_END], shell);
  if (!endLine.ok) throw new Error(endLine.error);
  const script = lines
    .flatMap((l) => [l, endLine.line])
    .concat(['exit 0', ''])
    .join('\n');
  let args = spec.args;
  let input: string | undefined = script;
  if (spec.file) {
    const f = path.join(tempDir(`r5-${shell}`), 'script.fish');
    fs.writeFileSync(f, script);
    args = [...args, f];
    input = undefined;
  }
  const r = spawnSync(spec.program, args, {
    input,
    cwd,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', HOME: os.tmpdir(), HISTFILE: '/dev/null', PS1: '', PS2: '' },
    maxBuffer: 512 * 1024 * 1024,
    timeout: 120_000,
  });
  if (r.error) throw r.error;
  const parts: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < r.stdout.length; i++) {
    if (r.stdout[i] === 0) {
      parts.push(r.stdout.subarray(start, i));
      start = i + 1;
    }
  }
  const calls: Buffer[][] = [];
  let cur: Buffer[] = [];
  for (const p of parts) {
    if (p.toString('utf8') === LINE_END) {
      calls.push(cur);
      cur = [];
    } else cur.push(p);
  }
  return { calls, stderr: r.stderr.toString('utf8') };
}

/** Would this shell be unable to carry `value`? (NUL, a lone surrogate; dash: any control character.) */
function unrepresentable(value: string, shell: ShellKind): boolean {
  if (value.includes('\u0000') || /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value)) return true;
  return (shell === 'dash' || shell === 'sh') && /[\u0000-\u001f\u007f]/.test(value);
}

export async function runR5(opts: R5Options): Promise<TargetReport> {
  const report = newReport(
    'R5',
    'shell injection',
    'argv received = renderArgv byte for byte in task mode and through bash, dash, zsh and fish; NUL, a leading `-` and unquotable values refused with their message; the canary never appears',
    opts.seed,
  );
  const started = Date.now();
  const canaryDir = tempDir('r5-canary');
  const canary = path.join(canaryDir, 'CANARY');
  const all = hostileStrings(canary);
  const strings = all.slice(0, opts.limit);
  const project = demoCopy('r5');
  fs.mkdirSync(path.join(project, 'hostile'));
  const env = demoEnv(project);
  const ctx = engineContext(project, env);

  // The walks.
  const walks: Walk[] = [];
  strings.forEach((s, i) => {
    walks.push(walk(ctx, project, s, 'inputs', i));
    walks.push(walk(ctx, project, s, 'new-task', i));
  });
  const fieldCounts = new Map<string, { used: number; refused: number }>();
  let filesCreated = 0;
  for (const w of walks) {
    if (w.problem) report.failures.push(`${w.kind} walk with ${shown(w.value)}: ${w.problem}`);
    for (const [field, how] of Object.entries(w.fields)) {
      const c = fieldCounts.get(field) ?? { used: 0, refused: 0 };
      if (how === 'used') c.used++;
      else {
        c.refused++;
        // Every refusal is a message; NUL and a leading dash are refused exactly as docs/steps.md › Refusals says.
        if (w.value.includes('\u0000') && !TEXT_REFUSALS.nul.test(how) && field !== 'task-new')
          report.failures.push(`${field} with NUL refused with an unexpected message: ${shown(how)}`);
        if (!how) report.failures.push(`${field} with ${shown(w.value)} refused without a message`);
      }
      fieldCounts.set(field, c);
      if (field === 'brief-path' || field === 'clarification' || field === 'pr-template') filesCreated += how === 'used' ? 1 : 0;
    }
    // What must be refused was refused.
    for (const field of ['directive', 'analysis-target'] as const) {
      const how = w.fields[field];
      if (how === undefined) continue;
      if (w.value.includes('\u0000') && how === 'used') report.failures.push(`${field} accepted a value with NUL`);
      if (w.value.startsWith('-') && how === 'used') report.failures.push(`${field} accepted a leading '-': ${shown(w.value)}`);
      if (w.value.startsWith('-') && !w.value.includes('\u0000') && how !== 'used' && !TEXT_REFUSALS.dash.test(how))
        report.failures.push(`${field} with a leading '-' refused with an unexpected message: ${shown(how)}`);
    }
  }
  const tWalks = (Date.now() - started) / 1000;
  const taskNewRefusals = [...new Set(walks.map((w) => w.fields['task-new']).filter((h) => h && h !== 'used'))].slice(0, 3);
  const argvs = walks.filter((w) => w.argv !== null) as Array<Walk & { argv: string[] }>;
  report.tried.push(
    `${strings.length} hostile strings × 2 wizards (task checkout/idempotency-keys: analysis target, brief path, directive, clarification path; a new task named after the string: task name, PR-template path, directive) → ${argvs.length} renderArgvs`,
  );
  report.tried.push(
    `fields: ${[...fieldCounts].map(([f, c]) => `${f} ${c.used} used / ${c.refused} refused`).join('; ')}; ${filesCreated} hostile file names used as paths`,
  );

  report.found.push(`task names refused with messages like: ${taskNewRefusals.map((m) => shown(m, 90)).join('; ')}`);
  // (a) Task mode.
  const tTask0 = Date.now();
  const standIn = path.join(REPO_ROOT, 'test', 'reliability', 'children', 'standInOkstra.js');
  let taskOk = 0;
  await pool(argvs, 6, async (w) => {
    const full = renderBundleArgv([standIn], w.argv);
    const got = await runStandIn(full[0], full.slice(1), project);
    const want = full.slice(1);
    if (typeof got === 'string') report.failures.push(`task mode with ${shown(w.value)}: ${got}`);
    else if (got.length !== want.length || got.some((g, i) => !Buffer.from(g, 'utf8').equals(Buffer.from(want[i], 'utf8')))) {
      const i = got.findIndex((g, k) => g !== want[k]);
      report.failures.push(
        `task mode with ${shown(w.value)}: argv differs at ${i}: got ${shown(got[i] ?? '(none)')}, want ${shown(want[i] ?? '(none)')}`,
      );
    } else taskOk++;
  });
  report.found.push(`task mode: ${taskOk}/${argvs.length} stand-in argvs equal renderArgv byte for byte`);
  const tTask = (Date.now() - tTask0) / 1000;
  const tShell0 = Date.now();

  // (b) Shell mode.
  const shellLines: string[] = [];
  for (const shell of Object.keys(SHELLS) as Array<keyof typeof SHELLS>) {
    if (!fs.existsSync(SHELLS[shell].program)) {
      report.skipped.push(`${shell}: not installed (${SHELLS[shell].program}); .ci/run installs it`);
      report.failures.push(`${shell} is not installed: R5 shell mode was not measured for it`);
      continue;
    }
    let ok = 0;
    let refused = 0;
    const lines: string[] = [];
    const expected: Array<{ w: Walk; want: string[] }> = [];
    for (const w of argvs) {
      const full = [...RECEIVER, 'render-bundle', ...w.argv];
      const q = quoteCommandLine(full, shell, { commandLength: RECEIVER.length });
      // dash reads a typed line through the terminal's canonical mode, which holds 4095 bytes: longer lines
      // cannot be carried (the POSIX quoting of bash is dash's for values without control characters).
      const posix = shell === 'dash' ? quoteCommandLine(full, 'bash', { commandLength: RECEIVER.length }) : null;
      const tooLong = posix !== null && posix.ok && Buffer.byteLength(posix.line) + 1 > 4096;
      const carryable = !full.some((a) => unrepresentable(a, shell)) && !tooLong;
      if (!q.ok) {
        refused++;
        if (carryable) report.failures.push(`${shell}: refused a value it can carry (${shown(w.value)}): ${q.error}`);
        else if (
          tooLong
            ? !/^the command line is \d+ bytes, longer than dash can read from a terminal \(4095\); use okstra\.runIn "task"$/.test(q.error)
            : q.error !== cannotQuoteMessage(q.error.slice('cannot quote '.length, q.error.indexOf(' for ')), shell)
        )
          report.failures.push(`${shell}: unexpected refusal text: ${q.error}`);
        continue;
      }
      if (!carryable) report.failures.push(`${shell}: quoted a value it cannot carry (${shown(w.value)})`);
      lines.push(q.line);
      expected.push({ w, want: full.slice(2) });
    }
    const batch = 150;
    for (let i = 0; i < lines.length; i += batch) {
      const slice = lines.slice(i, i + batch);
      const { calls, stderr } = throughShell(shell, slice, project);
      for (let j = 0; j < slice.length; j++) {
        const e = expected[i + j];
        const got = calls[j];
        if (!got) {
          report.failures.push(`${shell}: no output for the line of ${shown(e.w.value)} (stderr: ${shown(stderr.slice(-200), 200)})`);
          break;
        }
        const same = got.length === e.want.length && got.every((g, k) => g.equals(Buffer.from(e.want[k], 'utf8')));
        if (same) ok++;
        else {
          const k = got.findIndex((g, x) => !g.equals(Buffer.from(e.want[x] ?? '', 'utf8')));
          report.failures.push(
            `${shell}: argv differs for ${shown(e.w.value)} at word ${k}: got ${shown(got[k]?.toString('utf8') ?? '(none)')}, want ${shown(e.want[k] ?? '(none)')}`,
          );
        }
      }
      if (calls.length !== slice.length)
        report.failures.push(
          `${shell}: ${slice.length} lines gave ${calls.length} receiver calls (batch at ${i}): a line ran more or fewer commands`,
        );
      if (fs.existsSync(canary)) {
        report.failures.push(`${shell}: THE CANARY EXISTS after the batch at ${i}: a hostile fragment was executed`);
        fs.rmSync(canary, { force: true });
      }
    }
    shellLines.push(
      `${shell}: ${ok}/${lines.length} lines gave renderArgv byte for byte; ${refused} argvs refused (cannot quote, or longer than a dash terminal line)`,
    );
  }
  for (const l of shellLines) report.found.push(`shell mode, ${l}`);
  report.skipped.push(
    "pwsh: not in Debian 12's package archive (Microsoft's apt repository is not reachable here); its quoting is unit-tested only",
  );
  report.found.push(`canary file ${fs.existsSync(canary) ? 'EXISTS' : 'never created'}`);
  if (fs.existsSync(canary)) report.failures.push('the canary exists at the end');
  report.required = { what: 'hostile strings', need: opts.need, got: strings.length };
  report.found.push(
    `time: walks ${tWalks.toFixed(1)} s, task mode ${tTask.toFixed(1)} s, shells ${((Date.now() - tShell0) / 1000).toFixed(1)} s`,
  );
  report.seconds = (Date.now() - started) / 1000;
  return report;
}
