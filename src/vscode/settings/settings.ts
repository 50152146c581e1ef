// The one place that reads the okstra.* settings. Settings that name a program to execute (okstra.command,
// okstra.providers) are read only in a trusted workspace (package.json restrictedConfigurations, R6).

import type { OkstraCommandSetting } from '../../core/run';
import type { EnvironmentSource } from '../../host/environment';
import type { HostWindow } from '../host/window';
import type { TrustGate } from './trust';

export interface WizardSettings {
  hostRuntime: string;
  hostEntryMode: string;
  /** okstra.command; undefined when unset or in an untrusted workspace. */
  command: OkstraCommandSetting;
  runIn: 'task' | 'shell';
  modelDefaults: Record<string, string[]>;
  /** okstra.teams as the setting holds it: checked team by team by the environment (src/host/environment.ts). */
  teams: unknown;
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
    teams: config.get<unknown>('teams'),
    providerPaths,
    confirmBeforeRun: config.get<boolean>('confirmBeforeRun') !== false,
  };
}

/**
 * What the host builds the extension's environment from (src/host/environment.ts): the provider paths (trusted
 * workspaces only), the model defaults and the personal teams (okstra.teams) over the process's variables. The
 * wizard's prompts and the Tasks view's wizard marks are computed in the same environment.
 */
export function environmentSource(settings: WizardSettings, env: NodeJS.ProcessEnv = process.env): EnvironmentSource {
  return { env, settings: { providerPaths: settings.providerPaths, modelDefaults: settings.modelDefaults, teams: settings.teams } };
}
