// Full availability (roles.md › ModelPool.availability, reasons 1–5) for one
// host and one environment. One instance lives for one operation, so the
// environment is asked once per provider and answers are memoised per
// (model, role): "compute availability once per prompt".

import type { EnvironmentPort, TerminalBackend } from '../ports';
import { pyReprString } from '../pyRepr';
import type { HostDescriptor } from './hostRegistry';
import { type Availability, AVAILABLE, type ModelPool } from './modelPool';

export type SessionMode = 'new-session' | 'current-session';

export class AvailabilityContext {
  private readonly cli = new Map<string, boolean>();
  private backend: TerminalBackend | undefined;
  private readonly memo = new Map<string, Availability>();
  private readonly candidateMemo = new Map<string, string[]>();

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

  /** `pool.availability(ref, role, host_runtime, session_mode)`; reasons in roles.md order. */
  availability(ref: string, role: string, sessionMode: SessionMode = 'new-session'): Availability {
    const key = `${sessionMode}\u0000${role}\u0000${ref}`;
    let result = this.memo.get(key);
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
    this.memo.set(key, result);
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

  /** Reasons 1–3 only: what a model already selected must pass (environmental reasons excepted). */
  selectedModelProblem(ref: string, role: string): Availability | null {
    const full = this.availability(ref, role);
    if (full.available || full.environmental) return null;
    return full;
  }
}
