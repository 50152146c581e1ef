// The environment the extension gives VS Code's integrated terminals (ExtensionContext
// .environmentVariableCollection), so that `okstra-wizard` typed there sees what the extension sees:
// the terminal backend the extension assumes, and the provider CLIs of okstra.providers.

import type { WizardSettings } from './settings';

export function terminalEnvironment(
  settings: Pick<WizardSettings, 'providerPaths'>,
  providerCliEnvVar: (providerId: string) => string,
): Record<string, string> {
  const env: Record<string, string> = { OKSTRA_TERMINAL_BACKEND: 'vscode-terminal' };
  for (const [id, p] of Object.entries(settings.providerPaths)) if (p) env[providerCliEnvVar(id)] = p;
  return env;
}
