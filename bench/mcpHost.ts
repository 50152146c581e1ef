// P7, the server's own part: the MCP host's wizard_answer in process (no SDK, no pipes), on a copy of demo/ under
// the folder given (the disk, or /dev/shm for a memory file system), the same wizard as bench/mcp.ts.
//   npx tsx bench/mcpHost.ts [folder] [rounds]
// Prints the median wall and CPU time of `ServedProject.answer` (the binding check, the engine's submit and next prompt, the store's
// checked write with its fsyncs) and the file-system calls it makes per answered step.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ServedProject } from '../src/mcp/servedProject';
import { copyDemo, demoEnv } from './generate';
import { answerFor, P7_TASK } from './mcp';
import { summarize, fmtSample } from './stats';

const root = fs.mkdtempSync(path.join(process.argv[2] ?? os.tmpdir(), 'okstra-mcphost-'));
const rounds = Number(process.argv[3] ?? 20);
// The CommonJS module object: what `import * as fs` in the sources reads its functions from.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fsModule = require('node:fs') as Record<string, unknown>;
const CALLS = ['statSync', 'lstatSync', 'openSync', 'readSync', 'readdirSync', 'fsyncSync', 'renameSync', 'linkSync', 'unlinkSync'];
const calls: Record<string, number> = {};
let counting = false;
for (const name of CALLS) {
  const original = fsModule[name] as (...a: unknown[]) => unknown;
  fsModule[name] = (...a: unknown[]) => {
    if (counting) calls[name] = (calls[name] ?? 0) + 1;
    return original(...a);
  };
}

try {
  const project = copyDemo(root);
  const host = new ServedProject({
    projectRootAbs: project,
    builtinProfilesDir: path.resolve('profiles'),
    env: demoEnv(project),
    cwd: project,
  });
  const times: number[] = [];
  const cpu: number[] = [];
  // Two rounds warm up (the workspace's first reads, the JIT) and are not counted.
  for (let round = -2; round < rounds; round++) {
    let prompt = host.init({ task: P7_TASK, startOver: true }).next!;
    while (prompt.kind !== 'done') {
      counting = round >= 0;
      const t = performance.now();
      const c = process.cpuUsage();
      const doc = host.answer(P7_TASK, answerFor(prompt), { prompt: prompt.id, revision: prompt.revision });
      if (round >= 0) {
        times.push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
      counting = false;
      prompt = doc.next!;
    }
  }
  console.log(`ServedProject.answer on ${process.argv[2] ?? os.tmpdir()}: ${fmtSample(summarize(times, cpu))}`);
  console.log(
    `per step: ${CALLS.filter((c) => calls[c])
      .map((c) => `${c} ${(calls[c] / times.length).toFixed(1)}`)
      .join(', ')}`,
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
