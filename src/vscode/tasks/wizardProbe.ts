// What a task's `<id>.wizard.json` says for the Tasks view: unfinished,
// confirmed or aborted, the step an unfinished wizard stops at (the engine's
// current prompt, as Resume shows it) and the last Run's exit code. Reads
// only: never cleans, converts or writes. Plain Node (the bench uses it too).

import * as path from 'node:path';
import type { EnvironmentPort } from '../../core/ports';
import type { TextCatalog } from '../../core/text/catalog';
import { WizardError } from '../../core/types';
import * as engine from '../../core/wizard/engine';
import { parseState } from '../../core/wizard/stateCodec';
import { loadStateFile } from '../../store/stateFile';
import { openWorkspace, type FsWorkspace } from '../../workspace/workspace';
import type { BoardFolder, WizardProbe } from './taskBoard';
import type { WizardMark } from './taskBoardModel';

export interface WizardProbeDeps {
  builtinProfilesDir: string;
  /** The environment the wizard's prompts are computed in (the extension: its settings and PATH). */
  environment(rootAbs: string): EnvironmentPort;
  texts(): TextCatalog;
}

export class EngineWizardProbe {
  /** One workspace per project: its catalogue is kept by the view's watcher (invalidate()). */
  private readonly workspaces = new Map<string, FsWorkspace>();

  constructor(private readonly deps: WizardProbeDeps) {}

  readonly probe: WizardProbe = async (statePathAbs: string, folder: BoardFolder): Promise<WizardMark> => {
    // Let the caller's batch of asynchronous reads go first: this one is synchronous.
    await new Promise((r) => setImmediate(r));
    return this.mark(statePathAbs, folder);
  };

  /** A change on disk under a project (the view's watcher). */
  invalidate(absPath: string): void {
    for (const [root, ws] of this.workspaces) if (absPath === root || absPath.startsWith(root + path.sep)) ws.invalidate(absPath);
  }

  private workspace(rootAbs: string): FsWorkspace {
    let ws = this.workspaces.get(rootAbs);
    if (!ws) {
      ws = openWorkspace(rootAbs, { builtinProfilesDir: this.deps.builtinProfilesDir, catalogue: { revalidate: 'trust' } });
      this.workspaces.set(rootAbs, ws);
    }
    return ws;
  }

  mark(statePathAbs: string, folder: BoardFolder): WizardMark {
    let parsed: ReturnType<typeof parseState>;
    try {
      parsed = parseState(loadStateFile(statePathAbs, { cleanStale: false }).payload);
    } catch (e) {
      return { statePath: statePathAbs, status: 'unreadable', error: errorText(e) };
    }
    const s = parsed.state;
    const lastRun = s.last_run ? { exitCode: s.last_run.exitCode, startedAt: s.last_run.startedAt } : undefined;
    if (s.aborted) return { statePath: statePathAbs, status: 'aborted', lastRun };
    if (s.confirmed === true) return { statePath: statePathAbs, status: 'confirmed', lastRun };
    try {
      const rootAbs = folder.rootAbs;
      const ctx = { workspace: this.workspace(rootAbs), environment: this.deps.environment(rootAbs), texts: this.deps.texts() };
      const prepared = engine.prepare(ctx, parsed, { foundInDir: path.dirname(statePathAbs) });
      const current = engine.current(ctx, prepared.state, prepared.notices);
      if (!current.prompt) return { statePath: statePathAbs, status: 'unfinished', lastRun, error: current.error };
      return {
        statePath: statePathAbs,
        status: 'unfinished',
        step: current.prompt.step,
        n: current.prompt.progress.answered + 1,
        total: current.prompt.progress.total,
        lastRun,
      };
    } catch (e) {
      return { statePath: statePathAbs, status: 'unfinished', lastRun, error: errorText(e) };
    }
  }
}

function errorText(e: unknown): string {
  return e instanceof WizardError || e instanceof Error ? e.message : String(e);
}
