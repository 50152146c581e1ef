// The prompt loop's files of the project: the file dialog of a path prompt, and the files an answer created for the
// person to edit (a new task's brief.md, the answers file of Answer now), opened under the next prompt.

import * as path from 'node:path';
import { errorText, type WizardContext } from '../wizard/context';
import type { WindowWizard } from '../wizard/windowWizard';

/** The file dialog for a path prompt, in the project; resolves the project-relative path. */
export async function browseProjectFile(ctx: WizardContext, session: WindowWizard): Promise<string | undefined> {
  const picked = await ctx.host.showOpenDialog({
    title: ctx.t('Choose a file in {0}', session.folderName),
    defaultDirAbs: session.projectRootAbs,
  });
  if (!picked) return undefined;
  const rel = path.relative(session.projectRootAbs, picked);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) {
    await ctx.dialogs.error(ctx.t('{0} is not inside the project {1}; choose a file in the project.', picked, session.folderName));
    return undefined;
  }
  return rel.split(path.sep).join('/');
}

/** Opens what the answer created for the user to edit under the next prompt. */
export async function openForEditing(ctx: WizardContext, session: WindowWizard, files: string[], preserveFocus = true): Promise<void> {
  for (const rel of files) {
    try {
      // Not a preview (it is meant to be edited); the focus stays with the wizard's next prompt, if any.
      await ctx.host.showTextDocument(path.join(session.projectRootAbs, rel), { preview: false, preserveFocus });
      ctx.log.info(`opened ${rel} for editing`);
    } catch (err) {
      // The wizard goes on without the editor: the path is in the echo and the tree.
      ctx.log.warn(`could not open ${rel}: ${errorText(err)}`);
    }
  }
}

/** The answers file is still empty: the wizard waits (the view and the status bar say so), the person is told. */
export function waitForAnswers(ctx: WizardContext, session: WindowWizard, rel: string): void {
  const t = ctx.t;
  ctx.waitingFor = rel;
  ctx.log.info(`${rel} has no answers yet: waiting`);
  ctx.refresh();
  const open = t('Open Answers File');
  // A notification: the loop ends now (it does not wait for the toast to be dismissed).
  void ctx.dialogs.warn(t('{0} has no answers yet: write them under its questions, save it, then Continue.', rel), [open]).then((a) => {
    if (a === open) void openForEditing(ctx, session, [rel], false);
  });
}
