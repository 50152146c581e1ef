// The rows of Reuse a previous run: each run as the Tasks view's run history shows it (its type, then date, stage,
// team and outcome), not the engine's `Reuse run <id>` over the same long inputs.json path (WindowWizard.reuseRows).

import type { OptionRow } from '../prompt/promptRequest';
import { runTexts } from '../tasks/tasksTree';
import { errorText, type WizardContext } from '../wizard/context';
import type { WindowWizard } from '../wizard/windowWizard';

/** The rows by option value for a reuse-previous prompt; undefined for any other step, or when the runs cannot be read. */
export async function reuseRowsFor(
  ctx: WizardContext,
  session: WindowWizard,
  step: string,
): Promise<ReadonlyMap<string, OptionRow> | undefined> {
  if (step !== 'reuse-previous') return undefined;
  try {
    return await session.reuseRows(runTexts(ctx.t), ctx.host.language());
  } catch (e) {
    ctx.log.warn(`the runs of ${session.wizard.taskKey} cannot be read: ${errorText(e)}`);
    return undefined;
  }
}
