// What a task's `<id>.wizard.json` says for the Tasks view: unfinished, confirmed or aborted, the step an
// unfinished wizard stops at (the engine's current prompt, as Resume shows it) and the last Run's exit code —
// the wizard host's read-only probe (src/host/host.ts). Never cleans, converts or writes. Plain Node (the bench
// uses it too).
import type { EnvironmentPort } from '../../core/ports';
import type { Team } from '../../core/roles/teams';
import type { TextCatalog } from '../../core/text/catalog';
import { stepTitle } from '../../core/wizard/readable';
import { WizardHost } from '../../host';
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
  private readonly host: WizardHost;
  private readonly texts: () => TextCatalog;

  constructor(deps: WizardProbeDeps) {
    this.texts = () => deps.texts();
    this.host = new WizardHost({
      builtinProfilesDir: deps.builtinProfilesDir,
      environment: (root) => deps.environment(root),
      texts: () => deps.texts(),
      workspace: { catalogue: { revalidate: 'trust' } },
    });
  }

  readonly probe: WizardProbe = async (statePathAbs: string, folder: BoardFolder): Promise<WizardMark> => {
    // Let the caller's batch of asynchronous reads go first: this one is synchronous.
    await new Promise((r) => setImmediate(r));
    return this.mark(statePathAbs, folder);
  };

  /** The teams a folder's runs are compared with (the host's: config.yaml as the workspace reads it, and the user's). */
  teams(rootAbs: string): Team[] {
    return this.host.configuredTeams(rootAbs);
  }

  /** A change on disk under a project (the view's watcher). */
  invalidate(absPath: string): void {
    this.host.invalidate(absPath);
  }

  mark(statePathAbs: string, folder: BoardFolder): WizardMark {
    const p = this.host.probe(statePathAbs, folder.rootAbs);
    if (p.status === 'unreadable') return { statePath: statePathAbs, status: 'unreadable', error: p.error ?? '' };
    if (p.status !== 'unfinished') return { statePath: statePathAbs, status: p.status, lastRun: p.lastRun };
    if (p.step === undefined) return { statePath: statePathAbs, status: 'unfinished', lastRun: p.lastRun, error: p.error };
    // The step as the prompt's title names it (the filter finds it by those words too), never its id.
    const step = stepTitle(this.texts(), p.step);
    return { statePath: statePathAbs, status: 'unfinished', step, n: p.n, total: p.total, lastRun: p.lastRun };
  }
}
