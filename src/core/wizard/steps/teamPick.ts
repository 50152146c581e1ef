// team-pick (docs/steps.md › Teams): a whole panel of agents in one pick. It comes at the roles position, after
// leader-session where that is asked and before the first role count/add/model prompt, while a team of the
// project or the user names a role of the run type's profile. Its options: each team with its agents in one line
// (a team that cannot be used on this run disabled, with the reason), the agents of the task's last run when no
// saved team is theirs (`run:<id>`), and "Choose agents one by one". The team's answers are given to the role
// prompts by src/core/wizard/teamFlow.ts; everything about a team itself is src/core/roles/teams.ts.
import type { PreviousRunInputs } from '../../ports';
import { pyReprString } from '../../pyRepr';
import { WizardError, type PromptOption, type WizardState } from '../../types';
import {
  configuredTeams,
  LEADER_SESSION_STEP,
  ONE_BY_ONE,
  roleBaseState,
  runTeam,
  teamSummary,
  teamTouches,
  teamUsedBy,
  teamVerdict,
  type RoleSession,
  type Team,
  type TeamVerdict,
} from '../roleBridge';
import { RUN_TEAM_PREFIX } from '../../roles/teamNames';
import { STAGE_SCOPED_TASK_TYPES } from '../workspaceRules';
import { reusableRuns } from './reusePrevious';
import { markDefault, opt, optionText, pickPrompt, type Step, type StepEnv } from './step';

/** The description of a team the progress simulation did not judge (never shown: it is never its answer). */
const NOT_EVALUATED = 'not evaluated by the progress simulation';

/** The teams of the project and the user, as this operation sees them. */
function savedTeams(env: StepEnv): Team[] {
  return configuredTeams(env.config(), env.ctx.environment.userTeams?.() ?? null);
}

/** The task's newest run of this run type whose inputs.json could be read, or null. */
function lastRun(env: StepEnv, s: WizardState): PreviousRunInputs | null {
  return reusableRuns(env, s).find((r) => !r.error) ?? null;
}

/**
 * The earlier run of this run type whose agents a remembered answer names (`run:<id>`: the Tasks view's New Run
 * with this Team on a run that is not the last), or the answer once given; null when neither names one.
 */
function rememberedRun(env: StepEnv, s: WizardState, last: PreviousRunInputs | null): PreviousRunInputs | null {
  const named = [s.remembered_answers?.['team-pick'], s.answered.includes('team-pick') ? s.team_pick : undefined];
  const wanted = named.filter((v): v is string => !!v?.startsWith(RUN_TEAM_PREFIX) && v !== `${RUN_TEAM_PREFIX}${last?.runId ?? ''}`);
  if (wanted.length === 0) return null;
  const runs = reusableRuns(env, s).filter((r) => !r.error);
  for (const v of wanted) {
    const run = runs.find((r) => `${RUN_TEAM_PREFIX}${r.runId}` === v);
    if (run) return run;
  }
  return null;
}

/**
 * What team-pick offers: the saved teams that name a role of the profile, the last run's agents when no saved team
 * is theirs, and those of the earlier run a remembered answer names (likewise).
 */
function offeredTeams(env: StepEnv, s: WizardState): { teams: Team[]; lastRunTeam: Team | null } {
  const session = env.roles(s);
  const teams = savedTeams(env).filter((t) => teamTouches(session, t));
  const fromRunOf = (run: PreviousRunInputs | null): Team | null => {
    const found = run ? runTeam(session, run, s) : null;
    return found && teamTouches(session, found) ? found : null;
  };
  const last = lastRun(env, s);
  const fromRun = fromRunOf(last);
  const earlier = fromRunOf(rememberedRun(env, s, last));
  const extra = earlier && !teams.some((t) => teamUsedBy(session, t, earlier.roles)) ? [earlier] : [];
  if (!fromRun) return { teams: [...teams, ...extra], lastRunTeam: null };
  const saved = teams.find((t) => teamUsedBy(session, t, fromRun.roles));
  return saved ? { teams: [...teams, ...extra], lastRunTeam: saved } : { teams: [...teams, fromRun, ...extra], lastRunTeam: fromRun };
}

/** The team an answer of team-pick names (a saved team or the last run's agents), or null for one by one and unknown values. */
export function teamOfAnswer(env: StepEnv, s: WizardState, value: string): Team | null {
  if (value === ONE_BY_ONE) return null;
  return offeredTeams(env, s).teams.find((t) => t.value === value) ?? null;
}

function leaderSettled(session: RoleSession, s: WizardState): boolean {
  return (
    session.mode !== 'current-session' || s.answered.includes(LEADER_SESSION_STEP) || s.role_selection_order.includes(LEADER_SESSION_STEP)
  );
}

/** No role answer yet besides leader-session (a reused run's selection counts as answered). */
function noRoleAnswerYet(s: WizardState): boolean {
  return (
    s.role_selection_order.every((id) => id === LEADER_SESSION_STEP) &&
    Object.keys(s.role_counts).length === 0 &&
    Object.keys(s.role_models).length === 0
  );
}

function identityReady(s: WizardState): boolean {
  return !!(s.task_group && s.task_id && s.task_type) && (!STAGE_SCOPED_TASK_TYPES.has(s.task_type) || !!s.approved_plan_path);
}

