// Role selection for the step flow (docs/architecture.md › Roles). The step
// flow calls these at the "roles" position; see docs/roles.md for the model.
//
// Bookkeeping split (R-SUBM-1): submitRolePrompt mutates the working copy and
// returns the echo; the caller then appends the id to `answered` and
// `role_selection_order` — recordRoleAnswer does exactly that.

export { openRoleSession, roleProfileProblem, RoleSession } from './roleSession';
export {
  isRoleStepId,
  parseRoleStepId,
  roleOfStepId,
  roleCountId,
  roleAddId,
  roleModelId,
  LEADER_SESSION_STEP,
  type ParsedRoleStepId,
} from './roleIds';
export { nextRolePrompt, roleSelectionBlocker } from './roleFlow';
export { submitRolePrompt, recordRoleAnswer } from './submitRolePrompt';
export { reconcileRoleSelection } from './reconcileSelection';
export { resetRoleSelectionFrom, clearRoleSelection } from './roleRewind';
export { renderRoleArgs } from './renderRoleArgs';
export { roleConfirmationLines } from './roleConfirmation';
export {
  hostSessionContextJson,
  resolveHost,
  checkEntryMode,
  validateHost,
  HOST_IDS,
  type HostDescriptor,
  type EntryMode,
} from './hostRegistry';
export { convertV1Selection, applyPreviousRunSelection, type ConvertV1Options } from './convertV1';
export { parseRoleProfile, RoleProfileError, LEADER_REQUIREMENT, type RoleProfile, type RoleRequirement } from './roleProfile';
export { parseRegistry, mergeRegistry, type Registry, type ModelEntry, type ProviderEntry } from './registry';
export { ModelPool, type Availability } from './modelPool';
export { canComplete, completionProblem } from './feasibility';
export { resolveAssignments } from './assignmentResolver';
export { selectableRequirements, selectedRoleCount, countPromptKind } from './roleSelection';
export {
  ONE_BY_ONE,
  RUN_TEAM_PREFIX,
  TEAM_NAME_PATTERN,
  isTeamName,
  configuredTeams,
  effectiveRoles,
  teamTouches,
  teamSummary,
  teamAnswers,
  teamShapeProblem,
  roleBaseState,
  applyTeam,
  teamVerdict,
  runRoles,
  runTeam,
  teamUsedBy,
  type Team,
  type TeamScope,
  type TeamVerdict,
  type TeamApplyOptions,
} from './teams';
