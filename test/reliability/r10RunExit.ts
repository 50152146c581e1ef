// R10 over a run's exit file (docs/safety.md › R10; docs/run.md › How Run starts okstra): in the place of the exit
// file `<state file>.run-<run id>.exit` next to the demo's refund-timeout state file, the node kinds of
// r10HostileFiles.ts (a FIFO, a socket, a directory, a character device, links to /dev/null and /dev/zero, a link
// loop, a link to an outside file that holds a good record of the run), JSON nested 100,000 levels deep and 200,000
// keys wide, a good record padded to 1 MB, bad JSON, the record of another run, exit codes out of range, and an
// unreadable file. Each case is one child process (children/runExitReader.ts) doing what a window does with the file
// (read it, take the run's end from it, remove it), bounded at 5 s. Then the run wrapper (dist/run-wrapper.js, built
// from scripts/bundles.mjs) is asked to record a run that exits 3 where a hostile node already is. Counted: hangs
// (killed at 5 s), aborts (a signal, no JSON, a thrown error; a wrapper that does not exit 3), problems that do not
// name the file, a known exit code taken from a hostile file, and writes through a link or onto a non-regular file
// or removals of one (the node changed kind or target, anything else in its folder changed, the outside file
// changed, /dev changed). A regular file may be removed: the window that started the run removes its exit file.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runExitFileOf } from '../../src/core/run/runExitName';
import type { RunExitRead } from '../../src/host/runExit';
import type { RunEnd } from '../../src/host/runLife';
import { bundle, extensionBundle } from './bundle';
import { demoCopy, newReport, rng, sha256File, tempDir, type TargetReport } from './lib';
import { fingerprint, KINDS, makeHostile, type Kind } from './r10HostileFiles';

/** The demo's task whose state file the exit file sits next to. */
const STATE = '.okstra/tasks/payments/refund-timeout.wizard.json';

/** A record of run `runId` that ended with `exitCode`, as the wrapper writes it (src/host/runExit.ts). */
function recordText(runId: string, exitCode: number): string {
  return `${JSON.stringify({ runId, exitCode, signal: null, endedAt: '2026-12-06T05:00:00.000Z' })}\n`;
}

