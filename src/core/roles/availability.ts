// Full availability (docs/roles.md › Availability, reasons 1–5) for one
// host and one environment. One instance lives for one operation, so the
// environment is asked once per provider and answers are memoised per
// (model, role): "compute availability once per prompt".

import type { EnvironmentPort, TerminalBackend } from '../ports';
import { pyReprString } from '../pyRepr';
import type { HostDescriptor } from './hostRegistry';
import { type Availability, AVAILABLE, type ModelPool } from './modelPool';

type SessionMode = 'new-session' | 'current-session';

export class AvailabilityContext {
  private readonly cli = new Map<string, boolean>();
  private backend: TerminalBackend | undefined;
  /** (session mode, role) → ref → answer; nested maps, no key strings built per lookup (P2: thousands per prompt). */
  private readonly memo = new Map<string, Map<string, Availability>>();
  private readonly candidateMemo = new Map<string, string[]>();
  private readonly candidateSetMemo = new Map<string, Set<string>>();
  private readonly providerMemo = new Map<string, Set<string>>();

  constructor(
    readonly pool: ModelPool,
    readonly host: HostDescriptor,
    readonly environment: EnvironmentPort,
  ) {}

  private cliAvailable(providerId: string, cli: string): boolean {
    let ok = this.cli.get(providerId);
    if (ok === undefined) {
      ok = this.environment.providerCliAvailable(providerId, cli);
      this.cli.set(providerId, ok);
    }
    return ok;
  }

  private terminalBackend(): TerminalBackend {
    if (this.backend === undefined) this.backend = this.environment.terminalBackend();
    return this.backend;
  }

  /** `pool.availability(ref, role, host_runtime, session_mode)`; reasons in the order of docs/roles.md › Availability. */
  availability(ref: string, role: string, sessionMode: SessionMode = 'new-session'): Availability {
    const memoKey = sessionMode === 'new-session' ? role : `\u0000${role}`;
    let byRef = this.memo.get(memoKey);
    if (!byRef) {
      byRef = new Map();
      this.memo.set(memoKey, byRef);
    }
    let result = byRef.get(ref);
    if (result) return result;
    result = this.pool.staticAvailability(ref, role);
    if (result.available && sessionMode === 'new-session') {
      const model = this.pool.resolve(ref);
      const provider = this.pool.provider(model.providerId)!;
      if (!this.cliAvailable(provider.id, provider.cli)) {
        result = { available: false, reason: `provider CLI ${pyReprString(provider.cli)} was not found on PATH`, environmental: true };
      } else if (this.terminalBackend() === 'none' && provider.id !== this.host.nativeProviderId) {
        result = {
          available: false,
          reason: `host ${pyReprString(this.host.hostId)} cannot start a new ${pyReprString(provider.id)} session: no terminal backend`,
          environmental: true,
        };
      } else result = AVAILABLE;
    }
    byRef.set(ref, result);
    return result;
  }

  /**
   * `_executable_role_models`: refs of pool.list(role), in pool order, that
   * are fully available for a new session. Availability does not depend on
   * the ordinal, so one list serves every instance of the role.
   */
  executableCandidates(role: string): string[] {
    let list = this.candidateMemo.get(role);
    if (!list) {
      list = this.pool
        .list(role)
        .filter((m) => this.availability(m.ref, role).available)
        .map((m) => m.ref);
      this.candidateMemo.set(role, list);
    }
    return list;
  }

  /** executableCandidates(role) as a set, memoised. */
  candidateSet(role: string): ReadonlySet<string> {
    let set = this.candidateSetMemo.get(role);
    if (!set) {
      set = new Set(this.executableCandidates(role));
      this.candidateSetMemo.set(role, set);
    }
    return set;
  }

  /** The providers of executableCandidates(role), memoised. */
  candidateProviders(role: string): ReadonlySet<string> {
    let set = this.providerMemo.get(role);
    if (!set) {
      set = new Set(this.executableCandidates(role).map((ref) => this.pool.resolve(ref).providerId));
      this.providerMemo.set(role, set);
    }
    return set;
  }

  /** Reasons 1–3 only: what a model already selected must pass (environmental reasons excepted). */
  selectedModelProblem(ref: string, role: string): Availability | null {
    const full = this.availability(ref, role);
    if (full.available || full.environmental) return null;
    return full;
  }
}
