// What Run needs from the machine, behind one interface: the program check, the task / terminal execution
// and the persist actions. The real one loads its modules on first use (they pull in yaml and the workspace
// layer, tens of milliseconds at activation, P4); unit tests pass a fake.

import type { Log } from '../host/window';
import type { PersistAction } from '../wizard/session';

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

export function vscodeRunPort(log: Log): RunPort {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const exec = (): typeof import('./runExecution') => require('./runExecution') as typeof import('./runExecution');
  const persist = (): typeof import('./persistActions') => require('./persistActions') as typeof import('./persistActions');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return {
    missingProgram: (program, cwd) => exec().missingProgram(program, cwd),
    resolveProgram: (program, cwd) => exec().resolvedProgram(program, cwd),
    execute: (request, runIn) => (runIn === 'shell' ? exec().runInShell(request, log) : exec().runAsTask(request, log)),
    applyPersistAction: (root, action) => persist().applyPersistAction(root, action),
  };
}
