// Open State File: the file the wizard writes. For a legacy v1 wizard that is its companion (the v1 file is
// never written, and an edit there would not be read back), and the person is told why.

import type { WizardContext } from '../wizard/context';

export const openStateFileCommand = (ctx: WizardContext) => async (): Promise<void> => {
  const t = ctx.t;
  const session = await ctx.requireSession();
  if (!session) return;
  if (!session.statePath) {
    await ctx.dialogs.info(t('The wizard is saved next to its task once the task is chosen.'));
    return;
  }
  const legacy = session.legacy();
  if (legacy) {
    if (legacy.companionExists) {
      await ctx.host.showTextDocument(legacy.companionPath, { preview: true, preserveFocus: false });
      void ctx.dialogs.info(
        t(
          '{0} is a version-1 state file that okstra-wizard never writes; the wizard is saved in this file, {1}, which is opened.',
          legacy.v1Path,
          legacy.companionPath,
        ),
      );
      return;
    }
    await ctx.host.showTextDocument(legacy.v1Path, { preview: true, preserveFocus: false });
    void ctx.dialogs.info(
      t(
        '{0} is a version-1 state file that okstra-wizard never writes; the first answer saves the wizard to {1}.',
        legacy.v1Path,
        legacy.companionPath,
      ),
    );
    return;
  }
  await ctx.host.showTextDocument(session.statePath, { preview: true, preserveFocus: false });
};
