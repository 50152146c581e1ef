// R1's writer: loads a state file through the store, then saves distinct,
// complete versions through the store's one save path until it is killed.
// Before each save it announces the version on stdout, so the parent knows
// which versions were written (or were being written) when the SIGKILL landed.
// Usage: node saver.js <state file> <first version>
import * as fs from 'node:fs';
import { loadStateFile, saveStatePayload } from '../../../src/store';
import { r1Payload } from './r1Versions';

const [statePath, firstArg] = process.argv.slice(2);
let handle = loadStateFile(statePath);
const base = handle.payload;
let k = Number(firstArg);
fs.writeSync(1, 'ready\n');
for (;;) {
  fs.writeSync(1, `${k}\n`);
  handle = saveStatePayload(handle, r1Payload(base, k));
  k++;
}
