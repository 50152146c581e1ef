// What each file-system call of one state-file save costs on a folder's file system, in the order the store makes
// them (src/store/atomicWrite.ts writeChecked, src/store/lock.ts): the temporary created and written, its fsync,
// the lock's owner file created, linked and removed, the rename over the state file, the folder's fsync, and the
// lock read back and removed (the stale check's read of the state file and the lstats are left out). It is the
// floor under P7's figure on that file system (docs/performance.md › P7: where an answered step's time goes);
// `npm run bench` prints it beside P7, and
//   npx tsx bench/saveCosts.ts [folder] [saves] [full|no-folder-fsync|no-file-fsync]
// prints it call by call: the median of each over the saves (the first 50 are not counted), their sum, and the
// process's CPU time per save, its own (user) and the kernel's (system; the split is by the kernel's ticks, so
// only the sum of many saves means much). On a journaling file system much of a
// save's cost is the kernel's work in these calls, not only the wait for the disk. The last two modes leave one
// fsync out, for measurement only: the store makes both (docs/decisions.md › Store: both fsyncs stay).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const SAVE_CALLS = [
  'temporary: create + write',
  'temporary: fsync',
  'lock: create owner file',
  'lock: link',
  'lock: unlink owner file',
  'rename over the state file',
  'folder: fsync',
  'lock: read back',
  'lock: unlink',
] as const;
type SaveCall = (typeof SAVE_CALLS)[number];

export interface SaveCosts {
  /** Median wall time of each call, ms. */
  calls: Array<{ call: SaveCall; median: number }>;
  /** The sum of those medians, ms. */
  sum: number;
  /** CPU time per save, ms: the process's own and the kernel's on its behalf. */
  user: number;
  system: number;
}

const WARM_UP = 50;

export type SaveMode = 'full' | 'no-folder-fsync' | 'no-file-fsync';
const MODES: readonly SaveMode[] = ['full', 'no-folder-fsync', 'no-file-fsync'];

export function measureSaveCosts(folder: string, saves: number, mode: SaveMode = 'full'): SaveCosts {
  const dir = fs.mkdtempSync(path.join(folder, 'okstra-save-costs-'));
  const target = path.join(dir, 'task.wizard.json');
  const lockPath = `${target}.lock`;
  const bytes = Buffer.alloc(3000, 'a'); // about the demo's state file
  const owner = `${process.pid}@${os.hostname()}`;
  const times = new Map<SaveCall, number[]>(SAVE_CALLS.map((c) => [c, []]));
  const timed = (call: SaveCall, counted: boolean, body: () => void): void => {
    const t = performance.now();
    body();
    if (counted) times.get(call)!.push(performance.now() - t);
  };
  try {
    fs.writeFileSync(target, bytes);
    let cpu: NodeJS.CpuUsage | undefined;
    for (let i = 0; i < saves + WARM_UP; i++) {
      const counted = i >= WARM_UP;
      if (i === WARM_UP) cpu = process.cpuUsage();
      const tmp = path.join(dir, `.task.wizard.json.tmp-${process.pid}-${i}`);
      let fd = -1;
      timed('temporary: create + write', counted, () => {
        fd = fs.openSync(tmp, 'wx', 0o644);
        fs.writeSync(fd, bytes);
      });
      timed('temporary: fsync', counted, () => {
        if (mode !== 'no-file-fsync') fs.fsyncSync(fd);
        fs.closeSync(fd);
      });
      const ownerFile = `${lockPath}.tmp-${process.pid}-${i}`;
      timed('lock: create owner file', counted, () => fs.writeFileSync(ownerFile, owner, { flag: 'wx' }));
      timed('lock: link', counted, () => fs.linkSync(ownerFile, lockPath));
      timed('lock: unlink owner file', counted, () => fs.unlinkSync(ownerFile));
      timed('rename over the state file', counted, () => fs.renameSync(tmp, target));
      timed('folder: fsync', counted, () => {
        if (mode === 'no-folder-fsync') return;
        const d = fs.openSync(dir, 'r');
        fs.fsyncSync(d);
        fs.closeSync(d);
      });
      timed('lock: read back', counted, () => fs.readFileSync(lockPath, 'utf8'));
      timed('lock: unlink', counted, () => fs.unlinkSync(lockPath));
    }
    const used = process.cpuUsage(cpu);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const calls = SAVE_CALLS.map((call) => ({ call, median: median(times.get(call)!) }));
    return {
      calls,
      sum: calls.reduce((s, c) => s + c.median, 0),
      user: used.user / 1000 / saves,
      system: used.system / 1000 / saves,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const where = process.argv[2] ?? os.tmpdir();
  const saves = Number(process.argv[3] ?? 300);
  const mode = (process.argv[4] ?? 'full') as SaveMode;
  if (!MODES.includes(mode)) throw new Error(`mode: one of ${MODES.join(', ')}`);
  const r = measureSaveCosts(where, saves, mode);
  const us = (ms: number) => `${(ms * 1000).toFixed(0).padStart(5)} µs`;
  console.log(`one save's file-system calls on ${where}, ${mode} (median of ${saves} saves; load ${os.loadavg()[0].toFixed(1)}):`);
  for (const c of r.calls) console.log(`  ${c.call.padEnd(28)} ${us(c.median)}`);
  console.log(`  ${'sum of the medians'.padEnd(28)} ${us(r.sum)}`);
  console.log(`  CPU per save: ${us(r.user).trim()} user, ${us(r.system).trim()} system`);
}
