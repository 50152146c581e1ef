// The one place the wizard reaches into the roles module (docs/architecture.md
// › Roles), so the step flow names exactly what it uses.

export {
  openRoleSession,
  roleProfileProblem,
  RoleSession,
  isRoleStepId,
  nextRolePrompt,
  submitRolePrompt,
  recordRoleAnswer,
  reconcileRoleSelection,
  resetRoleSelectionFrom,
  clearRoleSelection,
  renderRoleArgs,
  roleConfirmationLines,
  hostSessionContextJson,
  convertV1Selection,
  applyPreviousRunSelection,
} from '../roles';
