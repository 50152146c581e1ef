// Save these agents as a team… (docs/profiles.md › Teams): an item of the confirmation that names the wizard's
// agents once, so that a later run picks them in one step (team-pick). The name is checked as the person types
// (the check a name read from config.yaml gets), the scope is the project's .okstra/config.yaml (written by the
// host through the store) or the person's own okstra.teams setting (written here, ConfigurationTarget.Global,
// keeping the other teams); a team of that name there is replaced only after a yes.
import type { PromptAction } from '../prompt/promptRequest';
import type { WizardContext } from '../wizard/context';
import type { TeamSaveScope } from '../wizardResults';
import type { WindowWizard } from '../wizard/windowWizard';

/** The setting (under `okstra.`) that holds the person's own teams. */
const TEAMS_SETTING = 'teams';

/** The item of the confirmation; null when the run type has no agents to save. */
export function saveTeamAction(ctx: WizardContext, session: WindowWizard): PromptAction | null {
  if (!session.teams().canSave()) return null;
  const t = ctx.t;
  return {
    label: t('Save these agents as a team…'),
    icon: 'organization',
    description: t('to pick them in one step next time'),
    asksAside: true,
    run: () => saveAgentsAsTeam(ctx, session),
  };
}

/** The person's own teams as the setting holds them (a value that is not a mapping holds none). */
function userTeams(ctx: WizardContext): Record<string, unknown> {
  const value = ctx.host.userSetting(TEAMS_SETTING);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Asks for the name, the scope and (for a name taken there) a yes, then saves; resolves what it said, or undefined. */
async function saveAgentsAsTeam(ctx: WizardContext, session: WindowWizard): Promise<string | undefined> {
  const t = ctx.t;
  const teams = session.teams();
  const typed = await ctx.host.showInputBox({
    title: t('Save these agents as a team'),
    prompt: t('The name of the team: letters, digits, “.”, “_” and “-”, starting with a letter or digit.'),
    placeHolder: t('e.g. payments-panel'),
    value: '',
    validateInput: (value) => teams.nameProblem(value.trim()) ?? undefined,
  });
  if (typed === undefined) return undefined;
  const name = typed.trim();
  const problem = teams.nameProblem(name);
  if (problem !== null) {
    await ctx.dialogs.error(problem);
    return undefined;
  }
  const scopes: Array<{ label: string; description: string; iconPath: ReturnType<typeof ctx.host.themeIcon>; scope: TeamSaveScope }> = [
    { label: t('This project'), description: '.okstra/config.yaml', iconPath: ctx.host.themeIcon('folder'), scope: 'project' },
    { label: t('Just me'), description: t('user setting okstra.teams'), iconPath: ctx.host.themeIcon('account'), scope: 'user' },
  ];
  const picked = await ctx.host.showQuickPick(scopes, {
    title: t("Save the team '{0}'", name),
    placeHolder: t('Where should the team be saved?'),
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  const plan = teams.plan(name, picked.scope);
  if (!plan.ok) {
    await ctx.dialogs.error(plan.error);
    return undefined;
  }
  const mine = userTeams(ctx);
  const exists = picked.scope === 'project' ? plan.save.exists : Object.prototype.hasOwnProperty.call(mine, name);
  const where = picked.scope === 'project' ? '.okstra/config.yaml' : t('your user settings (okstra.teams)');
  if (exists) {
    const replace = t('Replace');
    const detail = t('{0} already has a team of that name; it gets these agents instead.', where);
    if ((await ctx.dialogs.ask(t("Replace the team '{0}'?", name), detail, [replace])) !== replace) return undefined;
  }
  if (picked.scope === 'project') {
    const saved = teams.save(name, 'project', exists);
    if (!saved.ok) {
      await ctx.dialogs.error(saved.error);
      return undefined;
    }
  } else {
    try {
      await ctx.host.updateUserSetting(TEAMS_SETTING, { ...mine, [name]: plan.save.team });
    } catch (err) {
      await ctx.dialogs.error(t('The team could not be saved in okstra.teams: {0}', err instanceof Error ? err.message : String(err)));
      return undefined;
    }
  }
  ctx.log.info(`team '${name}' saved: ${plan.save.where}`);
  const said = t("Saved the team '{0}' in {1}.", name, where);
  // Not awaited: the notification stays while the confirmation shows again.
  void ctx.dialogs.info(said);
  return said;
}
