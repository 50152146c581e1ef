// Entry point of dist/run.js (scripts/extensionBundles.mjs): what Run needs from the machine (the program check,
// the task and terminal execution, the persist actions, with yaml). Loaded by the first Run (src/vscode/run/runPort.ts).
export * from '../run/runExecution';
export * from '../run/persistActions';
// For the integrated terminals' environment (src/vscode/features.ts): the workspace layer's environment module
// pulls in yaml and zod, which the shell must not hold.
export { providerCliEnvVar } from '../../workspace/environment';
