// Saving a wizard's agents as a team (docs/profiles.md › Teams): the team is the engine's (teamToSave: per role of
// the run type's profile, its models in agent order), its name gets the check a name read from config.yaml gets
// (teamNameProblem), and a project team is written into `.okstra/config.yaml` `teams.<name>` through the store's
// Document-model edit (setConfigKey: comments and the other keys stay). A personal team is the front end's to
// write (the extension's `okstra.teams` setting): the host gives it the team.
import * as path from 'node:path';
import type { TeamDecl } from '../core/ports';
import { WizardError } from '../core/types';
import * as engine from '../core/wizard/engine';
import { setConfigKey } from '../store';
import { isInside, realPathOf } from './paths';
import type { HostWizard } from './wizard';

/** Where a team is saved: the project's config.yaml, or the user's own teams (the `okstra.teams` setting). */
export type TeamSaveScope = 'project' | 'user';

/** The project's config file, relative to the project root, as messages name it. */
const CONFIG_FILE = '.okstra/config.yaml';

/** A team about to be saved (or saved): what it is, where it goes, and whether it replaces one of that name. */
export interface TeamSave {
  name: string;
  scope: TeamSaveScope;
  /** The team as config.yaml and the setting hold it. */
  team: TeamDecl;
  /** A team of this name is already there (as this wizard reads it): saving replaces it. */
  exists: boolean;
  /** Where, in words: `.okstra/config.yaml: teams.<name>` or `setting okstra.teams.<name>`. */
  where: string;
}

/** Whether this wizard's agents can be saved as a team now: at the confirmation of a run type with roles. */
export function canSaveTeam(wizard: HostWizard): boolean {
  return engine.teamToSave(wizard.ctx(), wizard.state).ok;
}

/** Why `name` cannot be a team's name, in the wizard's language (the same check as a name read from a file); null when it can. */
export function teamSaveNameProblem(wizard: HostWizard, name: string): string | null {
  return engine.teamNameProblem(wizard.ctx().texts, name);
}

/**
 * What saving this wizard's agents as the team `name` in `scope` would do, without writing anything. Throws a
 * WizardError: `refused-answer` for a name that cannot be a team's, `not-complete` before the confirmation,
 * `no-prompt` when the run type has no roles, `file-error` when config.yaml cannot be read.
 */
export function planTeamSave(wizard: HostWizard, name: string, scope: TeamSaveScope): TeamSave {
  const ctx = wizard.ctx();
  const problem = engine.teamNameProblem(ctx.texts, name);
  if (problem) throw new WizardError('refused-answer', problem);
  const r = engine.teamToSave(ctx, wizard.state);
  if (!r.ok) throw new WizardError(r.code, r.error);
  const team: TeamDecl = { roles: r.roles };
  if (scope === 'project') {
    const config = ctx.workspace.config();
    const exists = config?.teams !== undefined && Object.prototype.hasOwnProperty.call(config.teams, name);
    return { name, scope, team, exists, where: `${CONFIG_FILE}: teams.${name}` };
  }
  const user = ctx.environment.userTeams?.() ?? null;
  const exists = user !== null && user.teams.some((t) => t.name === name);
  return { name, scope, team, exists, where: `setting okstra.teams.${name}` };
}

/**
 * Saves this wizard's agents as the team `name` in `scope`. A project team is written into `.okstra/config.yaml`
 * (created when missing); a personal one is only returned, for the front end to write. A team of that name already
 * in config.yaml is replaced only with `replace: true` (the person said yes to Replace): without it, a team that
 * appeared since the plan is refused with code `stale-state`, nothing written; so is a config.yaml changed by
 * another writer during the save. Throws a WizardError as planTeamSave does, and a file error when config.yaml
 * cannot be written.
 */
export function saveTeam(wizard: HostWizard, name: string, scope: TeamSaveScope, options: { replace?: boolean } = {}): TeamSave {
  const plan = planTeamSave(wizard, name, scope);
  if (scope === 'project') writeProjectTeam(wizard.projectRootAbs, name, plan.team, options.replace === true);
  return plan;
}

/** Whether the data of a config.yaml holds a team named `name`. */
function hasTeam(data: unknown, name: string): boolean {
  if (data === null || typeof data !== 'object') return false;
  const teams = (data as Record<string, unknown>).teams;
  return teams !== null && typeof teams === 'object' && Object.prototype.hasOwnProperty.call(teams, name);
}

function writeProjectTeam(projectRootAbs: string, name: string, team: TeamDecl, replace: boolean): void {
  const file = path.join(projectRootAbs, CONFIG_FILE);
  const rootReal = realPathOf(projectRootAbs) ?? projectRootAbs;
  // `.okstra` may be missing (it is created); when it exists its real path must stay inside the project.
  const folderReal = realPathOf(path.dirname(file));
  if (folderReal !== null && !isInside(rootReal, folderReal)) {
    throw new WizardError('file-error', `${CONFIG_FILE}: the .okstra folder is outside the project; the team is not saved`);
  }
  setConfigKey(file, ['teams', name], team, {
    shownPath: CONFIG_FILE,
    check: (data) => {
      if (!replace && hasTeam(data, name)) {
        throw new WizardError(
          'stale-state',
          `${CONFIG_FILE}: a team '${name}' was saved there since it was read; nothing was written (save again to be asked whether to replace it)`,
        );
      }
    },
  });
}
