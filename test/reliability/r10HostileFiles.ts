// R10 hostile files (docs/safety.md › R10): FIFOs, devices, sockets,
// directories, symbolic links to devices and link loops in the place of every
// file the wizard reads or writes; YAML and JSON nested 100,000 levels deep
// and 200,000 keys wide; unreadable files (a real EACCES: the child runs as
// an unprivileged user, since root reads a mode-000 file). Each case is one
// child process running the real CLI through a whole wizard (children/walker.ts),
// bounded at 5 s. Counted: hangs (killed at 5 s), aborts (a signal, no JSON,
// an `internal error`), errors that do not name the file, and writes through a
// link or to a non-regular file (the hostile node changed kind or target, a
// file outside the project changed, anything appeared in /dev).
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundle } from './bundle';
import { demoCopy, demoEnv, newReport, sha256File, tempDir, type TargetReport } from './lib';

interface Place {
  name: string;
  /** Project-relative path of the hostile file. */
  rel: string;
  /** The task the walk starts with; '-' to open an existing state file instead of init. */
  task: string;
  /** The state file the walk uses (project-relative). */
  state: string;
  /** YAML front matter (a .md file), YAML, or JSON: what deep and wide content looks like here. */
  format: 'yaml' | 'md' | 'json' | 'none';
  /** The file is named by the environment (OKSTRA_MODEL_DEFAULTS), outside the project. */
  env?: string;
}

const STATE = '.okstra/tasks/payments/partial-refunds.wizard.json';
const TASK = 'payments/partial-refunds';
const T = '.okstra/tasks/payments/partial-refunds';

const PLACES: Place[] = [
  { name: 'state file (init --force writes it)', rel: STATE, task: TASK, state: STATE, format: 'json' },
  { name: 'state file (read)', rel: STATE, task: '-', state: STATE, format: 'json' },
  { name: 'lock of the state file', rel: `${STATE}.lock`, task: TASK, state: STATE, format: 'none' },
  {
    name: 'legacy v1 companion (the save target)',
    rel: '',
    task: '-',
    state: '.okstra/tasks/payments/refund-timeout.wizard.json',
    format: 'json',
  },
  { name: '.okstra/config.yaml', rel: '.okstra/config.yaml', task: TASK, state: STATE, format: 'yaml' },
  { name: 'task-manifest.json', rel: `${T}/task-manifest.json`, task: TASK, state: STATE, format: 'json' },
  { name: 'brief.md', rel: `${T}/brief.md`, task: TASK, state: STATE, format: 'md' },
  { name: 'plan/approved-plan.md', rel: `${T}/plan/approved-plan.md`, task: TASK, state: STATE, format: 'md' },
  { name: 'runs/<id>/inputs.json', rel: `${T}/runs/2026-11-13-1/inputs.json`, task: TASK, state: STATE, format: 'json' },
  { name: 'profile override', rel: '.okstra/prompts/profiles/release-handoff.md', task: TASK, state: STATE, format: 'md' },
  {
    name: 'clarification questions',
    rel: '.okstra/tasks/checkout/idempotency-keys/clarifications/2026-11-27-1.questions.yaml',
    task: 'checkout/idempotency-keys',
    state: '.okstra/tasks/checkout/idempotency-keys.wizard.json',
    format: 'yaml',
  },
  {
    name: 'directions/*.md',
    rel: '.okstra/tasks/payments/currency-rounding/directions/decimal-money-type.md',
    task: 'payments/currency-rounding',
    state: '.okstra/tasks/payments/currency-rounding.wizard.json',
    format: 'none',
  },
  { name: 'OKSTRA_MODEL_DEFAULTS', rel: '', task: TASK, state: STATE, format: 'yaml', env: 'OKSTRA_MODEL_DEFAULTS' },
];

type Kind = 'fifo' | 'socket' | 'directory' | 'char device' | 'link to /dev/null' | 'link to /dev/zero' | 'link loop' | 'link outside';
const KINDS: Kind[] = ['fifo', 'socket', 'directory', 'char device', 'link to /dev/null', 'link to /dev/zero', 'link loop', 'link outside'];
// Also the node kinds of a run's exit file (test/reliability/r10RunExit.ts).
export { KINDS, type Kind };

/** The companion a save of the demo's legacy file goes to (named after the sha256 of its bytes). */
function legacyCompanion(project: string, state: string): string {
  const abs = path.join(project, state);
  return `${abs}.v2.${sha256File(abs)}.json`;
}

