// Hosts (docs/roles.md › Hosts): where the wizard runs and which provider is the
// host's own, and the host-session context rendered for okstra.

import { WizardError, type WizardState } from '../types';
import { pyReprString } from '../pyRepr';

export type EntryMode = 'current-session' | 'spawn-process';
/** The entry modes a host may have: how the leader's session is entered. */
export const ENTRY_MODES = ['current-session', 'spawn-process'] as const satisfies readonly EntryMode[];

export interface HostDescriptor {
  hostId: string;
  nativeProviderId: string | null;
  entryModes: EntryMode[];
}

const HOSTS: HostDescriptor[] = [
  { hostId: 'claude-code', nativeProviderId: 'claude', entryModes: ['current-session', 'spawn-process'] },
  { hostId: 'codex', nativeProviderId: 'codex', entryModes: ['current-session', 'spawn-process'] },
  { hostId: 'antigravity', nativeProviderId: 'antigravity', entryModes: ['current-session', 'spawn-process'] },
  { hostId: 'vscode', nativeProviderId: null, entryModes: ['spawn-process'] },
];

export const HOST_IDS: readonly string[] = HOSTS.map((h) => h.hostId).sort();

/**
 * HostNotRegistered. The host comes from the state file (`host_runtime`), hence `file-error`;
 * `okstra-wizard init` reports the same message as bad usage (src/cli/openWizard.ts).
 */
export function resolveHost(hostId: string): HostDescriptor {
  const host = HOSTS.find((h) => h.hostId === hostId);
  if (!host) throw new WizardError('file-error', `unknown host runtime ${pyReprString(hostId)} (known: ${HOST_IDS.join(', ')})`);
  return host;
}

/** HostCapabilityMismatch when the host cannot be entered that way. */
function checkEntryMode(host: HostDescriptor, mode: string): EntryMode {
  if (!(host.entryModes as string[]).includes(mode)) {
    throw new WizardError('file-error', `host ${pyReprString(host.hostId)} does not support entry mode ${pyReprString(mode)}`);
  }
  return mode as EntryMode;
}

/** Both checks; returns the host. */
export function validateHost(hostId: string, entryMode: string): HostDescriptor {
  const host = resolveHost(hostId);
  checkEntryMode(host, entryMode);
  return host;
}

function compareUtf16(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `serialize_host_session_context(_host_session_context(state))`: compact
 * JSON, key order fixed, absent values null, non-ASCII as is (JSON.stringify
 * does not escape it), availableFunctions sorted by UTF-16 code unit. The
 * attestation is always `unknown(native provider)`: the leader's model is never known.
 */
export function hostSessionContextJson(state: WizardState): string {
  const host = resolveHost(state.host_runtime);
  return JSON.stringify({
    hostId: host.hostId,
    entryMode: state.host_entry_mode,
    availableFunctions: [...new Set(state.available_functions)].sort(compareUtf16),
    interactionSurface: 'wizard',
    currentModel: { providerId: host.nativeProviderId, normalizedModelRef: null, observedModel: null, effort: null },
  });
}
