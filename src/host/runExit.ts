// A run's exit file (docs/run.md › A reload during a run): `<state file>.run-<run id>.exit`, written by the run
// wrapper (src/host/runWrapper.ts) through the store when okstra ends, so that a window that reloaded during the
// run, and could not reconnect to its task, still learns how it ended. One zod schema for the format; reading it
// trusts nothing: a link, anything but a small regular file, bad JSON or a record of another run is a problem that
// names the file, and the run's end is then unknown.
import * as fs from 'node:fs';
import * as z from 'zod';
import { runExitFileOf } from '../core/run/runExitName';
import { fsErrorProblem } from '../core/files';
import { readRegularFileText } from '../io/regularFile';
import { removeRegularFile, writeFileAtomic } from '../store';

/** The exit file's format. */
const RunExitSchema = z
  .object({
    runId: z.string().regex(/^[0-9a-f]{8,32}$/),
    /** okstra's exit code; null when a signal ended it. */
    exitCode: z.number().int().min(0).max(255).nullable(),
    /** The signal that ended okstra (`SIGTERM`), or null. */
    signal: z
      .string()
      .regex(/^SIG[A-Z0-9]{1,12}$/)
      .nullable(),
    endedAt: z.string().max(40),
  })
  .strict();
export type RunExitRecord = z.infer<typeof RunExitSchema>;

/** An exit file is a few dozen bytes; anything much bigger is not one. */
const MAX_EXIT_FILE_BYTES = 4096;

export type RunExitRead =
  | { kind: 'none' }
  | { kind: 'ended'; record: RunExitRecord }
  /** The file is there but is not a run's exit record: `problem` names the file and says what is wrong. */
  | { kind: 'bad'; problem: string };

/** Writes the exit record (the run wrapper, when okstra ended). */
export function writeRunExit(file: string, record: RunExitRecord): void {
  writeFileAtomic(file, `${JSON.stringify(record)}\n`);
}

/** How run `runId` of the wizard in `statePath` ended, as its exit file says. */
export function readRunExit(statePath: string, runId: string): RunExitRead {
  const file = runExitFileOf(statePath, runId);
  if (file === null) return { kind: 'none' };
  let st: fs.Stats;
  try {
    st = fs.lstatSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'none' };
    return { kind: 'bad', problem: `${file}: cannot read: ${fsErrorProblem(e)}` };
  }
  if (st.isSymbolicLink()) return { kind: 'bad', problem: `${file}: is a symbolic link, not a run's exit record` };
  if (st.isFile() && st.size > MAX_EXIT_FILE_BYTES) {
    return { kind: 'bad', problem: `${file}: the file is ${st.size} bytes; a run's exit record is under ${MAX_EXIT_FILE_BYTES}` };
  }
  let text: string | null;
  try {
    text = readRegularFileText(fs, file, file);
  } catch (e) {
    return { kind: 'bad', problem: e instanceof Error ? e.message : String(e) };
  }
  if (text === null) return { kind: 'none' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'bad', problem: `${file}: not JSON` };
  }
  const parsed = RunExitSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { kind: 'bad', problem: `${file}: not a run's exit record (${first.path.join('.') || 'the record'}: ${first.message})` };
  }
  if (parsed.data.runId !== runId) return { kind: 'bad', problem: `${file}: records run ${parsed.data.runId}, not run ${runId}` };
  return { kind: 'ended', record: parsed.data };
}

/** Removes run `runId`'s exit file once its end is recorded in the state file; a link or folder there is left alone. */
export function removeRunExit(statePath: string, runId: string): void {
  const file = runExitFileOf(statePath, runId);
  if (file === null) return;
  try {
    removeRegularFile(file);
  } catch {
    // The end is recorded in the state file; a file that cannot be removed changes nothing (the next run has its own id).
  }
}
