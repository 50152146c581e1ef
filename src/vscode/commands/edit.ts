// Edit Step…, Edit from Here (a tree row) and Back (alt+left): rewind to an answered step, after saying
// which later answers it clears, and show the wizard from there.

import type { TreeRowModel } from '../tree/treeModel';
import type { WizardContext } from '../wizard/context';

export async function editStep(ctx: WizardContext): Promise<void> {
  const t = ctx.t;
  const session = await ctx.requireSession();
  if (!session) return;
  const tree = session.tree();
  if (!tree.ok) {
    await ctx.dialogs.error(tree.error);
    return;
  }
  const editable = tree.rows.filter((r) => r.editable && r.answered);
  if (editable.length === 0) {
    await ctx.dialogs.info(t('No answered step can be edited.'));
    return;
  }
  const picked = await ctx.host.showQuickPick(
    editable.map((r) => ({ label: r.answer ?? r.label, description: r.label, id: r.id })),
    { title: t('Edit Step…'), placeHolder: t('The step to answer again; later answers that depend on it are asked again') },
  );
  if (picked) await editFrom(ctx, picked.id);
}

async function editFrom(ctx: WizardContext, id: string): Promise<void> {
  const t = ctx.t;
  const session = await ctx.requireSession();
  if (!session) return;
  // The answers that will be asked again, in words (issue 12 #10); they come back preselected where they still apply.
  const question = session.rewindQuestion(id);
  if (question) {
    const yes = t('Clear and Edit');
    const answer = await ctx.dialogs.ask(question.title, question.detail, [yes]);
    if (answer !== yes) return;
  }
  const result = await ctx.guard(() => session.rewind(id));
  if (!result) return;
  if (!result.ok) {
    await ctx.dialogs.error(result.error);
    return;
  }
  ctx.log.info(result.echo);
  ctx.refresh();
  await ctx.loop.drive();
}

export const editStepCommand = (ctx: WizardContext) => (): Promise<void> => editStep(ctx);

/** The tree's inline action (a row) or a step id. */
export const editFromHereCommand =
  (ctx: WizardContext) =>
  async (target?: TreeRowModel | string): Promise<void> => {
    const id = typeof target === 'string' ? target : target?.stepId;
    if (id) await editFrom(ctx, id);
  };

export const promptBackCommand = (ctx: WizardContext) => (): void => ctx.runner.back();
