// Teams (docs/profiles.md › Teams): a whole panel of agents named once — per role, the models of its agents — and
// used in one pick (team-pick). Nothing here has rules of its own: a team is used by giving the role prompts
// (nextRolePrompt / submitRolePrompt) the answers it stands for, one by one, and it can be used exactly when they
// take every one of them. The few things a prompt cannot be asked (a role the profile lacks, a fixed count) are
// judged with the resolver's own checks and messages (assignmentResolver.ts).

import type { PreviousRunInputs, ProjectConfig, UserTeams } from '../ports';
import { formatTemplate, type TextCatalog } from '../text/catalog';
import { WizardError, type Prompt, type WizardState } from '../types';
import { countRangeProblem, notSelectableMessage } from './assignmentResolver';
import { applyPreviousRunSelection } from './convertV1';
import { nextRolePrompt } from './roleFlow';
import { LEADER_SESSION_STEP, parseRoleStepId, roleAddId, roleCountId, roleModelId } from './roleIds';
import { countPromptKind, modelsOf, selectedRoleCount } from './roleSelection';
import { LEADER_REQUIREMENT, type RoleRequirement } from './roleProfile';
import type { RoleSession } from './roleSession';
import { recordRoleAnswer, submitRolePrompt } from './submitRolePrompt';

import { ONE_BY_ONE, RUN_TEAM_PREFIX, TEAM_NAME_PATTERN } from './teamNames';

export { ONE_BY_ONE };

type TeamScope = 'project' | 'user' | 'run';

export interface Team {
  /** The option value of team-pick: the team's name, or `run:<id>` for a past run's agents. */
  value: string;
  /** The team's name, or the run id. */
  name: string;
  scope: TeamScope;
  /** Where the team is defined, for messages: `.okstra/config.yaml: teams.<name>`, `setting okstra.teams.<name>`, an inputs.json. */
  source: string;
  description?: string;
  /** Role id → model refs in agent order (`[]`: none of that optional role), in the order written. */
  roles: Record<string, string[]>;
  /** The team's definition cannot be used at all (a personal team that does not fit the schema), in words. */
  error?: string;
}

/** Whether a name may be a team's (and so an option value of team-pick). */
function isTeamName(name: string): boolean {
  return TEAM_NAME_PATTERN.test(name) && name !== ONE_BY_ONE;
}

/**
 * The teams a wizard may offer, in order: the project's (`teams:` of config.yaml, in file order), then the user's
 * (the `okstra.teams` setting or the OKSTRA_TEAMS file) except those whose name a project team has (the project's
 * wins, as for model defaults).
 */
export function configuredTeams(config: ProjectConfig | null, user: UserTeams | null): Team[] {
  const out: Team[] = [];
  const names = new Set<string>();
  for (const [name, team] of Object.entries(config?.teams ?? {})) {
    names.add(name);
    out.push({
      value: name,
      name,
      scope: 'project',
      source: `${config!.path}: teams.${name}`,
      description: team.description,
      roles: team.roles,
    });
  }
  if (user) {
    user.teams.forEach((entry, i) => {
      if (names.has(entry.name)) return;
      names.add(entry.name);
      const source = user.source.kind === 'setting' ? `setting okstra.teams.${entry.name}` : `${user.source.path}: ${entry.name}`;
      // A name that cannot be an answer still gets an option (disabled, with its error): nothing is dropped silently.
      const value = isTeamName(entry.name) ? entry.name : `#invalid-${i + 1}`;
      if ('error' in entry) out.push({ value, name: entry.name, scope: 'user', source, roles: {}, error: entry.error });
      else out.push({ value, name: entry.name, scope: 'user', source, description: entry.team.description, roles: entry.team.roles });
    });
  }
  return out;
}

/**
 * The roles of a team that this run can take: all of them, except `leader` in current-session mode, where the
 * session running the wizard is the leader and no leader prompt exists (docs/roles.md › Hosts).
 */
function effectiveRoles(session: RoleSession, team: Team): Array<[string, string[]]> {
  return Object.entries(team.roles).filter(([role]) => !(role === 'leader' && session.mode === 'current-session'));
}

/** Whether the team names a role this run's profile selects (so that team-pick is worth asking). A broken team always does. */
export function teamTouches(session: RoleSession, team: Team): boolean {
  if (team.error) return true;
  return effectiveRoles(session, team).some(([role]) => {
    const req = session.requirement(role);
    return req !== undefined && !req.dynamic;
  });
}

