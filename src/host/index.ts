// The wizard host: what every front end (src/cli, src/mcp, src/vscode) uses to reach a wizard, and all it may
// use of the engine's session pieces (eslint's layers/imports keeps src/store, the engine facade, the state
// codec and the workspace's opener to this layer; docs/architecture.md › The host).
export { WizardHost, checkHostRuntime } from './host';
export { NoticeLedger } from './notices';
export { stampOfWizardFiles } from './fileStamp';
export { EnvironmentCache, buildEnvironment } from './environment';
export { nearestTaskKeys, unknownTaskMessage } from './tasks';
export { HostWizard, CANCELLED_BEFORE_SAVE, type ExpectedPrompt } from './wizard';
export { WizardRefusal, asWizardError, refusalDoc } from './errors';
export { TASK_KEY_PATTERN, taskStatePath, checkInitStatePath } from './paths';
export { runProgram, applyPersistAction } from './run';
export { checkRunEnvironment, runEnvironmentText, type RunEnvironmentInput, type RunEnvironmentReport } from './runEnvironment';
export { canSaveTeam, planTeamSave, saveTeam, teamSaveNameProblem, type TeamSave, type TeamSaveScope } from './teams';
export {
  document,
  currentDocument,
  stepDocument,
  initDocument,
  renderArgsDocument,
  outcomeDocument,
  treeDocument,
  teamsDocument,
  runEnvironmentDocument,
  type JsonDoc,
} from './documents';
export { isLegacyStateFile } from '../store';
export type { StepResult, OutcomeResult, TreeResult, TreeRow, PersistAction } from '../core/wizard/engine';
export { stepDisplayName } from '../core/wizard/engine';
