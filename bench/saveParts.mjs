// What each part of the store's atomic write costs on a file system (src/store/atomicWrite.ts): an exclusively
// created temporary, its write and fsync, the rename over the target, the fsync of the folder. 300 saves of a
// 3 KB state file, the medians of each part.
//   node bench/saveParts.mjs [folder] [full|no-folder-fsync|no-file-fsync]
// The last two drop one fsync, for measurement only: the store does both (docs/performance.md, item 11).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const [, , where = os.tmpdir(), mode = 'full'] = process.argv;
const dir = fs.mkdtempSync(path.join(where, 'okstra-saveparts-'));
const target = path.join(dir, 'x.wizard.json');
const bytes = Buffer.from(JSON.stringify({ answers: 'x'.repeat(3000) }, null, 2) + '\n');
fs.writeFileSync(target, bytes);
const parts = { create: [], write: [], fsyncFile: [], rename: [], fsyncFolder: [], total: [] };
const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
try {
  for (let i = 0; i < 300; i++) {
    const tmp = path.join(dir, `.x.wizard.json.tmp-${process.pid}-${i}`);
    const t0 = now();
    const fd = fs.openSync(tmp, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY | fs.constants.O_NOFOLLOW, 0o644);
    const t1 = now();
    fs.writeSync(fd, bytes);
    const t2 = now();
    if (mode !== 'no-file-fsync') fs.fsyncSync(fd);
    fs.closeSync(fd);
    const t3 = now();
    fs.renameSync(tmp, target);
    const t4 = now();
    if (mode !== 'no-folder-fsync') {
      const dfd = fs.openSync(dir, 'r');
      fs.fsyncSync(dfd);
      fs.closeSync(dfd);
    }
    const t5 = now();
    parts.create.push(t1 - t0);
    parts.write.push(t2 - t1);
    parts.fsyncFile.push(t3 - t2);
    parts.rename.push(t4 - t3);
    parts.fsyncFolder.push(t5 - t4);
    parts.total.push(t5 - t0);
  }
  const shown = Object.entries(parts).map(([k, v]) => `${k} ${median(v).toFixed(3)}`);
  console.log(`${mode} on ${where} (ms, medians of 300): ${shown.join(', ')}; load ${os.loadavg()[0].toFixed(1)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
