// persistActions (docs/steps.md › The confirmation), applied by Run after the program it starts is resolved:
// the host's one implementation (src/host/run.ts), through the store's Document-model edit of config.yaml.
export { applyPersistAction } from '../../host/run';
