// The one question before a wizard is aborted, asked wherever Abort is chosen: the palette's Abort Wizard and
// the confirm step's "Abort the wizard" (an abort cannot be undone: the wizard can then neither resume nor run).

import type { HostWindow } from '../host/window';
import type { Dialogs } from '../host/dialogs';

/** True when the person confirmed aborting the wizard `name`. */
export async function confirmAbort(dialogs: Dialogs, t: HostWindow['t'], name: string): Promise<boolean> {
  const yes = t('Abort Wizard');
  const answer = await dialogs.ask(
    t('Abort the wizard for {0}?', name),
    t('The answers are kept in the state file, but the wizard cannot be resumed or run.'),
    [yes],
  );
  return answer === yes;
}
