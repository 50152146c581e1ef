// The workspace rules the steps apply to what WorkspacePort reads
// (docs/okstra-files.md): slugs, the next-phase pointer, the catalogue order and
// labels, and the approved plan's stages.

import { pyReprString } from '../pyRepr';
import { formatTemplate } from '../text/catalog';
import type { ApprovedPlan, PlanStage, TaskDetails, TaskEntry, TaskManifest } from '../ports';
import { isTaskType, WizardError } from '../types';

/** docs/okstra-files.md › Roots: `slugify_task_segment`. */
export function slugifyTaskSegment(s: string): string {
  let out = s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  out = out
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/^-+|-+$/g, '');
  if (out === '') throw new WizardError('refused-answer', `task segment is empty after slugify: ${pyReprString(s)}`);
  return out;
}

const STATUS_READY = 'ready';

/** `next_phase.promote`: the pointer in its object form. */
export function promotePointer(raw: unknown): { phase: string; status: string } {
  if (raw === null || raw === undefined || raw === '') return { phase: '', status: STATUS_READY };
  if (typeof raw === 'string') return { phase: raw, status: STATUS_READY };
  if (typeof raw === 'object' && !Array.isArray(raw)) {
    const o = raw as Record<string, unknown>;
    return {
      phase: typeof o.phase === 'string' ? o.phase : '',
      status: typeof o.status === 'string' ? o.status : 'blocked',
    };
  }
  return { phase: '', status: 'blocked' };
}

/** R-NPH-1: the picker cell, `--` for an empty phase, status in parentheses unless ready. */
export function nextPhaseCell(raw: unknown): string {
  const p = promotePointer(raw);
  const cell = p.phase || '--';
  return p.status === STATUS_READY ? cell : `${cell} (${p.status})`;
}

/** `autofill_task_type`: the pointer's phase when ready and a task type, else "". */
export function autofillTaskType(manifest: Pick<TaskManifest, 'workflow'> | null | undefined): string {
  const p = promotePointer(manifest?.workflow?.nextRecommendedPhase);
  return p.status === STATUS_READY && isTaskType(p.phase) ? p.phase : '';
}

/** The analysing run types: they ask for an analysis target (docs/steps.md › Steps) and can request a revision. */
export const ANALYSING_TASK_TYPES = new Set(['requirements-discovery', 'error-analysis', 'implementation-planning']);

/** R-NPH-5's `revision_requested`: the last run's type when it asked for a revision. */
export function revisionRequested(manifest: TaskManifest): string {
  const runs = manifest.runs ?? [];
  const last = runs[runs.length - 1];
  if (last && last.outcome === 'revision-requested' && last.taskType && ANALYSING_TASK_TYPES.has(last.taskType)) return last.taskType;
  return '';
}

/** The last `runs` entry of type final-verification has status `failed` (fix-cycle). */
export function failedFinalVerification(manifest: TaskManifest): string | null {
  const runs = (manifest.runs ?? []).filter((r) => r.taskType === 'final-verification');
  const last = runs[runs.length - 1];
  return last && last.status === 'failed' ? last.runId : null;
}

function dated(m: TaskManifest): number | null {
  if (typeof m.updatedAt !== 'string') return null;
  if (!/^\d{4}-\d{2}-\d{2}/.test(m.updatedAt)) return null;
  const t = Date.parse(m.updatedAt);
  return Number.isNaN(t) ? null : t;
}

