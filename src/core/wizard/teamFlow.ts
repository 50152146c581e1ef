// The team chosen at team-pick answers the role prompts it covers (docs/steps.md › Teams), exactly as if each had
// been answered one by one: right after team-pick, and again after every role answer while the team is chosen, so
// that a prompt the team does not cover is the only one asked and editing one role row keeps the others. After a
// role answer, an answer a rewind cleared (remembered.ts) is tried before the team's own, so that an edited row the
// team covers keeps the edit. The answers themselves are the role engine's (src/core/roles/teams.ts applyTeam).
import type { WizardState } from '../types';
import { forgetAnswered } from './remembered';
import { applyTeam, ONE_BY_ONE, teamAnswers, type Team } from './roleBridge';
import { teamOfAnswer, teamPick } from './steps/teamPick';
import type { StepEnv } from './steps/step';

/** The team team-pick chose, while it is answered with one and the team is still offered; else null. */
function chosenTeam(env: StepEnv, s: WizardState): Team | null {
  const value = s.team_pick;
  if (value === undefined || value === ONE_BY_ONE || !s.answered.includes(teamPick.id)) return null;
  return teamOfAnswer(env, s, value);
}

/**
 * After `answered` (team-pick or a role step) was recorded on the working copy: the chosen team answers the role
 * prompts it covers from here on. Mutates `s`.
 */
export function continueTeam(env: StepEnv, s: WizardState, answered: string): void {
  const team = chosenTeam(env, s);
  if (!team) return;
  // Right after team-pick the team's own answers count; an earlier pass's remembered answers stay defaults only.
  const preferred = answered === teamPick.id ? undefined : s.remembered_answers;
  const done = applyTeam(env.roles(s), s, team, { answerOnly: env.answerOnly, preferred });
  for (const id of done) forgetAnswered(s, id);
  // The answer the person gave stays the last one: Back undoes it, and with it what the team answered after it.
  if (done.length > 0) s.answered = [...s.answered.filter((id) => id !== answered), answered];
}

/** The role steps the chosen team covers: a rewind does not ask them again while the team's (or the earlier) answer fits. */
export function teamCoveredSteps(env: StepEnv, s: WizardState): Set<string> {
  const team = chosenTeam(env, s);
  return team ? new Set(teamAnswers(env.roles(s), team).keys()) : new Set();
}
