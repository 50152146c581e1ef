// The wizard state files: atomic writes, locks and stale-read refusal, legacy
// v1 companions (docs/state-file.md). Only the store writes them.
//
// Typical use by a shell (the CLI, the extension):
//   const h = loadStateFile(path);                  // WizardError `<path>: …` when it cannot be loaded
//   const parsed = parseState(h.payload);           // the codec; engine.prepare(ctx, parsed) converts v1
//   …engine.submit(…)…
//   h2 = saveStateFile(h, newState);                // companion for a v1 source; stale read → refused
// New files: createStateFile(path, state, {force}); Resume: listUnfinishedWizards(root);
// New Run over a task: probeStateFile(path) then backupStateFile (start over) or loadStateFile (resume);
// task-pick answered with another task: moveStateFile(h, stateFilePathFor(root, g, id), state, {destKey}).
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
  isLegacyStateFile,
  type StateFileHandle,
  type LegacyInfo,
  type LegacySource,
  type LoadOptions,
  type LoadNotice,
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
  probeStateFile,
  type StateFileStatus,
  type StateFileProbe,
  stateFilePathFor,
  type CreateOptions,
  type WizardFileEntry,
  type BackupResult,
  type MoveOptions,
  type MoveResult,
} from './wizardFiles';
export {
  STALE_READ_MESSAGE,
  sha256Hex,
  sha256OfFile,
  writeFileAtomic,
  createFileExclusive,
  assertWritableTarget,
  removeRegularFile,
} from './atomicWrite';
export {
  canonicalCompanionPath,
  numberedCompanionPath,
  legacyCompanionPath,
  companionCandidates,
  availableCompanionPath,
} from './companions';
export { setConfigKey } from './configFile';
export { acquireLock, isPidAlive, LOCK_WAIT_MS, STALE_FOREIGN_MS } from './lock';