function placeAbs(project: string, p: Place): string {
  // Outside the project, in this case's own folder (removed with it).
  if (p.env) return path.join(path.dirname(project), 'model-defaults.yaml');
  if (p.rel === '') return legacyCompanion(project, p.state);
  return path.join(project, p.rel);
}

/** What is at `abs`, as a fingerprint that a write through it or over it would change. */
export function fingerprint(abs: string): string {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(abs);
  } catch {
    return 'missing';
  }
  if (st.isSymbolicLink()) return `link:${fs.readlinkSync(abs)}`;
  if (st.isFIFO()) return 'fifo';
  if (st.isSocket()) return 'socket';
  if (st.isCharacterDevice()) return `char:${st.rdev}`;
  if (st.isDirectory()) return `dir:${fs.readdirSync(abs).join(',')}`;
  try {
    return `file:${sha256File(abs)}`;
  } catch {
    // A mode-000 file this (non-root) process cannot read either: its stat stands for its content.
    return `file:unreadable:${st.size}:${st.mtimeMs}:${st.mode}`;
  }
}

export function makeHostile(abs: string, kind: Kind, outsideFile: string): void {
  fs.rmSync(abs, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  switch (kind) {
    case 'fifo':
      execFileSync('mkfifo', [abs]);
      break;
    case 'socket':
      // Bound by its name from inside its folder: socket paths are limited to about 100 bytes.
      execFileSync('python3', [
        '-c',
        'import os,socket,sys; os.chdir(os.path.dirname(sys.argv[1])); s=socket.socket(socket.AF_UNIX); s.bind(os.path.basename(sys.argv[1]))',
        abs,
      ]);
      break;
    case 'directory':
      fs.mkdirSync(abs);
      fs.writeFileSync(path.join(abs, 'inside'), 'x');
      break;
    case 'char device':
      execFileSync('python3', ['-c', 'import os,sys; os.mknod(sys.argv[1], 0o20666, os.makedev(1, 3))', abs]);
      break;
    case 'link to /dev/null':
      fs.symlinkSync('/dev/null', abs);
      break;
    case 'link to /dev/zero':
      fs.symlinkSync('/dev/zero', abs);
      break;
    case 'link loop':
      fs.symlinkSync(`${abs}.loop`, abs);
      fs.symlinkSync(abs, `${abs}.loop`);
      break;
    case 'link outside':
      fs.symlinkSync(outsideFile, abs);
      break;
  }
}

function deepWide(p: Place): Array<{ label: string; text: () => string }> {
  const N = 100_000;
  const W = 200_000;
  const yamlVariants = [
    { label: `YAML flow sequences ${N.toLocaleString('en')} deep`, text: () => 'x: ' + '['.repeat(N) + ']'.repeat(N) + '\n' },
    { label: `YAML flow mappings ${N.toLocaleString('en')} deep`, text: () => 'x: ' + '{a: '.repeat(N) + '1' + '}'.repeat(N) + '\n' },
    { label: `YAML block sequences ${N.toLocaleString('en')} deep`, text: () => '- '.repeat(N) + 'x\n' },
    { label: `YAML ${W.toLocaleString('en')} keys`, text: () => Array.from({ length: W }, (_, i) => `k${i}: ${i}`).join('\n') + '\n' },
  ];
  if (p.format === 'yaml') return yamlVariants;
  if (p.format === 'md')
    return yamlVariants.map((v) => ({ label: `front matter: ${v.label}`, text: () => `---\n${v.text()}---\n# body\n` }));
  if (p.format === 'json') {
    return [
      { label: `JSON arrays ${N.toLocaleString('en')} deep`, text: () => '{"a":' + '['.repeat(N) + ']'.repeat(N) + '}' },
      { label: `JSON objects ${N.toLocaleString('en')} deep`, text: () => '{"a":'.repeat(N) + '1' + '}'.repeat(N) },
      {
        label: `JSON ${W.toLocaleString('en')} keys`,
        text: () => '{' + Array.from({ length: W }, (_, i) => `"k${i}":${i}`).join(',') + '}',
      },
    ];
  }
  return [];
}

interface CaseResult {
  hang: boolean;
  abort: string | null;
  unnamed: string[];
  redirected: string[];
  errors: number;
}

const BENIGN = [/^wizard is complete/, /^wizard is not complete/];

/**
 * `checkNode`: the hostile node must be the same afterwards (a regular file given as deep or wide text may be
 * replaced by `init --force`, which is its job). A lock that is not a regular file may be removed (an unlink of
 * a node the wizard never makes, not a write to it).
 */
function runCase(
  walker: string,
  project: string,
  p: Place,
  abs: string,
  env: NodeJS.ProcessEnv,
  asUser: boolean,
  outsideFile: string,
  outsideSha: string,
  checkNode: boolean,
): CaseResult {
  const before = fingerprint(abs);
  const devBefore = fs.readdirSync('/dev').sort().join('\n');
  const childEnv = { ...env, ...(p.env ? { [p.env]: abs } : {}) };
  const r = spawnSync(process.execPath, [walker, project, path.join(project, p.state), p.task], {
    env: childEnv,
    cwd: project,
    encoding: 'utf8',
    timeout: 5_000,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
    ...(asUser ? { uid: 65534, gid: 65534 } : {}),
  });
  const out: CaseResult = { hang: false, abort: null, unnamed: [], redirected: [], errors: 0 };
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') out.hang = true;
  else if (r.signal) out.abort = `killed by ${r.signal}`;
  else {
    let doc: { results?: Array<{ argv: string[]; code: number; error?: string; internal?: boolean }>; crashed?: string } | null = null;
    try {
      doc = JSON.parse(r.stdout.trim().split('\n').pop() ?? '');
    } catch {
      out.abort = `no JSON (exit ${r.status}): ${(r.stdout + r.stderr).slice(0, 200)}`;
    }
    if (doc?.crashed) out.abort = `crashed: ${doc.crashed.slice(0, 200)}`;
    for (const res of doc?.results ?? []) {
      if (res.internal) out.abort = `internal error: ${String(res.error).slice(0, 200)}`;
      if (!res.error || BENIGN.some((b) => b.test(res.error!))) continue;
      out.errors++;
      const names = [path.basename(abs), path.relative(project, abs), abs];
      if (!names.some((n) => n && res.error!.includes(n))) out.unnamed.push(`${res.argv[0]}: ${res.error.slice(0, 160)}`);
    }
  }
  const after = fingerprint(abs);
  const removedLock = p.rel.endsWith('.lock') && after === 'missing';
  if (checkNode && after !== before && !removedLock)
    out.redirected.push(`the hostile node changed: ${before.slice(0, 60)} → ${after.slice(0, 60)}`);
  if (sha256File(outsideFile) !== outsideSha) out.redirected.push('a file outside the project was written');
  if (!fs.statSync('/dev/null').isCharacterDevice()) out.redirected.push('/dev/null is no longer a device');
  if (fs.readdirSync('/dev').sort().join('\n') !== devBefore) out.redirected.push('something was created or removed in /dev');
  return out;
}

export async function runR10(opts: { seed: number; quick: boolean; need: number }): Promise<TargetReport> {
  const report = newReport(
    'R10',
    'hostile files',
    '0 hangs (5 s each), 0 aborts, every error names the file, 0 writes through a link or to a non-regular file',
    opts.seed,
  );
  const t0 = Date.now();
  if (process.platform === 'win32') {
    report.skipped.push('FIFOs, sockets and device nodes are POSIX only');
    report.seconds = (Date.now() - t0) / 1000;
    return report;
  }
  const walker = bundle('test/reliability/children/walker.ts', 'r10-walker');
  const tally = { cases: 0, hangs: 0, aborts: 0, unnamed: 0, redirected: 0, errors: 0 };
  const outsideDir = tempDir('r10-outside');
  const outsideFile = path.join(outsideDir, 'outside-sentinel');
  fs.writeFileSync(outsideFile, 'x: outside the project\n');
  const outsideSha = sha256File(outsideFile);

  const one = (label: string, p: Place, prepare: (project: string, abs: string) => void, asUser = false, checkNode = true): void => {
    const project = demoCopy('r10');
    const env = { ...demoEnv(project), HOME: outsideDir };
    if (p.task === '-' && p.state === STATE) {
      // A state file to open: made by a first, normal walk.
      spawnSync(process.execPath, [walker, project, path.join(project, STATE), TASK, '3'], { env, cwd: project, timeout: 10_000 });
    }
    const abs = placeAbs(project, p);
    if (p.env) fs.writeFileSync(abs, 'analyser: [claude/opus-4.5]\n');
    prepare(project, abs);
    if (asUser) {
      // The unprivileged child owns the project (it may write its state files) but not the read permission of
      // the one file made mode 000: that read is a real EACCES. Its case folder is opened to it too.
      execFileSync('chown', ['-R', '65534:65534', path.dirname(project)]);
      fs.chmodSync(path.dirname(project), 0o755);
      fs.chmodSync(outsideDir, 0o755);
    }
    const r = runCase(walker, project, p, abs, env, asUser, outsideFile, outsideSha, checkNode);
    tally.cases++;
    tally.errors += r.errors;
    const where = `${label} at ${p.name}`;
    if (r.hang) {
      tally.hangs++;
      report.failures.push(`${where}: still running after 5 s (killed)`);
    }
    if (r.abort) {
      tally.aborts++;
      report.failures.push(`${where}: ${r.abort}`);
    }
    for (const u of r.unnamed) {
      tally.unnamed++;
      report.failures.push(`${where}: an error that does not name the file: ${u}`);
    }
    for (const w of r.redirected) {
      tally.redirected++;
      report.failures.push(`${where}: ${w}`);
    }
    // demoCopy made <tmp>/okstra-rel-r10-XXXX/acme-payments: that one folder goes (never anything above it).
    const caseDir = path.dirname(project);
    if (path.basename(caseDir).startsWith('okstra-rel-r10-')) fs.rmSync(caseDir, { recursive: true, force: true });
  };

  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  // Only root can make a device node (mknod); elsewhere the links to /dev/null and /dev/zero stand in for one.
  const possible = root ? KINDS : KINDS.filter((k) => k !== 'char device');
  if (!root)
    report.skipped.push('char device: only root can make a device node (CI runs as root); the links to /dev/null and /dev/zero are tried');
  const kinds = opts.quick ? possible.slice(0, 2) : possible;
  for (const p of PLACES) for (const kind of kinds) one(kind, p, (_project, abs) => makeHostile(abs, kind, outsideFile));
  let deepCount = 0;
  for (const p of PLACES) {
    for (const v of deepWide(p)) {
      if (p.rel === `${STATE}.lock`) continue;
      deepCount++;
      one(
        v.label,
        p,
        (_project, abs) => {
          fs.mkdirSync(path.dirname(abs), { recursive: true });
          fs.rmSync(abs, { recursive: true, force: true });
          fs.writeFileSync(abs, v.text());
        },
        false,
        false,
      );
      if (opts.quick) break;
    }
  }
  // A file of mode 000 is unreadable to its owner unless the owner is root, who reads it anyway: run as root
  // (CI), the case's child drops to uid 65534; run as anyone else, the child is that user, and the read is the
  // same real EACCES.
  let unreadable = 0;
  for (const p of PLACES) {
    if (p.rel === `${STATE}.lock`) continue;
    unreadable++;
    one(
      'unreadable (mode 000, unprivileged child)',
      p,
      (_project, abs) => {
        if (!fs.existsSync(abs)) {
          fs.mkdirSync(path.dirname(abs), { recursive: true });
          fs.writeFileSync(abs, p.format === 'json' ? '{}' : '');
        }
        fs.chmodSync(abs, 0o000);
      },
      root,
      false,
    );
  }
  report.tried.push(
    `${PLACES.length} places the wizard reads or writes × ${kinds.length} kinds (${kinds.join(', ')}) = ${PLACES.length * kinds.length} cases`,
  );
  report.tried.push(
    `${deepCount} deep or wide files (YAML and JSON 100,000 levels deep, 200,000 keys wide) in the places that hold YAML or JSON`,
  );
  report.tried.push(
    `${unreadable} unreadable files (mode 000, read by a child running as ${root ? 'uid 65534' : `this user (uid ${process.getuid?.()})`}: a real EACCES)`,
  );
  report.tried.push(`each case: one child process running the real CLI through init, every step and outcome, killed after 5 s`);
  report.found.push(
    `${tally.cases} cases: ${tally.hangs} hangs, ${tally.aborts} aborts, ${tally.unnamed} errors not naming the file (of ${tally.errors} errors), ${tally.redirected} writes through a link or to a non-regular file`,
  );
  report.required = { what: 'cases', need: opts.need, got: tally.cases };
  report.seconds = (Date.now() - t0) / 1000;
  return report;
}