/** docs/okstra-files.md › The task catalogue: dated newest first, undated after, ties by key; unreadable last. */
export function sortCatalogue(entries: readonly TaskEntry[]): TaskEntry[] {
  const byKey = (a: TaskEntry, b: TaskEntry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  // Each date is parsed once, not in every comparison (P3: 10,000 tasks would cost O(n log n) Date.parse calls).
  const readable: Array<{ e: TaskEntry; t: number | null }> = [];
  const unreadable: TaskEntry[] = [];
  for (const e of entries) {
    if (e.manifest === null) unreadable.push(e);
    else readable.push({ e, t: dated(e.manifest) });
  }
  readable.sort((a, b) => {
    const ta = a.t;
    const tb = b.t;
    if (ta !== null && tb !== null && ta !== tb) return tb - ta;
    if (ta !== null && tb === null) return -1;
    if (ta === null && tb !== null) return 1;
    return byKey(a.e, b.e);
  });
  unreadable.sort(byKey);
  const out = readable.map((r) => r.e);
  for (const e of unreadable) out.push(e);
  return out;
}

const sortedCatalogues = new WeakMap<readonly TaskEntry[], readonly TaskEntry[]>();

/**
 * sortCatalogue of the wizard's catalogue, once per array: a workspace that trusts its watcher hands out the same
 * array until a task changes (src/workspace/catalogue.ts tasks()), and the task picker would otherwise sort 10,000
 * tasks at every prompt (P3). The result is shared, so it is read-only.
 */
export function sortedCatalogue(entries: readonly TaskEntry[]): readonly TaskEntry[] {
  let sorted = sortedCatalogues.get(entries);
  if (!sorted) {
    sorted = sortCatalogue(entries);
    sortedCatalogues.set(entries, sorted);
  }
  return sorted;
}

/** A task's current phase as the picker shows it: `currentPhase`, else the last run's type, else `--`. */
export function currentPhaseOf(m: TaskManifest): string {
  const runs = m.runs ?? [];
  const ttype = runs.length ? (runs[runs.length - 1].taskType ?? '') : '';
  return m.workflow?.currentPhase || ttype || '--';
}

/** The words of a task-picker label, in the user's language (text catalogue `steps.task_pick.options`). */
interface TaskPickerWords {
  /** `next: {phase}` */
  next: string;
  /** `contract: {outcome}` */
  contract: string;
  /** `(latest)` */
  latest: string;
  /** `(unreadable manifest: {error})` */
  unreadable: string;
}

const ENGLISH_PICKER_WORDS: TaskPickerWords = {
  next: 'next: {phase}',
  contract: 'contract: {outcome}',
  latest: '(latest)',
  unreadable: '(unreadable manifest: {error})',
};

/** R-NPH-2: one task-picker label (in English exactly as the rule has it; the words translated in other languages). */
export function taskPickerLabel(entry: TaskEntry, latest: boolean, words: TaskPickerWords = ENGLISH_PICKER_WORDS): string {
  if (entry.manifest === null) return `${entry.key}  ·  ${formatTemplate(words.unreadable, { error: entry.error ?? '' })}`;
  const m = entry.manifest;
  const phase = currentPhaseOf(m);
  const contract = m.contract?.outcome ? `  ·  ${formatTemplate(words.contract, { outcome: m.contract.outcome })}` : '';
  const next = formatTemplate(words.next, { phase: nextPhaseCell(m.workflow?.nextRecommendedPhase) });
  return `${entry.key}  ·  ${phase}  ·  ${next}${contract}${latest ? `  ${words.latest}` : ''}`;
}

/** Is the first dated task of the sorted catalogue this one? */
export function latestKey(sorted: readonly TaskEntry[]): string | null {
  const first = sorted.find((e) => e.manifest !== null && dated(e.manifest) !== null);
  return first ? first.key : null;
}

// ------------------------------------------------------------------ plans

export const STAGE_SCOPED_TASK_TYPES = new Set(['implementation', 'final-verification']);

interface StagePlan {
  plan: ApprovedPlan;
  /** Candidates in dependency order, ties in file order. */
  chain: PlanStage[];
  /** Candidates offered alone (`stage:<id>`), in chain order. */
  singles: PlanStage[];
}

function findCycle(stages: PlanStage[]): string[] | null {
  const byId = new Map(stages.map((s) => [s.id, s]));
  const state = new Map<string, 0 | 1 | 2>();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    state.set(id, 1);
    stack.push(id);
    for (const dep of byId.get(id)!.dependsOn) {
      if (!byId.has(dep)) continue;
      const st = state.get(dep) ?? 0;
      if (st === 1) return [...stack.slice(stack.indexOf(dep)), dep];
      if (st === 0) {
        const c = visit(dep);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(id, 2);
    return null;
  };
  for (const s of stages) {
    if ((state.get(s.id) ?? 0) === 0) {
      const c = visit(s.id);
      if (c) return c;
    }
  }
  return null;
}

/** Kahn's order over the candidates; a dependency outside them counts as met. */
function dependencyOrder(candidates: PlanStage[]): PlanStage[] {
  const ids = new Set(candidates.map((s) => s.id));
  const placed = new Set<string>();
  const out: PlanStage[] = [];
  while (out.length < candidates.length) {
    const next = candidates.find((s) => !placed.has(s.id) && s.dependsOn.every((d) => !ids.has(d) || placed.has(d)));
    if (!next) break; // unreachable: cycles are refused before
    placed.add(next.id);
    out.push(next);
  }
  return out;
}

/**
 * The stage step's inputs for implementation / final-verification
 * (docs/okstra-files.md › Plans), or the plan error as a WizardError.
 */
export function stagePlan(task: TaskDetails, taskType: string): StagePlan {
  const plan = task.plan;
  if (plan === null) throw new WizardError('no-prompt', `task '${task.key}' has no approved plan (plan/approved-plan.md)`);
  if ('error' in plan) throw new WizardError('file-error', plan.error);
  const seen = new Set<string>();
  for (const s of plan.stages) {
    if (seen.has(s.id)) throw new WizardError('no-prompt', `approved plan stage id is duplicated: ${pyReprString(s.id)}`);
    seen.add(s.id);
  }
  const cycle = findCycle(plan.stages);
  if (cycle) throw new WizardError('no-prompt', `approved plan stages form a cycle: ${cycle.join(' -> ')}`);
  if (!plan.approved) throw new WizardError('no-prompt', 'approved plan is not approved: set approved: true');
  if (plan.blocking !== null) throw new WizardError('no-prompt', `approved plan has unresolved blocking items: ${plan.blocking}`);
  const done = new Set(task.manifest.workflow?.completedStages ?? []);
  let candidates: PlanStage[];
  if (taskType === 'implementation') {
    const fixCycle = failedFinalVerification(task.manifest) !== null;
    candidates = fixCycle ? plan.stages : plan.stages.filter((s) => !done.has(s.id));
    if (candidates.length === 0) throw new WizardError('no-prompt', 'every stage of the approved plan is done');
  } else {
    candidates = plan.stages.filter((s) => done.has(s.id));
    if (candidates.length === 0) throw new WizardError('no-prompt', 'no stage of the approved plan is done yet');
  }
  const chain = dependencyOrder(candidates);
  const singles = taskType === 'implementation' ? chain.filter((s) => s.dependsOn.every((d) => done.has(d))) : chain;
  return { plan, chain, singles };
}
