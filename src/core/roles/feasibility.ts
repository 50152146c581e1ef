// Exact feasibility (docs/roles.md › The model in one paragraph): can a partial selection still
// be completed into one that passes resolve_assignments (checks 1–6)?
//
// Distinctness is per role and availability does not depend on the ordinal,
// so roles are independent: a role's open slots can be filled iff there are
// enough unused executable candidates — or, with `distinct: provider`, enough
// providers among them that the role does not use yet (one model per
// provider is then a valid fill). Polynomial, no enumeration; the seed's
// greedy fill (test/oracle) can miss fills this finds.

import { pyReprString } from '../pyRepr';
import type { AvailabilityContext } from './availability';
import { resolveAssignments } from './assignmentResolver';
import type { RoleRequirement } from './roleProfile';
import { countPromptKind, modelsOf, selectableRequirements, selectedRoleCount, type Selection } from './roleSelection';
import type { RoleSession } from './roleSession';

const q = pyReprString;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Whether `open` more instances of `req` can be filled next to `chosen`
 * (already valid by checks 2–5); null when they can.
 */
function openSlotsProblem(avail: AvailabilityContext, req: RoleRequirement, open: number, chosen: string[]): string | null {
  if (open <= 0) return null;
  // Counted from memoised per-role sets, O(chosen) per call (it runs for every role of every candidate's check).
  const candidates = avail.candidateSet(req.role);
  const used = new Set(chosen);
  if (req.distinct === 'provider') {
    // A provider the role does not use yet has no chosen model, so any of its candidates is unused.
    const usedProviders = new Set(chosen.map((ref) => avail.pool.resolve(ref).providerId));
    let free = 0;
    for (const p of avail.candidateProviders(req.role)) if (!usedProviders.has(p)) free++;
    if (free >= open) return null;
    return `role ${q(req.role)} needs ${open} more ${open === 1 ? 'model' : 'models'} from distinct providers, ${plural(free, 'provider')} with an executable model left`;
  }
  let usedCandidates = 0;
  for (const ref of used) if (candidates.has(ref)) usedCandidates++;
  const unused = candidates.size - usedCandidates;
  if (unused >= open) return null;
  return `role ${q(req.role)} needs ${open} more executable ${open === 1 ? 'model' : 'models'}, ${unused} left`;
}

/**
 * Counts a completion would use: answered counts as they are; a role whose
 * count is still to be asked takes the smallest count its models allow
 * (fewer instances are never harder to fill).
 */
function completionCounts(session: RoleSession, sel: Selection): Record<string, number> {
  const counts = { ...sel.counts };
  for (const req of session.profile().roles) {
    if (counts[req.role] !== undefined || countPromptKind(req) === null) continue;
    const have = modelsOf(sel.models, req.role).length;
    const n = Math.min(Math.max(req.min, have), req.max);
    if (n > 0) counts[req.role] = n;
  }
  return counts;
}

/** null when some completion of `sel` passes checks 1–6 (1–5 with `setAside`, resolveAssignments); else why not. */
export function completionProblem(session: RoleSession, sel: Selection, setAside = false): string | null {
  const counts = completionCounts(session, sel);
  const problem = resolveAssignments(session, { counts, models: sel.models }, false, setAside);
  if (problem) return problem;
  const avail = session.availability();
  for (const req of selectableRequirements(session, counts)) {
    const chosen = modelsOf(sel.models, req.role);
    const p = openSlotsProblem(avail, req, selectedRoleCount(counts, req) - chosen.length, chosen);
    if (p) return p;
  }
  return null;
}

export function canComplete(session: RoleSession, sel: Selection): boolean {
  return completionProblem(session, sel) === null;
}

/**
 * Feasibility of each candidate for `role-model:<r>:<ordinal>`: the rest of
 * the selection is checked once, then each candidate in O(1).
 */
/** Why a candidate cannot be chosen, as data for a readable explanation (roleModelPrompt). */
export type ChoiceBlame =
  | { kind: 'base'; reason: string }
  | { kind: 'used'; ordinal: number }
  | { kind: 'provider'; provider: string; ordinal: number }
  | { kind: 'too-few'; reason: string };

export class ModelChoiceFeasibility {
  private readonly base: string | null;
  private readonly prefixList: string[];
  private readonly prefix: Set<string>;
  private readonly prefixProviders = new Set<string>();
  private readonly unusedCount: number;
  private readonly freeProviders = new Set<string>();
  private readonly open: number;

  constructor(
    private readonly session: RoleSession,
    sel: Selection,
    private readonly req: RoleRequirement,
    count: number,
    ordinal: number,
  ) {
    const avail = session.availability();
    const prefixList = modelsOf(sel.models, req.role).slice(0, ordinal - 1);
    this.prefixList = prefixList;
    this.prefix = new Set(prefixList);
    const models = { ...sel.models };
    if (prefixList.length) models[req.role] = prefixList;
    else delete models[req.role];
    this.base = completionProblem(session, { counts: sel.counts, models });
    this.open = count - ordinal;
    for (const ref of prefixList) this.prefixProviders.add(avail.pool.resolve(ref).providerId);
    let unused = 0;
    for (const ref of avail.executableCandidates(req.role)) {
      if (this.prefix.has(ref)) continue;
      unused++;
      const p = avail.pool.resolve(ref).providerId;
      if (!this.prefixProviders.has(p)) this.freeProviders.add(p);
    }
    this.unusedCount = unused;
  }

  /** Why the selection without this role's choice already cannot be completed, or null. */
  get baseProblem(): string | null {
    return this.base;
  }

  /** null when choosing `ref` (fully available, an executable candidate) keeps the selection completable. */
  problem(ref: string): string | null {
    if (this.base) return this.base;
    const role = this.req.role;
    const avail = this.session.availability();
    if (this.prefix.has(ref)) return `role ${q(role)} uses model ${q(ref)} twice`;
    const provider = avail.pool.resolve(ref).providerId;
    if (this.req.distinct === 'provider') {
      if (this.prefixProviders.has(provider)) return `role ${q(role)} needs distinct providers; ${q(provider)} is used twice`;
      const left = this.freeProviders.size - (this.freeProviders.has(provider) ? 1 : 0);
      if (left < this.open) {
        return `role ${q(role)} needs ${this.open} more ${this.open === 1 ? 'model' : 'models'} from distinct providers, ${plural(left, 'provider')} with an executable model left`;
      }
      return null;
    }
    const left = this.unusedCount - 1;
    if (left < this.open) return `role ${q(role)} needs ${this.open} more executable ${this.open === 1 ? 'model' : 'models'}, ${left} left`;
    return null;
  }

  /** What problem(ref) found, as data: the earlier instance it clashes with, or the reason. null when choosable. */
  blame(ref: string): ChoiceBlame | null {
    const problem = this.problem(ref);
    if (problem === null) return null;
    if (this.base) return { kind: 'base', reason: this.base };
    const used = this.prefixList.indexOf(ref);
    if (used >= 0) return { kind: 'used', ordinal: used + 1 };
    if (this.req.distinct === 'provider') {
      const pool = this.session.availability().pool;
      const provider = pool.resolve(ref).providerId;
      const at = this.prefixList.findIndex((r) => pool.resolve(r).providerId === provider);
      if (at >= 0) return { kind: 'provider', provider, ordinal: at + 1 };
    }
    return { kind: 'too-few', reason: problem };
  }
}