/** The team's agents in one line: `leader: claude/opus-4.5 · planner: codex/gpt-5.1-codex, antigravity/gemini-3-pro · no critic`. */
export function teamSummary(texts: TextCatalog, team: Team): string {
  const ui = texts.ui;
  return Object.entries(team.roles)
    .map(([role, models]) =>
      models.length === 0 ? formatTemplate(ui.team_role_none, { role }) : formatTemplate(ui.team_role, { role, models: models.join(', ') }),
    )
    .join(ui.team_separator);
}

/** The role-step answers a team stands for: a count (or add) step per adjustable role, then one model step per agent. */
export function teamAnswers(session: RoleSession, team: Team): Map<string, string> {
  const out = new Map<string, string>();
  for (const [role, models] of effectiveRoles(session, team)) {
    const req = session.requirement(role);
    if (!req || req.dynamic) continue;
    const kind = countPromptKind(req);
    if (kind === 'role-count') out.set(roleCountId(role), String(models.length));
    else if (kind === 'role-add') out.set(roleAddId(role), String(models.length));
    models.forEach((ref, i) => out.set(roleModelId(role, i + 1), ref));
  }
  return out;
}

/**
 * What no prompt can be asked and the resolver judges instead: a role the profile lacks or a dynamic role
 * (`role '<r>' is not selectable in the <type> profile`), a fixed count the list does not have (`role '<r>' count
 * must be in <min>..<max>: <n>`). Null when the team's shape fits the profile.
 */
function teamShapeProblem(session: RoleSession, team: Team): string | null {
  if (team.error) return team.error;
  for (const [role, models] of effectiveRoles(session, team)) {
    const req = session.requirement(role);
    // None of a role the profile lacks (or starts by itself) asks nothing of it: one by one takes that too.
    if (!req || req.dynamic) {
      if (models.length === 0) continue;
      return notSelectableMessage(session, role);
    }
    if (countPromptKind(req) === null) {
      const p = countRangeProblem(req, models.length);
      if (p) return p;
    }
  }
  return null;
}

/** The role selection as it stands before any role answer (leader-session aside): what team-pick judges teams on. */
export function roleBaseState(state: WizardState): WizardState {
  const keep = state.role_selection_order.includes(LEADER_SESSION_STEP);
  return {
    ...state,
    answered: state.answered.filter((id) => parseRoleStepId(id) === null || id === LEADER_SESSION_STEP),
    role_counts: {},
    role_models: {},
    role_selection_order: keep ? [LEADER_SESSION_STEP] : [],
    remembered_answers: undefined,
  };
}

/** The next role prompt; with `answerOnly`, built as the progress simulation builds it, `wanted` evaluated as its remembered answer. */
function promptWanting(session: RoleSession, state: WizardState, answerOnly: boolean, wanted: ReadonlyMap<string, string>): Prompt | null {
  if (!answerOnly) return nextRolePrompt(session, state);
  const saved = state.remembered_answers;
  state.remembered_answers = { ...(saved ?? {}), ...Object.fromEntries(wanted) };
  try {
    return nextRolePrompt(session, state, true);
  } finally {
    if (saved === undefined) delete state.remembered_answers;
    else state.remembered_answers = saved;
  }
}

/** Submits `value` to `prompt` as a person would (recorded in `answered` and the role order); the refusal, or null. */
function answerRolePrompt(session: RoleSession, state: WizardState, prompt: Prompt, value: string): WizardError | null {
  try {
    submitRolePrompt(session, state, prompt, value);
  } catch (err) {
    if (err instanceof WizardError) return err;
    throw err;
  }
  recordRoleAnswer(state, prompt.step);
  return null;
}

interface TeamApplyOptions {
  /** Build the prompts as the progress simulation does (the same answers are accepted: roleFlow.ts). */
  answerOnly?: boolean;
  /** Earlier answers to try first on the steps the team covers (a rewind's remembered answers). */
  preferred?: Readonly<Record<string, string>>;
}

/**
 * Answers the role prompts the team covers, in the order they come, exactly as if each had been answered one by
 * one (submitRolePrompt, recordRoleAnswer); mutates `state`. It stops at the first prompt the team does not cover,
 * or whose answers (a preferred one, then the team's) are all refused, and at the end of the role selection.
 * Returns the steps answered, in order.
 */
