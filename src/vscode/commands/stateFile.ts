// Open State File: the file the wizard writes. For a legacy v1 wizard that is its companion (the v1 file is
// never written, and an edit there would not be read back), and the person is told why.

import * as path from 'node:path';
import type { WizardContext } from '../wizard/context';

export const openStateFileCommand = (ctx: WizardContext) => async (): Promise<void> => {
  const t = ctx.t;
  const session = await ctx.requireSession();
  if (!session) return;
  if (!session.wizard.statePath) {
    await ctx.dialogs.info(t('The wizard is saved next to its task once the task is chosen.'));
    return;
  }
  const legacy = session.legacy();
  if (legacy) {
    // Short, and the v1 file by its project path: the companion's long name is the tab that opens.
    const v1 = path.relative(session.projectRootAbs, legacy.v1Path);
    if (legacy.companionExists) {
      await ctx.host.showTextDocument(legacy.companionPath, { preview: true, preserveFocus: false });
      void ctx.dialogs.info(t('{0} is a version-1 file, never written: the wizard is saved in the file beside it, opened now.', v1));
      return;
    }
    await ctx.host.showTextDocument(legacy.v1Path, { preview: true, preserveFocus: false });
    void ctx.dialogs.info(t('{0} is a version-1 file, never written: your first answer saves the wizard in a file beside it.', v1));
    return;
  }
  await ctx.host.showTextDocument(session.wizard.statePath, { preview: true, preserveFocus: false });
};
