// The one trust gate (R6): an untrusted workspace shows the wizard but never runs okstra, never applies a
// persist action and never executes a configured path (okstra.command, okstra.providers). Every check asks
// this object; the integration tests' override lives here too.

import { runRefusal } from '../run/runGuard';
import type { HostWindow } from '../host/window';

export class TrustGate {
  private override: boolean | undefined;

  constructor(private readonly host: HostWindow) {}

  isTrusted(): boolean {
    return this.override ?? this.host.isTrusted();
  }

  /** Why Run (and persist actions) may not start now, or null. */
  refusal(): string | null {
    return runRefusal({ isTrusted: this.isTrusted() }, (m) => this.host.t(m));
  }

  /** Pretends the workspace is (un)trusted; undefined = VS Code's trust. */
  setOverride(trusted: boolean | undefined): void {
    this.override = trusted;
  }
}
