import { mutate, plansFor } from './mutators';
import * as fs from 'node:fs';
import * as path from 'node:path';
const { KINDS_FOR_PROBE } = require('./r4BadInputs');
const seed = 5;
const scratch = fs.mkdtempSync('/tmp/probe-');
fs.mkdirSync(path.join(scratch,'.okstra/tasks/payments/refund-queue'),{recursive:true});
KINDS_FOR_PROBE.forEach((kind: any, k: number) => {
  const base = kind.base();
  const kindSeed = (seed + k * 7919) % 2_147_483_647;
  const plans = plansFor(kindSeed, 300);
  for (let i = 0; i < 300; i++) {
    const t0 = Date.now();
    let bytes: Buffer;
    try { bytes = mutate(kind.format, base, plans[i]); } catch (e) { console.log('MUTATE FAIL', kind.name, i, (e as Error).message); continue; }
    const t1 = Date.now();
    try { kind.direct(bytes, kind.rel, scratch); } catch {}
    const t2 = Date.now();
    const heap = process.memoryUsage().heapUsed / 1e6;
    if (t2 - t0 > 300 || heap > 800) console.log(kind.name, i, 'mutate', t1 - t0, 'ms parse', t2 - t1, 'ms heap', heap.toFixed(0), 'size', bytes.length, JSON.stringify(plans[i]).slice(0, 200));
  }
  console.log('done', kind.name);
});
