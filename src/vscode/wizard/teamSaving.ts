// Saving a wizard's agents as a team (results.ts TeamSaving) over the host's (src/host/teams.ts): a refusal is a
// result, a bug is thrown.
import { asWizardError, canSaveTeam, planTeamSave, saveTeam, teamSaveNameProblem, type HostWizard, type TeamSave } from '../../host';
import type { TeamSaveResult, TeamSaving } from '../wizardResults';

function result(run: () => TeamSave): TeamSaveResult {
  try {
    return { ok: true, save: run() };
  } catch (err) {
    const e = asWizardError(err);
    if (e.code === 'internal') throw e;
    return { ok: false, code: e.code, error: e.message };
  }
}

export function teamSaving(wizard: HostWizard): TeamSaving {
  return {
    canSave: () => canSaveTeam(wizard),
    nameProblem: (name) => teamSaveNameProblem(wizard, name),
    plan: (name, scope) => result(() => planTeamSave(wizard, name, scope)),
    save: (name, scope, replace) => result(() => saveTeam(wizard, name, scope, { replace })),
  };
}
