// ModelPool (docs/profiles.md › Models and providers): the merged
// registry as the seed queries it.

import { WizardError } from '../types';
import { pyReprString } from '../pyRepr';
import type { ModelEntry, ProviderEntry, Registry } from './registry';

/** Why a model cannot be used; `environmental` marks reasons 4 and 5 (they differ between machines). */
export interface Availability {
  available: boolean;
  reason: string;
  environmental: boolean;
}

export const AVAILABLE: Availability = Object.freeze({ available: true, reason: '', environmental: false });

export class ModelPool {
  private readonly byRef: Map<string, ModelEntry>;
  private readonly listCache = new Map<string, ModelEntry[]>();

  constructor(readonly registry: Registry) {
    this.byRef = new Map(registry.models.map((m) => [m.ref, m]));
  }

  get models(): readonly ModelEntry[] {
    return this.registry.models;
  }

  provider(providerId: string): ProviderEntry | undefined {
    return this.registry.providers.get(providerId);
  }

  has(ref: string): boolean {
    return this.byRef.has(ref);
  }

  /** Models (registry order) that may serve `role`; all models when no role is given. */
  list(role?: string): ModelEntry[] {
    if (role === undefined) return this.registry.models.slice();
    let cached = this.listCache.get(role);
    if (!cached) {
      cached = this.registry.models.filter((m) => serves(m, role));
      this.listCache.set(role, cached);
    }
    return cached;
  }

  /** Unknown → WizardError `unknown model '<ref>'` (the seed's ValueError). */
  resolve(ref: string): ModelEntry {
    const model = this.byRef.get(ref);
    if (!model) throw new WizardError('refused-answer', `unknown model ${pyReprString(ref)}`);
    return model;
  }

  /** The provider's model whose ref, model part or alias equals `value` exactly. */
  resolveAlias(providerId: string, value: string): ModelEntry {
    const model = this.registry.models.find(
      (m) => m.providerId === providerId && (m.ref === value || m.modelName === value || m.aliases.includes(value)),
    );
    if (!model) throw new WizardError('refused-answer', `unknown model ${pyReprString(value)} for provider ${pyReprString(providerId)}`);
    return model;
  }

  /** Models whose defaultFor lists the role, in registry order. */
  defaultCandidates(role: string): ModelEntry[] {
    return this.registry.models.filter((m) => m.defaultFor.includes(role));
  }

  /** The first of the provider's models for the role, a default one first; null when none. */
  defaultCandidate(providerId: string, role: string): ModelEntry | null {
    const own = this.list(role).filter((m) => m.providerId === providerId);
    return own.find((m) => m.defaultFor.includes(role)) ?? own[0] ?? null;
  }

  /**
   * Reasons 1–3 of docs/roles.md › Availability (those that do not depend on the machine).
   * The environmental reasons 4–5 are added by AvailabilityContext.
   */
  staticAvailability(ref: string, role: string): Availability {
    const model = this.byRef.get(ref);
    if (!model) return { available: false, reason: `unknown model ${pyReprString(ref)}`, environmental: false };
    if (!serves(model, role)) {
      return { available: false, reason: `model ${pyReprString(ref)} does not serve role ${pyReprString(role)}`, environmental: false };
    }
    const provider = this.registry.providers.get(model.providerId);
    if (!provider) {
      return { available: false, reason: `unknown provider ${pyReprString(model.providerId)}`, environmental: false };
    }
    if (!provider.enabled) {
      return { available: false, reason: `provider ${pyReprString(model.providerId)} is disabled`, environmental: false };
    }
    return AVAILABLE;
  }
}

function serves(model: ModelEntry, role: string): boolean {
  return model.roles === '*' || model.roles.includes(role);
}
