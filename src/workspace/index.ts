// The okstra files of a project (docs/okstra-files.md) behind WorkspacePort, and the
// environment building block for the CLI and the extension.
export { openWorkspace, FsWorkspace, isoSecondsUtc, briefTemplate, type WorkspaceOptions } from './workspace';
export { TaskCatalogue, readManifestEntry, type CatalogueOptions } from './catalogue';
export { parseConfig } from './config';
export { parsePlan, firstBlockingLine } from './plan';
export { readTaskDetails, parseQuestions, parseRunInputs, naturalCompare } from './taskDetails';
export { displayPath, parseJsonFile, splitFrontMatter, readFrontMatter, parseYamlText, validateYaml, validateJson } from '../core/files';
export {
  createEnvironment,
  providerCliEnvVar,
  findOnPath,
  isExecutableFile,
  resolveProviderCli,
  terminalBackendFromEnv,
  loadModelDefaultsFile,
  type EnvironmentInputs,
  type ProviderCliLookup,
  type ProviderCliResolution,
} from './environment';
