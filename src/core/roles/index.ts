// Role selection for the step flow (docs/architecture.md › Roles). The step
// flow calls these at the "roles" position; see docs/roles.md for the model.
//
// Bookkeeping split (R-SUBM-1): submitRolePrompt mutates the working copy and
// returns the echo; the caller then appends the id to `answered` and
// `role_selection_order` — recordRoleAnswer does exactly that.

export { openRoleSession, roleProfileProblem, RoleSession } from './roleSession';
export { isRoleStepId, parseRoleStepId, roleOfStepId, roleCountId, roleAddId, roleModelId, LEADER_SESSION_STEP } from './roleIds';
export { nextRolePrompt, roleSelectionBlocker } from './roleFlow';
export { submitRolePrompt, recordRoleAnswer } from './submitRolePrompt';
export { reconcileRoleSelection } from './reconcileSelection';
export { resetRoleSelectionFrom, clearRoleSelection } from './roleRewind';
export { renderRoleArgs } from './renderRoleArgs';
export { roleConfirmationLines } from './roleConfirmation';
export { hostSessionContextJson, validateHost } from './hostRegistry';
export { convertV1Selection, applyPreviousRunSelection } from './convertV1';
export { parseRoleProfile, RoleProfileError, LEADER_REQUIREMENT } from './roleProfile';
export { parseRegistry, mergeRegistry } from './registry';
export { ModelPool } from './modelPool';
export { canComplete, completionProblem } from './feasibility';
export { resolveAssignments } from './assignmentResolver';
export { selectableRequirements, selectedRoleCount } from './roleSelection';
export {
  ONE_BY_ONE,
  configuredTeams,
  teamTouches,
  teamSummary,
  teamAnswers,
  roleBaseState,
  applyTeam,
  teamVerdict,
  runTeam,
  teamUsedBy,
  selectionTeamRoles,
  teamNameProblem,
  type Team,
  type TeamVerdict,
} from './teams';