export function applyTeam(session: RoleSession, state: WizardState, team: Team, opts: TeamApplyOptions = {}): string[] {
  const answers = teamAnswers(session, team);
  const answered: string[] = [];
  const answerOnly = opts.answerOnly ?? false;
  for (let guard = 0; guard < 10_000; guard++) {
    const first = new Map<string, string>();
    for (const [id, v] of answers) first.set(id, opts.preferred?.[id] ?? v);
    const prompt = promptWanting(session, state, answerOnly, first);
    if (!prompt) break;
    const own = answers.get(prompt.step);
    if (own === undefined) break;
    const tries = [...new Set([opts.preferred?.[prompt.step], own].filter((v): v is string => v !== undefined))];
    let accepted = false;
    for (const [i, value] of tries.entries()) {
      const p = i === 0 ? prompt : promptWanting(session, state, answerOnly, new Map([[prompt.step, value]]));
      if (p && p.step === prompt.step && answerRolePrompt(session, state, p, value) === null) {
        accepted = true;
        break;
      }
    }
    if (!accepted) break;
    answered.push(prompt.step);
  }
  return answered;
}

export type TeamVerdict = { usable: true } | { usable: false; reason: string };

/** Why the role prompt refused the team's `value`, in words: the model prompt's reason for it, else the refusal. */
function refusalReason(session: RoleSession, state: WizardState, prompt: Prompt, value: string, err: WizardError): string {
  const parsed = parseRoleStepId(prompt.step);
  if (parsed?.kind !== 'role-model') return err.message;
  // The full prompt names why a model is not offered (its `unavailable` entry); a model the role's list lacks
  // gets its availability reason (unknown, does not serve the role).
  const full = nextRolePrompt(session, state);
  const listed = full?.step === prompt.step ? full.unavailable?.find((u) => u.value === value) : undefined;
  let reason = listed ? (listed.detail ?? listed.reason) : null;
  if (reason === null) {
    const a = session.availability().availability(value, parsed.role);
    reason = a.available ? err.message : a.reason;
  }
  return formatTemplate(session.ctx.texts.ui.team_agent_problem, {
    role: parsed.role,
    ordinal: String(parsed.ordinal),
    model: value,
    reason,
  });
}

/**
 * Whether the team can be used on this run, judged by the role prompts themselves on a copy of `base` (the role
 * selection before any role answer, roleBaseState): every answer the team stands for is given to its prompt in
 * order; a prompt the team does not cover gets its default (the roles are independent: docs/roles.md › The model
 * in one paragraph), so that every later prompt the team covers is reached. The first refusal is the reason.
 */
export function teamVerdict(session: RoleSession, base: WizardState, team: Team, answerOnly = false): TeamVerdict {
  const shape = teamShapeProblem(session, team);
  if (shape) return { usable: false, reason: shape };
  const answers = teamAnswers(session, team);
  const state: WizardState = { ...base, ...cloneRoleFields(base) };
  try {
    for (let guard = 0; guard < 10_000; guard++) {
      const prompt = promptWanting(session, state, answerOnly, answers);
      if (!prompt) break;
      const own = answers.get(prompt.step);
      if (own === undefined) {
        // Not the team's: any answer a person could give will do; the prompt's default is one.
        const def = prompt.options.find((o) => o.default && !o.disabled) ?? prompt.options.find((o) => !o.disabled);
        if (!def) return { usable: false, reason: noAnswerReason(session, state, prompt) };
        const err = answerRolePrompt(session, state, prompt, def.value);
        if (err) return { usable: false, reason: err.message };
        continue;
      }
      const err = answerRolePrompt(session, state, prompt, own);
      if (err) return { usable: false, reason: refusalReason(session, state, prompt, own, err) };
    }
  } catch (err) {
    // The role selection cannot go on whatever is answered (a broken default, no complete assignment).
    if (err instanceof WizardError) return { usable: false, reason: err.message };
    throw err;
  }
  return { usable: true };
}

/** Why a prompt the team does not cover has no answer at all (every option refused): its first option's reason. */
function noAnswerReason(session: RoleSession, state: WizardState, prompt: Prompt): string {
  const full = nextRolePrompt(session, state);
  const option = (full ?? prompt).options.find((o) => o.description);
  return option?.description ?? `step ${prompt.step} has no possible answer`;
}

function cloneRoleFields(s: WizardState): Pick<WizardState, 'answered' | 'role_counts' | 'role_models' | 'role_selection_order'> {
  return {
    answered: [...s.answered],
    role_counts: { ...s.role_counts },
    role_models: Object.fromEntries(Object.entries(s.role_models).map(([r, m]) => [r, [...m]])),
    role_selection_order: [...s.role_selection_order],
  };
}

// ------------------------------------------------------------------ saving a team

