// A new wizard's task is chosen: the wizard moves from workspace storage to its state file next to the task
// folder. When the task already has an unfinished wizard, the person chooses: resume that one (this one is dropped)
// or start over (the old file is kept as a backup).

import type { WizardContext } from '../wizard/context';
import type { WindowWizard } from '../wizard/windowWizard';

/** The task is known: the wizard moves from workspace storage to its file next to the task folder. */
export async function placeWizard(ctx: WizardContext, session: WindowWizard, watch: (session: WindowWizard) => void): Promise<void> {
  const t = ctx.t;
  const placement = await ctx.factory.place(session, false);
  if (placement.kind === 'placed') {
    ctx.log.info(`wizard saved to ${placement.statePath}`);
    watch(session);
    return;
  }
  const resume = t('Resume');
  const startOver = t('Start Over');
  const w = placement.summary;
  const answer = await ctx.dialogs.ask(
    t('{0} already has an unfinished wizard.', session.wizard.taskKey),
    t('It stopped at {0} ({1} of {2}). Resume it, or start over (the old file is kept as a backup)?', w.step, w.n, w.total),
    [resume, startOver],
  );
  if (answer === startOver) {
    const placed = await ctx.factory.place(session, true);
    ctx.log.info(`started over: ${placed.statePath} (the previous wizard was backed up)`);
    watch(session);
    return;
  }
  // Resume (or cancelled): continue the wizard that already exists; the new one is dropped.
  const existing = await ctx.factory.open(placement.statePath, { name: session.folderName, rootAbs: session.projectRootAbs });
  ctx.log.info(`resuming ${placement.statePath}`);
  ctx.setSession(existing);
}
