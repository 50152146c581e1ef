// Where a run's exit is recorded: `<state file>.run-<run id>.exit`, next to the wizard's state file. The run wrapper
// (src/host/runWrapper.ts) writes it when okstra ends; a window that reloaded during the run reads it
// (src/host/runExit.ts). Names only: the core does no I/O.

/** A run's id as the state file allows it (src/core/wizard/stateSchema.ts); newRunId makes 16 hex digits. */
const RUN_ID_PATTERN = /^[0-9a-f]{8,32}$/;

/** The exit file's name ends like this; the wrapper refuses to write any other file. */
export const RUN_EXIT_FILE_PATTERN = /\.run-[0-9a-f]{8,32}\.exit$/;

/** The exit file of run `runId` of the wizard whose state file is `statePath` (null for an id that is not a run id). */
export function runExitFileOf(statePath: string, runId: string): string | null {
  return RUN_ID_PATTERN.test(runId) ? `${statePath}.run-${runId}.exit` : null;
}
