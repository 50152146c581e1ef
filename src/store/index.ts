// The wizard state files: atomic writes, locks and stale-read refusal, legacy
// v1 companions (wizard.md › The state file). Only the store writes them.
export {
  loadStateFile,
  saveStateFile,
  saveStatePayload,
  serializeStatePayload,
  decodeStateBytes,
  parseStateJson,
  stateVersionOf,
  legacySourceMatches,
  removeStaleArtifacts,
  lockPathFor,
  type StateFileHandle,
  type LoadedStateFile,
  type LegacyInfo,
  type LegacySource,
  type LoadOptions,
} from './stateFile';
export {
  createStateFile,
  createStatePayloadFile,
  listUnfinishedWizards,
  backupStateFile,
  backupNameFor,
  backupTimestamp,
  moveStateFile,
  moveStatePayload,
  isLegacyStateFile,
  stateFilePathFor,
  STATE_FILE_SUFFIX,
  type CreateOptions,
  type WizardFileEntry,
  type BackupResult,
  type MoveOptions,
  type MoveResult,
} from './wizardFiles';
export { STALE_READ_MESSAGE, sha256Hex, sha256OfFile } from './atomicWrite';
export { canonicalCompanionPath, numberedCompanionPath, legacyCompanionPath, companionCandidates, availableCompanionPath } from './companions';
export { acquireLock, isPidAlive, LOCK_WAIT_MS, STALE_FOREIGN_MS } from './lock';
