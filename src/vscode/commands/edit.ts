// Edit Step…, Edit from Here (a tree row) and Back (alt+left): rewind to an answered step, after saying
// which later answers it clears, and show the wizard from there.

import { ROW_CLICK, type TreeRowModel } from '../tree/treeModel';
import type { WizardContext } from '../wizard/context';
import type { WindowWizard } from '../wizard/windowWizard';

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

/**
 * `askAlways`: a row of the Wizard view was clicked or had Enter: a click must never change the wizard by itself,
 * so the person is asked even when no later answer is cleared (the confirmation of a complete wizard is).
 */
async function editFrom(ctx: WizardContext, id: string, askAlways = false): Promise<void> {
  const t = ctx.t;
  const session = await ctx.requireSession();
  if (!session) return;
  // The answers that will be asked again, in words; they come back preselected where they still apply.
  const clearing = session.wizard.rewindQuestion(id);
  const question = clearing ?? (askAlways ? changeQuestion(ctx, session, id) : null);
  if (question) {
    const yes = clearing ? t('Change and Ask Again') : t('Change Answer');
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

/** The question before changing an answer that clears no later one: the answer in words, and what stays. */
function changeQuestion(ctx: WizardContext, session: WindowWizard, id: string): { title: string; detail: string } {
  const t = ctx.t;
  const tree = session.tree();
  const row = tree.ok ? tree.rows.find((r) => r.id === id) : undefined;
  const answer = row?.answer ?? row?.echo ?? id;
  const detail =
    session.wizard.state.confirmed === true
      ? t('{0}. The other answers stay; the wizard asks for the confirmation again.', answer)
      : t('{0}. The other answers stay as they are.', answer);
  return { title: t('Change this answer?'), detail };
}

export const editStepCommand = (ctx: WizardContext) => (): Promise<void> => editStep(ctx);

/** The tree's inline action (a row) or a step id; `from` is `row` when the row itself was clicked (rowCommand). */
export const editFromHereCommand =
  (ctx: WizardContext) =>
  async (target?: TreeRowModel | string, from?: unknown): Promise<void> => {
    const id = typeof target === 'string' ? target : target?.stepId;
    if (id) await editFrom(ctx, id, from === ROW_CLICK);
  };

export const promptBackCommand = (ctx: WizardContext) => (): void => ctx.runner.back();
