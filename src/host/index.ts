// The wizard host: what every front end (src/cli, src/mcp, src/vscode) uses to reach a wizard, and all it may
// use of the engine's session pieces (eslint's layers/imports keeps src/store, the engine facade, the state
// codec and the workspace's opener to this layer; docs/architecture.md › The host).
export {
  WizardHost,
  checkHostRuntime,
  type HostOptions,
  type OpenOptions,
  type FreshOptions,
  type WizardProbe,
  type WizardInProgress,
} from './host';
export { NoticeLedger } from './notices';
export {
  nearestTaskKeys,
  unknownTaskMessage,
  type TaskSummary,
  type TaskWizardSummary,
  type TaskList,
  type TaskListOptions,
} from './tasks';
export { HostWizard, refusalWith, CANCELLED_BEFORE_SAVE, type Binding, type ExpectedPrompt, type StepOptions } from './wizard';
export { WizardRefusal, asWizardError, hostCall, refusalDoc, noticeTexts, type RefusalDoc } from './errors';
export { TASK_KEY_PATTERN, checkTaskKey, taskStatePath, checkInitStatePath, controlCharacterProblem, realPathOf, isInside } from './paths';
export { runPlan, resolveProgram, okstraCommandOf, applyPersistAction, type RunPlan } from './run';
export {
  document,
  currentDocument,
  stepDocument,
  initDocument,
  renderArgsDocument,
  outcomeDocument,
  treeDocument,
  type JsonDoc,
  type JsonValue,
} from './documents';
export { setConfigKey, setYamlKey, isLegacyStateFile, type ConfigKeyPath } from '../store';
export type {
  CurrentResult,
  StepResult,
  OutcomeResult,
  TreeResult,
  TreeRow,
  RenderArgsResult,
  Failure,
  PersistAction,
} from '../core/wizard/engine';
export { stepDisplayName } from '../core/wizard/engine';
