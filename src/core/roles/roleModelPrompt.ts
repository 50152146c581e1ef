// role-model:<role>:<ordinal> (R-PR-10…16): rotated defaults first, then the
// pool's models for the role; an option must be fully available and keep
// the selection completable. The rest of pool.list(role) is `unavailable`,
// with why.

import { type Prompt, type PromptOption, type UnavailableModel, WizardError, type WizardState } from '../types';
import { pyReprString } from '../pyRepr';
import { resolveAssignments } from './assignmentResolver';
import { ModelChoiceFeasibility, type ChoiceBlame } from './feasibility';
import { roleDefaults, rotateDefaults } from './modelDefaults';
import { roleModelId } from './roleIds';
import type { RoleRequirement } from './roleProfile';
import { selectionOf } from './roleSelection';
import type { RoleSession } from './roleSession';
import { echoTemplate, render, roleTexts } from './promptTexts';

const LEAVES_NO_COMPLETE_ASSIGNMENT = 'leaves no complete assignment';

/** An infeasible selection that no single choice can be blamed for. */
export function cannotCompleteMessage(reason: string): string {
  return `role selection cannot be completed: ${reason}`;
}

/** `planner agents must come from different providers; antigravity is already planner #1` (text catalogue ui.*). */
function blameText(session: RoleSession, role: string, ref: string, blame: ChoiceBlame): string {
  const ui = session.ctx.texts.ui;
  switch (blame.kind) {
    case 'provider':
      return render(ui.unavailable_detail_distinct_provider, { role, provider: blame.provider, ordinal: String(blame.ordinal) });
    case 'used':
      return render(ui.unavailable_detail_used, { role, model: ref, ordinal: String(blame.ordinal) });
    case 'too-few':
      return render(ui.unavailable_detail_too_few, { role });
    case 'base':
      return render(ui.unavailable_detail_other, { reason: blame.reason });
  }
}

/** The rotated defaults, then the pool's models for the role, each once, produced as they are asked for. */
function* candidateRefs(rotated: readonly string[], listed: readonly { ref: string }[]): Generator<string> {
  const seen = new Set<string>();
  for (const ref of rotated) {
    if (seen.has(ref)) continue;
    seen.add(ref);
    yield ref;
  }
  for (const { ref } of listed) {
    if (seen.has(ref)) continue;
    seen.add(ref);
    yield ref;
  }
}

/**
 * `answerOnly` (the progress simulation, docs/steps.md › Progress): the default is always the first
 * selectable candidate (the rotated defaults come first), so the candidates are checked only up to it,
 * and then the remembered answer of this step alone (the only other option the simulation can pick);
 * `unavailable` is left empty.
 */
export function roleModelPrompt(
  session: RoleSession,
  state: WizardState,
  req: RoleRequirement,
  count: number,
  ordinal: number,
  answerOnly = false,
): Prompt {
  const id = roleModelId(req.role, ordinal);
  const texts = roleTexts(session, 'role_model');
  const values = { role: req.role, ordinal: String(ordinal), count: String(count) };
  const avail = session.availability();
  const pool = avail.pool;
  const defaults = roleDefaults(session.scopes(), avail, req.role);
  if (defaults.error) throw new WizardError('no-prompt', defaults.error);
  const rotated = rotateDefaults(defaults.refs, ordinal);
  const defaultSet = new Set(rotated);
  const feasibility = new ModelChoiceFeasibility(session, selectionOf(state), req, count, ordinal);

  const options: PromptOption[] = [];
  const why = new Map<string, string>();
  const details = new Map<string, string>();
  const suffix = texts.options.default_suffix ?? '';
  const wanted = answerOnly ? state.remembered_answers?.[id] : undefined;
  let wantedSeen = false;
  for (const ref of candidateRefs(rotated, pool.list(req.role))) {
    if (answerOnly && options.length > 0) {
      if (wanted === undefined || wantedSeen) break;
      if (ref !== wanted) continue;
    }
    if (ref === wanted) wantedSeen = true;
    const a = avail.availability(ref, req.role);
    if (!a.available) {
      why.set(ref, a.reason);
      continue;
    }
    const blame = feasibility.blame(ref);
    if (blame) {
      why.set(ref, LEAVES_NO_COMPLETE_ASSIGNMENT);
      if (!answerOnly) details.set(ref, blameText(session, req.role, ref, blame));
      continue;
    }
    options.push({
      value: ref,
      label: render(texts.options.model!, {
        model_ref: ref,
        display: pool.resolve(ref).display,
        default_suffix: defaultSet.has(ref) ? suffix : '',
      }),
    });
  }
  if (options.length === 0) {
    // R-PR-16: the selection's feasibility is checked first, whether or not this role has candidates, and an
    // infeasible selection is reported as such (a dynamic role without a model, a chosen model gone, …);
    // only then is a role without any executable candidate reported as `has no executable model candidates`. The exact search (a shortage of this role's
    // own instances) speaks only when the role had candidates that all leave no completion.
    const problem =
      resolveAssignments(session, selectionOf(state), false) ??
      (avail.executableCandidates(req.role).length > 0 ? feasibility.baseProblem : null);
    if (problem) throw new WizardError('no-prompt', cannotCompleteMessage(problem));
    // The original's message first, byte for byte; where no provider can start here, why after it (docs/rules.md › R-MSG-1).
    const m8 = `role ${pyReprString(req.role)} has no executable model candidates`;
    const environment = avail.environmentProblem();
    throw new WizardError('no-prompt', environment ? `${m8}; ${environment}` : m8);
  }
  const def = options.find((o) => defaultSet.has(o.value)) ?? options[0]!;
  def.default = true;
  const unavailable: UnavailableModel[] = answerOnly
    ? []
    : pool
        .list(req.role)
        .filter((m) => why.has(m.ref))
        .map((m) => {
          const detail = details.get(m.ref);
          const label = render(texts.options.model!, { model_ref: m.ref, display: m.display, default_suffix: '' });
          const entry: UnavailableModel = { value: m.ref, label, reason: why.get(m.ref)! };
          if (detail) entry.detail = detail;
          return entry;
        });
  return {
    step: id,
    kind: 'pick',
    label: render(texts.label, values),
    options,
    echo_template: echoTemplate(texts, values),
    unavailable,
  };
}
