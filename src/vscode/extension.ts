// Entry point of the extension. Kept tiny on purpose: activation must stay under 50 ms (docs/performance.md P4),
// so everything heavy is created lazily by the features it belongs to.
import * as vscode from 'vscode';
import { registerFeatures } from './features';

/** What activate() returns: the integration tests read it through `extension.exports`. */
export interface OkstraExtensionApi {
  /** Wall time activate() took, in milliseconds (P4). */
  readonly activationMs: number;
  /** Whatever registerFeatures exposes (test hooks of the UI layer). */
  readonly features: ReturnType<typeof registerFeatures>;
}

export function activate(context: vscode.ExtensionContext): OkstraExtensionApi {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('okstra', { log: true });
  context.subscriptions.push(log);
  let features: ReturnType<typeof registerFeatures>;
  try {
    features = registerFeatures(context, log);
  } catch (err) {
    // Rethrown so VS Code reports the failed activation; the channel keeps the stack for the user.
    log.error('activation failed:', err instanceof Error ? (err.stack ?? err.message) : String(err));
    throw err;
  }
  (require('./lm/wizardTools') as typeof import('./lm/wizardTools')).registerLanguageModelTools(context, log, features);
  const activationMs = performance.now() - started;
  log.info(
    `okstra-wizard ${String(context.extension.packageJSON.version)} activated in ${activationMs.toFixed(1)} ms (VS Code ${vscode.version})`,
  );
  return { activationMs, features };
}

export function deactivate(): void {
  // Every disposable is in context.subscriptions; VS Code disposes them.
}
