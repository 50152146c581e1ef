// The real RunPort (runPort.ts): it loads the task / terminal execution and the persist actions on first use (they
// pull in yaml and the workspace layer, tens of milliseconds at activation, P4).

import type { Log } from '../host/window';
import type { RunPort } from './runPort';

export function vscodeRunPort(log: Log): RunPort {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const exec = (): typeof import('./runExecution') => require('./runExecution') as typeof import('./runExecution');
  const persist = (): typeof import('../../host/run') => require('../../host/run') as typeof import('../../host/run');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return {
    missingProgram: (program, cwd) => exec().missingProgram(program, cwd),
    resolveProgram: (program, cwd) => exec().resolvedProgram(program, cwd),
    execute: (request, runIn) => (runIn === 'shell' ? exec().runInShell(request, log) : exec().runAsTask(request, log)),
    applyPersistAction: (root, action) => persist().applyPersistAction(root, action),
    stop: (runId) => exec().stopRun(runId, log),
    follow: (runId) => exec().followRun(runId, log),
    processAlive: (pid, argv) => (pid === undefined ? null : exec().processAlive(pid, argv)),
    endProcess: (pid, argv) => exec().endProcess(pid, argv, log),
  };
}
