// Entry point of dist/engine.js (scripts/extensionBundles.mjs): the engine session and the language-model tools'
// implementation, with src/core, src/store, src/workspace, zod and yaml. One bundle for both: LmWizard drives the
// EngineSessionFactory's sessions and catches the engine's WizardError with `instanceof`, so they must share one
// copy of the engine. Loaded by the first command or tool call, never at activation (P4).
export * from '../wizard/engineSession';
export * from '../lm/lmWizard';
