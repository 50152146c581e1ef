// The one place that reads the okstra.* settings. Settings that name a program to execute (okstra.command,
// okstra.providers) are read only in a trusted workspace (package.json restrictedConfigurations, R6).

import type { OkstraCommandSetting } from '../../core/run';
import type { EnvironmentInputs } from '../../workspace/environment';
import type { HostWindow } from '../host/window';
import type { TrustGate } from './trust';

export interface WizardSettings {
  hostRuntime: string;
  hostEntryMode: string;
  /** okstra.command; undefined when unset or in an untrusted workspace. */
  command: OkstraCommandSetting;
  runIn: 'task' | 'shell';
  modelDefaults: Record<string, string[]>;
  /** okstra.providers' paths; empty in an untrusted workspace. */
  providerPaths: Record<string, string | undefined>;
  /** okstra.confirmBeforeRun: Run from the view, the status bar or a notification shows the confirmation first. */
  confirmBeforeRun: boolean;
}

export function readSettings(host: HostWindow, trust: TrustGate, rootAbs: string): WizardSettings {
  const config = host.configuration(rootAbs);
  const trusted = trust.isTrusted();
  const providers = trusted ? (config.get<Record<string, { path?: string } | undefined>>('providers') ?? {}) : {};
  const providerPaths: Record<string, string | undefined> = {};
  for (const [id, p] of Object.entries(providers)) providerPaths[id] = typeof p?.path === 'string' && p.path !== '' ? p.path : undefined;
  const runIn = config.get<string>('runIn');
  return {
    hostRuntime: config.get<string>('hostRuntime') ?? 'claude-code',
    hostEntryMode: config.get<string>('hostEntryMode') ?? 'spawn-process',
    command: trusted ? config.get<OkstraCommandSetting>('command') : undefined,
    runIn: runIn === 'shell' ? 'shell' : 'task',
    modelDefaults: config.get<Record<string, string[]>>('modelDefaults') ?? {},
    providerPaths,
    confirmBeforeRun: config.get<boolean>('confirmBeforeRun') !== false,
  };
}

/**
 * What the workspace layer's createEnvironment takes from the settings: the provider paths (trusted workspaces only),
 * the model defaults, the extension's own terminal backend. The wizard's prompts and the Tasks view's wizard marks
 * are computed in the same environment.
 */
export function environmentInputs(settings: WizardSettings, env: NodeJS.ProcessEnv = process.env): EnvironmentInputs {
  const defaults = settings.modelDefaults;
  return {
    env,
    settingPaths: settings.providerPaths,
    terminalBackend: 'vscode-terminal',
    userModelDefaults: Object.keys(defaults).length > 0 ? { source: { kind: 'setting' }, defaults } : null,
  };
}
