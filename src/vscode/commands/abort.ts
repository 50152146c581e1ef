// Abort Wizard: asks once, then marks the wizard aborted (kept in its file, shown as aborted, Start Over offered).

import { confirmAbort } from '../loop/abortQuestion';
import type { WizardContext } from '../wizard/context';
import { startOverWizard } from './start';

export const abortCommand = (ctx: WizardContext) => async (): Promise<void> => {
  const t = ctx.t;
  const session = await ctx.requireSession();
  if (!session) return;
  const name = session.wizard.taskKey || session.folderName;
  const startOver = t('Start Over');
  if (session.wizard.state.aborted) {
    if ((await ctx.dialogs.info(t('The wizard for {0} is aborted already.', name), [startOver])) === startOver) await startOverWizard(ctx);
    return;
  }
  if (!(await confirmAbort(ctx.dialogs, t, name))) return;
  const done = await ctx.guard(async () => {
    await session.abort();
    return true;
  });
  if (!done) return;
  ctx.log.info(`wizard ${name} aborted`);
  ctx.runner.close();
  ctx.refresh();
};
