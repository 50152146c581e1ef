// Entry point of dist/tasks.js (scripts/extensionBundles.mjs): the Tasks view's data (the board, its tree, the
// wizard probe, with the workspace layer and the engine they read through). Loaded when the view first asks for
// rows (src/vscode/tasks/tasksView.ts). Its copy of the engine is its own: the probe only reads state files and
// compares errors by message, and nothing crosses between it and dist/engine.js but plain data.
export * from '../tasks/taskBoard';
export * from '../tasks/boardTree';
export * from '../tasks/wizardProbe';
export { textsFor } from '../../core/text';
export { createEnvironment, teamsOfSetting } from '../../workspace/environment';