/**
 * The team a wizard's role selection stands for (Save these agents as a team…): per role this run selects — the
 * leader in spawn-process mode, then every non-dynamic role of the profile in profile order — its models in
 * agent order, `[]` for a role with no agents. Picking it at team-pick later gives the same answers.
 */
export function selectionTeamRoles(session: RoleSession, state: WizardState): Record<string, string[]> {
  const reqs: RoleRequirement[] = session.mode === 'spawn-process' ? [LEADER_REQUIREMENT] : [];
  for (const req of session.profile().roles) if (!req.dynamic && !reqs.some((r) => r.role === req.role)) reqs.push(req);
  const out: Record<string, string[]> = {};
  for (const req of reqs) {
    const count = selectedRoleCount(state.role_counts, req);
    out[req.role] = modelsOf(state.role_models, req.role).slice(0, count);
  }
  return out;
}

/** Why `name` cannot be a team's name, in words (a typed name gets the same check as one read from a file); null when it can. */
export function teamNameProblem(texts: TextCatalog, name: string): string | null {
  if (name.trim() === '') return texts.ui.team_name_empty;
  if (name === ONE_BY_ONE) return formatTemplate(texts.ui.team_name_reserved, { name });
  if (!TEAM_NAME_PATTERN.test(name)) return formatTemplate(texts.ui.team_name_invalid, { name });
  return null;
}

// ------------------------------------------------------------------ past runs

/**
 * The roles of a past run's selection: `roleCounts`/`roleModels` as written, legacy keys through the v1 conversion.
 * `state` is the wizard's state, which only lends the conversion's scratch state its other fields.
 */
function runRoles(session: RoleSession, inputs: Record<string, unknown>, state: WizardState): Record<string, string[]> {
  const counts = isRecord(inputs.roleCounts) ? inputs.roleCounts : null;
  const models = isRecord(inputs.roleModels) ? inputs.roleModels : null;
  let c: Record<string, number>;
  let m: Record<string, string[]>;
  if (counts || models) {
    c = Object.fromEntries(Object.entries(counts ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number'));
    m = Object.fromEntries(
      Object.entries(models ?? {}).filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].every((x) => typeof x === 'string')),
    );
  } else {
    // Legacy keys (workers, leadModel, …): the conversion reuse-previous applies, on a scratch state.
    // The conversion reads the run type, the entry mode, `answered` and the role fields: fresh ones here.
    const scratch: WizardState = {
      ...state,
      task_type: session.taskType,
      host_entry_mode: session.entryMode,
      answered: [],
      extra_keys: [],
      role_counts: {},
      role_models: {},
      role_selection_order: [],
      pending_follow_up: undefined,
      remembered_answers: undefined,
      team_pick: undefined,
    };
    try {
      applyPreviousRunSelection(session, scratch, inputs);
    } catch (err) {
      if (err instanceof WizardError) return {};
      throw err;
    }
    c = scratch.role_counts;
    m = scratch.role_models;
  }
  const out: Record<string, string[]> = {};
  const order = ['leader', ...safeProfileRoles(session)];
  const roles = [...new Set([...Object.keys(m), ...Object.keys(c)])].sort((a, b) => rank(order, a) - rank(order, b));
  for (const role of roles) {
    if (m[role] && m[role].length > 0) out[role] = [...m[role]];
    else if (c[role] === 0) out[role] = [];
  }
  return out;
}

function safeProfileRoles(session: RoleSession): string[] {
  try {
    return session.profile().roles.map((r) => r.role);
  } catch {
    return [];
  }
}

function rank(order: string[], role: string): number {
  const i = order.indexOf(role);
  return i < 0 ? order.length : i;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The agents a past run used, as a team (`run:<id>`); null when its inputs name none. `state`: the wizard's state. */
export function runTeam(session: RoleSession, run: PreviousRunInputs, state: WizardState): Team | null {
  if (run.error) return null;
  const roles = runRoles(session, run.inputs, state);
  if (Object.keys(roles).length === 0) return null;
  return { value: `${RUN_TEAM_PREFIX}${run.runId}`, name: run.runId, scope: 'run', source: run.inputsPath, roles };
}

/** Whether a run used this team: every role the team gives this run has exactly the team's models in the run. */
export function teamUsedBy(session: RoleSession, team: Team, roles: Record<string, string[]>): boolean {
  if (team.error) return false;
  const own = effectiveRoles(session, team);
  if (own.length === 0) return false;
  return own.every(([role, models]) => {
    const used = roles[role] ?? [];
    return used.length === models.length && used.every((ref, i) => ref === models[i]);
  });
}
