// R1 crash during save (docs/safety.md): a child saving distinct complete
// versions in a loop through the store is SIGKILLed at random moments; after
// each kill the state file must parse and equal, byte for byte, one complete
// version that was written, and the next load must remove the dead writer's
// temporaries and lock — never a live writer's.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { initState } from '../../src/core/wizard/engine';
import { parseState, stateToJson } from '../../src/core/wizard/stateCodec';
import {
  createStatePayloadFile,
  loadStateFile,
  lockPathFor,
  saveStatePayload,
  serializeStatePayload,
  STALE_FOREIGN_MS,
} from '../../src/store';
import { bundle } from './bundle';
import { r1Payload, r1VersionOf } from './children/r1Versions';
import { newReport, rng, tempDir, type TargetReport } from './lib';

export interface R1Options {
  seed: number;
  kills: number;
  lanes: number;
  /** The SIGKILLs the target requires (test/reliability/main.ts: fewer in a quick run). */
  need: number;
}

interface Lane {
  statePath: string;
  base: Record<string, unknown>;
  /** The newest version known to be complete on disk (the file must hold it or a later one). */
  floor: number;
  next: number;
}

/** Files next to the state file that a crashed writer can leave: temporaries and the lock. */
function leftovers(statePath: string): { temps: string[]; lock: boolean; other: string[] } {
  const dir = path.dirname(statePath);
  const name = path.basename(statePath);
  const temps: string[] = [];
  const other: string[] = [];
  let lock = false;
  for (const n of fs.readdirSync(dir)) {
    if (n === name) continue;
    if (n.startsWith(`.${name}.tmp-`)) temps.push(n);
    else if (n === `${name}.lock`) lock = true;
    else other.push(n);
  }
  return { temps, lock, other };
}

function waitExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Busy-waits the sub-millisecond part so kills are not aligned to timer ticks. */
function spinMicros(us: number): void {
  const end = process.hrtime.bigint() + BigInt(Math.round(us * 1000));
  while (process.hrtime.bigint() < end) {
    /* spin */
  }
}

interface KillResult {
  announced: number[];
  stderr: string;
  signal: NodeJS.Signals | null;
  code: number | null;
}

/** Starts a writer on the lane's file and kills it `delayMs` after it is ready. */
function oneKill(saver: string, lane: Lane, delayMs: number): Promise<KillResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [saver, lane.statePath, String(lane.next)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let armed = false;
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      out += d;
      if (!armed && out.startsWith('ready\n')) {
        armed = true;
        const whole = Math.floor(delayMs);
        setTimeout(() => {
          spinMicros((delayMs - whole) * 1000);
          child.kill('SIGKILL');
        }, whole);
      }
    });
    child.stderr!.on('data', (d: string) => (err += d));
    child.on('exit', (code, signal) => {
      const lines = out
        .split('\n')
        .slice(1)
        .filter((l) => /^\d+$/.test(l));
      resolve({ announced: lines.map(Number), stderr: err, signal, code });
    });
  });
}

