// The okstra files of a project (docs/okstra-files.md) behind WorkspacePort, and the
// environment building block for the CLI and the extension.
export { openWorkspace, FsWorkspace } from './workspace';
export { readManifestEntry } from './catalogue';
export { parseConfig } from './config';
export { parsePlan } from './plan';
export { parseQuestions, parseRunInputs } from './taskDetails';
export { readFrontMatter } from '../core/files';
