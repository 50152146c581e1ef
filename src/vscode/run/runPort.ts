// What Run needs from the machine, behind one interface: the program check, the task / terminal execution
// and the persist actions. The real one (vscodeRunPort.ts) loads its modules on first use; unit tests pass a fake.

import type { PersistAction } from '../../host';

export interface RunRequest {
  argv: string[];
  /** How many leading words are the okstra command. */
  commandLength: number;
  cwd: string;
  label: string;
}

export type RunResult = { ok: true; exitCode: number | null } | { ok: false; error: string };

export interface RunPort {
  /** Why the program cannot start (it does not exist or is not executable), or null. */
  missingProgram(program: string, cwd: string): string | null;
  /** The executable a command word resolves to (absolute), as Run would start it; null when it cannot start. */
  resolveProgram(program: string, cwd: string): string | null;
  execute(request: RunRequest, runIn: 'task' | 'shell'): Promise<RunResult>;
  /** Applies one persist action; resolves what it did, for the log. */
  applyPersistAction(projectRootAbs: string, action: PersistAction): string;
}