export async function runR1(opts: R1Options): Promise<TargetReport> {
  const report = newReport(
    'R1',
    'crash during save',
    "≥ 1,000 SIGKILLs at random moments; file = one complete version; dead writers' temporaries and locks removed at the next load, live ones kept",
    opts.seed,
  );
  const started = Date.now();
  const random = rng(opts.seed);
  const saver = bundle('test/reliability/children/saver.ts', 'r1-saver');
  const root = tempDir('r1');

  // Each lane: its own state file (a fresh v2 state), version 0 written by the store.
  const lanes: Lane[] = [];
  for (let i = 0; i < opts.lanes; i++) {
    const dir = path.join(root, `lane${i}`);
    fs.mkdirSync(dir);
    const statePath = path.join(dir, 'lane.wizard.json');
    const base = stateToJson(initState({ projectRootAbs: dir }));
    createStatePayloadFile(statePath, r1Payload(base, 0));
    lanes.push({ statePath, base, floor: 0, next: 1 });
  }

  let kills = 0;
  let versionsStarted = 0;
  let landedWithTemp = 0;
  let landedWithLock = 0;
  let landedClean = 0;
  let landedMidVersion = 0;
  let childErrors = 0;
  const delays: number[] = [];
  const perLane = Math.ceil(opts.kills / opts.lanes);

  const runLane = async (lane: Lane, laneNo: number): Promise<void> => {
    for (let i = 0; i < perLane && kills < opts.kills; i++) {
      // Up to ~25 ms after the writer is ready: tens of saves, each phase of a save hit somewhere.
      const delayMs = random() * 25;
      delays.push(delayMs);
      const r = await oneKill(saver, lane, delayMs);
      kills++;
      const tag = `seed ${opts.seed} lane ${laneNo} kill ${i}`;
      if (r.signal !== 'SIGKILL') {
        childErrors++;
        report.failures.push(`${tag}: the writer ended by itself (exit ${r.code}): ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      }
      versionsStarted += r.announced.length;
      const lastAnnounced = r.announced.length ? r.announced[r.announced.length - 1] : lane.next - 1;

      // What the kill left behind, before any load.
      const left = leftovers(lane.statePath);
      if (left.temps.length) landedWithTemp++;
      if (left.lock) landedWithLock++;
      if (!left.temps.length && !left.lock) landedClean++;

      // The file as it is now: it parses, is a state, and equals one complete version.
      const bytes = fs.readFileSync(lane.statePath);
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
        parseState(payload);
      } catch (e) {
        report.failures.push(`${tag}: the state file does not parse after the kill: ${(e as Error).message}`);
        return;
      }
      const k = r1VersionOf(payload.directive);
      if (k === null || k < lane.floor || k > lastAnnounced) {
        report.failures.push(`${tag}: the file holds version ${k}, expected one in ${lane.floor}..${lastAnnounced}`);
        return;
      }
      const expected = serializeStatePayload(r1Payload(lane.base, k), null);
      if (!bytes.equals(Buffer.from(expected, 'utf8'))) {
        report.failures.push(`${tag}: the file is not byte-identical to version ${k} as written`);
        return;
      }
      if (k === lastAnnounced && k !== lane.floor) landedMidVersion++;

      // The next load removes what the dead writer left (its pid is gone), and loads that version.
      try {
        const h = loadStateFile(lane.statePath);
        if (r1VersionOf(h.payload.directive) !== k) report.failures.push(`${tag}: the load returned another version than on disk`);
      } catch (e) {
        report.failures.push(`${tag}: the next load failed: ${(e as Error).message}`);
        return;
      }
      const after = leftovers(lane.statePath);
      if (after.temps.length || after.lock || after.other.length) {
        let lockText = '';
        try {
          lockText = fs.readFileSync(lockPathFor(lane.statePath), 'utf8');
        } catch {
          /* none */
        }
        report.failures.push(
          `${tag}: after the next load still present: ${[...after.temps, ...(after.lock ? [`lock holding ${JSON.stringify(lockText)}`] : []), ...after.other].join(', ')}`,
        );
        for (const t of after.temps) fs.rmSync(path.join(path.dirname(lane.statePath), t), { force: true });
        fs.rmSync(lockPathFor(lane.statePath), { force: true });
      }
      lane.floor = k;
      lane.next = lastAnnounced + 1;
    }
  };
  await Promise.all(lanes.map((l, i) => runLane(l, i)));

  const sorted = [...delays].sort((a, b) => a - b);
  report.tried.push(
    `${kills} SIGKILLs of a writer saving in a loop (${opts.lanes} state files in parallel, kill 0–25 ms after the writer loaded; median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(2)} ms)`,
  );
  report.tried.push(`${versionsStarted} versions started (1–97 KB each, distinct text and length)`);
  report.found.push(`kills that left a temporary: ${landedWithTemp}; left the lock: ${landedWithLock}; left nothing: ${landedClean}`);
  report.found.push(
    `kills after which the file held the version being written when killed (renamed, not yet returned): ${landedMidVersion}`,
  );
  report.found.push(
    `files that did not parse or were not one complete version: ${report.failures.filter((f) => /parse|version|byte-identical/.test(f)).length}`,
  );
  report.found.push(`writers that ended by themselves (a save failed): ${childErrors}`);
  report.required = { what: 'SIGKILLs', need: opts.need, got: kills };

  await liveWriterChecks(report, saver, root);
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

/**
 * "Never a live writer's": a load leaves a live process's temporary and lock
 * alone (and removes them once the process is gone); a lock from another host
 * is kept until it is 60 s old; and loads running while a writer saves never
 * break its saves.
 */
async function liveWriterChecks(report: TargetReport, saver: string, root: string): Promise<void> {
  const dir = path.join(root, 'live');
  fs.mkdirSync(dir);
  const statePath = path.join(dir, 'live.wizard.json');
  const base = stateToJson(initState({ projectRootAbs: dir }));
  createStatePayloadFile(statePath, r1Payload(base, 0));
  const name = path.basename(statePath);

  const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  const livePid = sleeper.pid!;
  const liveTemp = path.join(dir, `.${name}.tmp-${livePid}-0123456789ab`);
  const lockPath = lockPathFor(statePath);
  fs.writeFileSync(liveTemp, 'half a write');
  fs.writeFileSync(lockPath, `${livePid}@${os.hostname()}`);
  loadStateFile(statePath);
  const keptTemp = fs.existsSync(liveTemp);
  const keptLock = fs.existsSync(lockPath);
  if (!keptTemp) report.failures.push(`a load removed a live writer's temporary (pid ${livePid})`);
  if (!keptLock) report.failures.push(`a load removed a live writer's lock (pid ${livePid})`);
  // While the live lock is held, a save waits and then refuses: it does not break the lock.
  let refused = '';
  try {
    saveStatePayload(loadStateFile(statePath), r1Payload(base, 1));
  } catch (e) {
    refused = (e as Error).message;
  }
  if (!/state file is being written by process \d+; try again/.test(refused))
    report.failures.push(`a save beside a live lock was not refused as docs/state-file.md says: ${JSON.stringify(refused)}`);
  sleeper.kill('SIGKILL');
  await waitExit(sleeper);
  loadStateFile(statePath);
  if (fs.existsSync(liveTemp) || fs.existsSync(lockPath))
    report.failures.push('after the writer died, the next load did not remove its temporary and lock');

  // A lock of another host: kept while younger than 60 s, removed after.
  fs.writeFileSync(lockPath, `4242@another-host.example`);
  loadStateFile(statePath);
  const foreignKept = fs.existsSync(lockPath);
  const old = new Date(Date.now() - STALE_FOREIGN_MS - 5_000);
  fs.utimesSync(lockPath, old, old);
  loadStateFile(statePath);
  const foreignRemoved = !fs.existsSync(lockPath);
  if (!foreignKept) report.failures.push('a fresh lock of another host was removed');
  if (!foreignRemoved) report.failures.push('a lock of another host older than 60 s was not removed');

  // Loads racing a live writer: the writer never fails, every load parses.
  const child = spawn(process.execPath, [saver, statePath, '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let childErr = '';
  child.stderr!.on('data', (d) => (childErr += d));
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  let loads = 0;
  let loadFailures = 0;
  const until = Date.now() + 1500;
  while (Date.now() < until) {
    try {
      loadStateFile(statePath);
      loads++;
    } catch (e) {
      loadFailures++;
      if (loadFailures < 4) report.failures.push(`a load during a live writer's saves failed: ${(e as Error).message}`);
    }
    await new Promise((r) => setImmediate(r));
  }
  const aliveBeforeKill = child.exitCode === null;
  child.kill('SIGKILL');
  await waitExit(child);
  if (!aliveBeforeKill)
    report.failures.push(`the live writer failed while loads ran beside it: ${childErr.trim().split('\n').slice(-2).join(' | ')}`);
  report.tried.push(
    `live writers: a temporary and a lock of a live process, a save beside that lock, another host's lock fresh and 65 s old, ${loads} loads racing a writer saving in a loop`,
  );
  report.found.push(
    `live temporary kept: ${keptTemp}; live lock kept: ${keptLock}; save beside a live lock refused: ${refused !== ''}; removed after the writer died: ${!fs.existsSync(liveTemp)}; foreign lock kept/removed: ${foreignKept}/${foreignRemoved}; failed racing loads: ${loadFailures}; writer failed: ${!aliveBeforeKill}`,
  );
}