function teamOption(env: StepEnv, team: Team, verdict: TeamVerdict | null): PromptOption {
  const label =
    team.scope === 'run'
      ? optionText(env, 'team_pick', 'run', { run_id: team.name })
      : team.description
        ? optionText(env, 'team_pick', 'team_described', { name: team.name, description: team.description })
        : optionText(env, 'team_pick', 'team', { name: team.name });
  if (verdict === null) return opt(team.value, label, { description: NOT_EVALUATED, disabled: true });
  if (!verdict.usable) return opt(team.value, label, { description: verdict.reason, disabled: true });
  return opt(team.value, label, { description: teamSummary(env.ctx.texts, team) });
}

/** A team as the teams document lists it (docs/protocol.md › teams): an option of team-pick, judged in full. */
export interface TeamChoice {
  /** The answer of team-pick that picks it: the team's name, or `run:<id>` for the agents of a past run. */
  value: string;
  name: string;
  scope: 'project' | 'user' | 'run';
  description: string | null;
  /** The team's agents in one line, as team-pick shows a usable team. */
  agents: string;
  usable: boolean;
  /** Why it cannot be used on this run, in words; null when it can. */
  reason: string | null;
  /** The team of the task's last run of this run type (team-pick's default when it is usable). */
  lastRun: boolean;
}

/**
 * The teams a wizard's task can use on its run type: team-pick's options (the saved teams that name a role of the
 * profile, the last run's agents when no saved team is theirs), each judged as the role prompts would judge it.
 * Refused (`no-prompt`) while the wizard has no task and run type yet, or its role profile cannot be read.
 */
/** What the wizard still needs before its teams can be judged, naming only the steps not answered. */
function identityMissing(s: WizardState): string {
  if (!s.task_group || !s.task_id) return 'the wizard has no task yet: answer task-pick first';
  const task = pyReprString(`${s.task_group}/${s.task_id}`);
  if (!s.task_type) return `the wizard has no run type yet (the task is ${task}): answer task-type first`;
  return `the run type ${pyReprString(s.task_type)} of task ${task} needs its plan stage: answer handoff-stage-pick first`;
}

export function teamChoices(env: StepEnv, s: WizardState): TeamChoice[] {
  if (!identityReady(s)) throw new WizardError('no-prompt', identityMissing(s));
  const session = env.roles(s);
  if (session.profileError) throw new WizardError('no-prompt', session.profileError);
  session.requireAll();
  const base = roleBaseState(s);
  const { teams, lastRunTeam } = offeredTeams(env, s);
  return teams.map((t): TeamChoice => {
    const verdict = teamVerdict(session, base, t);
    return {
      value: t.value,
      name: t.name,
      scope: t.scope,
      description: t.description ?? null,
      agents: teamSummary(env.ctx.texts, t),
      usable: verdict.usable,
      reason: verdict.usable ? null : verdict.reason,
      lastRun: t === lastRunTeam,
    };
  });
}

export const teamPick: Step = {
  id: 'team-pick',
  textKey: 'team_pick',
  group: 'roles',
  kind: 'pick',
  optionTexts: ['team', 'team_described', 'run', 'one_by_one'],
  owns: [],
  applies(env, s) {
    if (!identityReady(s) || !noRoleAnswerYet(s)) return false;
    const session = env.roles(s);
    if (session.profileError) return false;
    try {
      session.requireAll();
    } catch (e) {
      if (e instanceof WizardError) return false; // the role prompts show the error
      throw e;
    }
    if (!leaderSettled(session, s) || !savedTeams(env).some((t) => teamTouches(session, t))) return false;
    // Asked only when a team can be used: with every team not available the only choice is one by one, as when no
    // team is configured (judged on answer-only prompts, as the progress simulation judges its default).
    const base = roleBaseState(s);
    return offeredTeams(env, s).teams.some((t) => teamVerdict(session, base, t, true).usable);
  },
  build(env, s) {
    const session = env.roles(s);
    const base = roleBaseState(s);
    const { teams, lastRunTeam } = offeredTeams(env, s);
    // The progress simulation judges only the teams its answer can be (the default candidate, a remembered one).
    // Each team is judged on answer-only prompts, which take exactly the answers the full ones take (roleFlow.ts);
    // the reason of a refusal is worded from the full prompt (teams.ts teamVerdict).
    const remembered = s.remembered_answers?.[this.id];
    const judged = (t: Team) => !env.answerOnly || t === lastRunTeam || t.value === remembered;
    const verdicts = new Map(teams.map((t): [Team, TeamVerdict | null] => [t, judged(t) ? teamVerdict(session, base, t, true) : null]));
    const options = teams.map((t) => teamOption(env, t, verdicts.get(t)!));
    options.push(opt(ONE_BY_ONE, optionText(env, 'team_pick', 'one_by_one')));
    const lastUsable = lastRunTeam !== null && verdicts.get(lastRunTeam)?.usable === true;
    return pickPrompt(env, this, markDefault(options, lastUsable ? lastRunTeam.value : ONE_BY_ONE), { task_type: s.task_type });
  },
  submit(env, s, value) {
    if (value !== ONE_BY_ONE && !teamOfAnswer(env, s, value)) {
      throw new WizardError('refused-answer', `answer ${pyReprString(value)} is not an option of step 'team-pick'`);
    }
    s.team_pick = value; // the team's answers are given by teamFlow.ts once the answer is recorded
    return `team-pick: ${value}`;
  },
  refuseDisabled: (_env, _s, option) => `team ${pyReprString(option.value)} cannot be used on this run: ${option.description ?? ''}`,
  answerOf: (_env, s) => s.team_pick ?? ONE_BY_ONE,
};
