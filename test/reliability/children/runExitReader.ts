// R10's child for a run's exit file (test/reliability/r10RunExit.ts): what a window does with the exit file of a
// run it follows (src/vscode/commands/runLife.ts, src/vscode/commands/run.ts): reads it (readRunExit), takes the
// run's end from it (endFromExitFile), then removes it (removeRunExit, as the window that started the run does once
// it has the exit code). Prints one JSON line: the read, the end, or what was thrown. The parent bounds it at 5 s.
// Usage: node runExitReader.js <state file> <run id>
import { endFromExitFile, readRunExit, removeRunExit } from '../../../src/host/runLife';

function main(): void {
  const [statePath, runId] = process.argv.slice(2) as [string, string];
  let out: object;
  try {
    const read = readRunExit(statePath, runId);
    const found = endFromExitFile(statePath, runId);
    removeRunExit(statePath, runId);
    out = { read, found };
  } catch (e) {
    out = { thrown: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

main();
