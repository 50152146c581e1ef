// Entry point of dist/engine.js (scripts/bundles.mjs): everything the shell (dist/extension.js) loads on first use,
// through the lazy `require()`s that scripts/bundles.mjs › LAZY_REQUIRES lists: the window's wizards (WorkspaceWizards) and the
// language-model tools, Run (the program check, the task and terminal execution, the persist actions), the Tasks
// view's data (the board, its tree, the wizard probe), the host's environment and the readable refusals.
// One bundle holds one copy of the engine, so that WizardError and every other class is the same everywhere it is
// used. Never loaded by activate() itself (P4).
export * from '../wizard/workspaceWizards';
export * from '../lm/lmWizard';
export * from '../run/runExecution';
export * from '../../host/run';
export * from '../../host/runLife';
export * from '../tasks/taskBoard';
export * from '../tasks/boardTree';
export * from '../tasks/wizardProbe';
export * from '../../host/environment';
export * from '../../core/wizard/readable';
