// okstra: Check Run Environment (docs/run.md): the host's one check (src/host/runEnvironment.ts) for the open
// wizard's folder — okstra and its version, the provider CLIs its roles need (every one without a wizard), the
// terminal backend and workspace trust — its summary in a notification, the whole report in a read-only document.

import type { RunEnvironmentReport } from '../../host/runEnvironment';
import type { WizardContext } from '../wizard/context';

/** The report as the document shows it: the summary, then one line a check with its fix. */
function runEnvironmentMarkdown(report: RunEnvironmentReport, t: WizardContext['t']): string {
  const mark = { ok: '✓', warning: '⚠', problem: '✗' } as const;
  const esc = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, (c) => `\\${c}`);
  const lines = [`# ${t('okstra run environment')}`, '', esc(report.summary), ''];
  for (const c of report.checks) {
    lines.push(`- ${mark[c.status]} **${esc(c.subject)}**: ${esc(c.detail)}`);
    if (c.fix) lines.push(`  - ${t('Fix')}: ${esc(c.fix)}`);
  }
  return lines.join('\n') + '\n';
}

export const checkRunEnvironmentCommand = (ctx: WizardContext) => async (): Promise<RunEnvironmentReport | undefined> => {
  const session = ctx.session;
  const folder = (session ? ctx.folders().find((f) => f.rootAbs === session.projectRootAbs) : undefined) ?? ctx.folders()[0];
  if (!folder || !ctx.factory.checkRunEnvironment) {
    await ctx.dialogs.info(ctx.t('Open a folder with an okstra project to check its run environment.'));
    return undefined;
  }
  const report = await ctx.guard(() => ctx.factory.checkRunEnvironment(folder, session?.wizard.state ?? null, ctx.trust.isTrusted()));
  if (!report) return undefined;
  ctx.log.info(`Check Run Environment (${folder.name}): ${report.summary}`);
  const details = ctx.t('Show Details');
  const say = report.ok ? ctx.dialogs.info : ctx.dialogs.warn;
  void say(ctx.t('Run environment of {0}: {1}', folder.name, report.summary), [details]).then(async (a) => {
    if (a === details) await ctx.host.showReadOnlyDocument('run-environment.md', runEnvironmentMarkdown(report, ctx.t));
  });
  return report;
};