/** Regular files whose content is not a record of this run (or is one, but too big to be one). */
const CONTENTS: Array<{ label: string; text: (runId: string) => string }> = [
  { label: 'JSON arrays 100,000 deep', text: () => '['.repeat(100_000) + ']'.repeat(100_000) },
  { label: 'JSON objects 100,000 deep', text: () => '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000) },
  { label: 'JSON 200,000 keys', text: () => '{' + Array.from({ length: 200_000 }, (_, i) => `"k${i}":${i}`).join(',') + '}' },
  // Under the 4 KB an exit file may have: it reaches the JSON parser and the schema.
  { label: 'JSON arrays 2,000 deep (4 KB)', text: () => '['.repeat(2_000) + ']'.repeat(2_000) },
  { label: 'a good record padded to 1 MB', text: (id) => recordText(id, 0) + ' '.repeat(1_000_000) },
  { label: 'bad JSON', text: (id) => recordText(id, 0).slice(0, 30) },
  { label: 'the record of another run', text: (id) => recordText(id === 'ffffffff' ? 'eeeeeeee' : 'ffffffff', 0) },
  { label: 'exit code 256', text: (id) => recordText(id, 256) },
  { label: 'exit code -1', text: (id) => recordText(id, -1) },
];

/** A run id as newRunId makes them, of any length the name allows (8–32 hex digits). */
function runIdFrom(random: () => number): string {
  const length = 8 + Math.floor(random() * 25);
  return Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
}

/** Each entry of `dir` (not below it) with its fingerprint. */
function folderSnapshot(dir: string): Map<string, string> {
  return new Map(
    fs
      .readdirSync(dir)
      .sort()
      .map((name) => [name, fingerprint(path.join(dir, name))]),
  );
}

interface Tally {
  cases: number;
  hangs: number;
  aborts: number;
  unnamed: number;
  claimed: number;
  redirected: number;
  problems: number;
}

interface ReaderOut {
  read?: RunExitRead;
  found?: { end: RunEnd; problem?: string } | null;
  thrown?: string;
}

export async function runR10RunExit(opts: { seed: number; quick: boolean; need: number }): Promise<TargetReport> {
  const report = newReport(
    'R10',
    'hostile run exit files',
    '0 hangs (5 s each), 0 aborts, every problem names the file, 0 exit codes taken from a hostile file, 0 writes through a link or onto a non-regular file, 0 removals of one; the wrapper ends with the exit code of okstra',
    opts.seed,
  );
  const t0 = Date.now();
  if (process.platform === 'win32') {
    report.skipped.push('FIFOs, sockets and device nodes are POSIX only');
    report.seconds = (Date.now() - t0) / 1000;
    return report;
  }
  const reader = bundle('test/reliability/children/runExitReader.ts', 'r10-run-exit-reader');
  const wrapper = extensionBundle('run wrapper');
  const random = rng(opts.seed);
  const tally: Tally = { cases: 0, hangs: 0, aborts: 0, unnamed: 0, claimed: 0, redirected: 0, problems: 0 };
  const wrapperTally = { cases: 0, exited3: 0 };
  const outsideDir = tempDir('r10x-outside');
  const root = typeof process.getuid === 'function' && process.getuid() === 0;

  /**
   * One case: a demo copy, `prepare` puts the hostile file in the place of the exit file of a new run id, then
   * `run` (the reader or the wrapper) with the checks both share. `regular`: the hostile file is a regular file,
   * which may be removed.
   */
  const one = (
    label: string,
    prepare: (abs: string, runId: string, outsideFile: string) => void,
    run: (abs: string, state: string, runId: string, where: string) => void,
    o: { regular: boolean; asUser?: boolean },
  ): void => {
    const project = demoCopy('r10x');
    const runId = runIdFrom(random);
    const state = path.join(project, STATE);
    const abs = runExitFileOf(state, runId)!;
    // Outside the project: a good record of this very run, which a reader that followed a link would take.
    const outsideFile = path.join(outsideDir, `outside-${runId}.exit`);
    fs.writeFileSync(outsideFile, recordText(runId, 0));
    const outsideSha = sha256File(outsideFile);
    prepare(abs, runId, outsideFile);
    if (o.asUser) {
      // As in r10HostileFiles.ts: the unprivileged child owns the project, not the read permission of the one file.
      execFileSync('chown', ['-R', '65534:65534', path.dirname(project)]);
      fs.chmodSync(path.dirname(project), 0o755);
    }
    const folder = path.dirname(abs);
    const before = folderSnapshot(folder);
    const devBefore = fs.readdirSync('/dev').sort().join('\n');
    const where = `${label} (run ${runId})`;
    tally.cases++;
    run(abs, state, runId, where);
    const after = folderSnapshot(folder);
    const changed: string[] = [];
    for (const [name, was] of before) {
      const now = after.get(name) ?? 'missing';
      const removedRegular = o.regular && name === path.basename(abs) && now === 'missing';
      if (now !== was && !removedRegular) changed.push(`${name}: ${was.slice(0, 60)} → ${now.slice(0, 60)}`);
    }
    for (const name of after.keys()) if (!before.has(name)) changed.push(`${name} appeared`);
    if (sha256File(outsideFile) !== outsideSha) changed.push('the file outside the project was written');
    if (!fs.statSync('/dev/null').isCharacterDevice()) changed.push('/dev/null is no longer a device');
    if (fs.readdirSync('/dev').sort().join('\n') !== devBefore) changed.push('something was created or removed in /dev');
    for (const c of changed) {
      tally.redirected++;
      report.failures.push(`${where}: ${c}`);
    }
    // demoCopy made <tmp>/okstra-rel-r10x-XXXX/acme-payments: that one folder goes (never anything above it).
    const caseDir = path.dirname(project);
    if (path.basename(caseDir).startsWith('okstra-rel-r10x-')) fs.rmSync(caseDir, { recursive: true, force: true });
  };

  /** The reader's case: the run's end must be unknown, with a problem that names the file. */
  const read =
    (asUser: boolean) =>
    (abs: string, state: string, runId: string, where: string): void => {
      const r = spawnSync(process.execPath, [reader, state, runId], {
        encoding: 'utf8',
        timeout: 5_000,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
        ...(asUser ? { uid: 65534, gid: 65534 } : {}),
      });
      if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') {
        tally.hangs++;
        report.failures.push(`${where}: still running after 5 s (killed)`);
        return;
      }
      let out: ReaderOut | null = null;
      try {
        out = JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as ReaderOut;
      } catch {
        out = null;
      }
      const abort = r.signal
        ? `killed by ${r.signal}`
        : out === null
          ? `no JSON (exit ${r.status}): ${(r.stdout + r.stderr).slice(0, 200)}`
          : out.thrown
            ? `threw: ${out.thrown.slice(0, 200)}`
            : r.status !== 0
              ? `exit ${r.status}: ${r.stderr.slice(0, 200)}`
              : null;
      if (abort || !out?.read) {
        tally.aborts++;
        report.failures.push(`${where}: ${abort ?? 'no read'}`);
        return;
      }
      if (out.read.kind === 'ended' || out.found?.end.kind === 'exit') {
        tally.claimed++;
        report.failures.push(`${where}: taken as the run's end: ${JSON.stringify(out.found?.end ?? out.read).slice(0, 160)}`);
      }
      const name = path.basename(abs);
      const problems = [
        out.read.kind === 'bad' ? out.read.problem : `readRunExit: ${out.read.kind}, no problem reported`,
        out.found?.problem ?? `endFromExitFile: ${out.found ? 'an end' : 'null'}, no problem reported`,
      ];
      for (const p of problems) {
        tally.problems++;
        if (!p.includes(name)) {
          tally.unnamed++;
          report.failures.push(`${where}: a problem that does not name the file: ${p.slice(0, 160)}`);
        }
      }
    };

  /** The wrapper's case: a run that exits 3 recorded where a hostile node is; the wrapper exits 3 and says why not. */
  const wrap = (abs: string, _state: string, _runId: string, where: string): void => {
    wrapperTally.cases++;
    const r = spawnSync(process.execPath, [wrapper, abs, '--', process.execPath, '-e', 'process.exit(3)'], {
      encoding: 'utf8',
      timeout: 5_000,
      killSignal: 'SIGKILL',
    });
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') {
      tally.hangs++;
      report.failures.push(`${where}: the wrapper still ran after 5 s (killed)`);
      return;
    }
    if (r.signal || r.status !== 3) {
      tally.aborts++;
      report.failures.push(
        `${where}: the wrapper ended ${r.signal ? `by ${r.signal}` : `with ${r.status}`}, not 3: ${r.stderr.slice(0, 200)}`,
      );
      return;
    }
    wrapperTally.exited3++;
    tally.problems++;
    if (!r.stderr.includes(path.basename(abs))) {
      tally.unnamed++;
      report.failures.push(`${where}: the wrapper did not say which file it could not write: ${r.stderr.slice(0, 160)}`);
    }
  };

  // Only root can make a device node (mknod); elsewhere the links to /dev/null and /dev/zero stand in for one.
  const possible = root ? KINDS : KINDS.filter((k) => k !== 'char device');
  if (!root)
    report.skipped.push('char device: only root can make a device node (CI runs as root); the links to /dev/null and /dev/zero are tried');
  const kinds = opts.quick ? possible.slice(0, 2) : possible;
  const hostile = (kind: Kind) => (abs: string, _runId: string, outsideFile: string) => makeHostile(abs, kind, outsideFile);
  for (const kind of kinds) one(`${kind} read`, hostile(kind), read(false), { regular: false });
  const contents = opts.quick ? CONTENTS.filter((_, i) => i % 3 === 0) : CONTENTS;
  for (const c of contents) {
    one(`${c.label} read`, (abs, runId) => fs.writeFileSync(abs, c.text(runId)), read(false), { regular: true });
  }
  // A file of mode 000 holding a good record: as in r10HostileFiles.ts, run as root (CI) the child drops to uid 65534.
  one(
    'unreadable (mode 000) read',
    (abs, runId) => {
      fs.writeFileSync(abs, recordText(runId, 0));
      fs.chmodSync(abs, 0o000);
    },
    read(root),
    { regular: true, asUser: root },
  );
  // The wrapper meets a node it must not write through nor replace: the three of docs/safety.md › R10 in a quick run.
  const wrapperKinds = opts.quick ? possible.filter((k) => k === 'link outside' || k === 'directory' || k === 'fifo') : possible;
  for (const kind of wrapperKinds) one(`the wrapper over a ${kind}`, hostile(kind), wrap, { regular: false });

  report.tried.push(
    `in the place of a run's exit file (${STATE}.run-<id>.exit, a seeded run id of 8–32 hex digits each): ${kinds.length} node kinds (${kinds.join(', ')}; the outside file a good record of the run)`,
  );
  report.tried.push(
    `${contents.length} regular files: ${contents.map((c) => c.label).join(', ')}; 1 unreadable file holding a good record (mode 000, read by ${root ? 'uid 65534' : `this user (uid ${process.getuid?.()})`})`,
  );
  report.tried.push(
    `each case: one child process reading the file, taking the run's end from it and removing it (src/host/runExit.ts, src/host/runLife.ts), killed after 5 s`,
  );
  report.tried.push(
    `${wrapperKinds.length} runs of the run wrapper (dist/run-wrapper.js) that exit 3, its exit file already a hostile node (${wrapperKinds.join(', ')})`,
  );
  report.found.push(
    `${tally.cases} cases: ${tally.hangs} hangs, ${tally.aborts} aborts, ${tally.unnamed} problems not naming the file (of ${tally.problems}), ${tally.claimed} exit codes taken from a hostile file, ${tally.redirected} writes through a link or onto a non-regular file or removals of one`,
  );
  report.found.push(`the wrapper exited 3 in ${wrapperTally.exited3} of ${wrapperTally.cases} runs`);
  report.required = { what: 'cases', need: opts.need, got: tally.cases };
  report.seconds = (Date.now() - t0) / 1000;
  return report;
}
