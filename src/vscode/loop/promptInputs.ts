// What the open prompt was computed from besides the state file: the project's .okstra/config.yaml (its teams, its
// models, its defaults) and the okstra settings (the personal teams, the model defaults). When one of them changes
// and the prompt computed now offers other choices (a team's models changed), the open prompt is replaced by it with
// a notice that says why: it offered the old models and refused the pick with the new ones. A change that leaves the
// choices as they were (a comment) leaves the prompt open; so does a config.yaml that no longer parses: an answer is
// then refused with the file's own line and problem, and what to do (wizard/binding.ts).

import * as path from 'node:path';
import type { PromptDoc } from '../../core/types';
import type { Disposable } from '../host/window';
import type { WizardContext } from '../wizard/context';
import type { WindowWizard } from '../wizard/windowWizard';

/** What changed: the project's .okstra/config.yaml, or the okstra settings. */
export type InputChange = 'config' | 'settings';

interface LoopPart {
  /** Runs `work` after the loop's other reloads and replacements, one at a time. */
  serially(work: () => void, what: string): Promise<void>;
  /** Replaces the open prompt by the current one, which says `notice`; false when the loop is not showing one. */
  replace(notice: string): boolean;
}

export class PromptInputs {
  private watcher: { rootAbs: string; disposable: Disposable } | undefined;
  private open: { session: WindowWizard; prompt: PromptDoc } | undefined;

  constructor(
    private readonly ctx: WizardContext,
    private readonly loop: LoopPart,
  ) {}

  /** `prompt` (as the engine computed it) is about to show for `session`: its project's config.yaml is watched. */
  showing(session: WindowWizard, prompt: PromptDoc): void {
    this.open = { session, prompt };
    const rootAbs = session.projectRootAbs;
    if (this.watcher?.rootAbs === rootAbs) return;
    this.watcher?.disposable.dispose();
    const configAbs = path.join(rootAbs, '.okstra', 'config.yaml');
    this.watcher = { rootAbs, disposable: this.ctx.host.watchFile(configAbs, () => void this.follow('config')) };
  }

  /** The prompt is no longer open. */
  shown(): void {
    this.open = undefined;
  }

  /** `cause` changed: the open prompt is shown again when its choices changed. */
  follow(cause: InputChange): Promise<void> {
    return this.loop.serially(() => this.followOnce(cause), cause === 'config' ? '.okstra/config.yaml' : 'the okstra settings');
  }

  dispose(): void {
    this.watcher?.disposable.dispose();
    this.watcher = undefined;
  }

  private followOnce(cause: InputChange): void {
    const { ctx } = this;
    const open = this.open;
    if (!open || ctx.session !== open.session || !ctx.runner.input) return;
    const now = open.session.wizard.current().prompt;
    if (!now || now.kind === 'done' || sameChoices(open.prompt, now)) return;
    // The prompt that replaces the open one shows its question anyway: the notice says only what happened.
    const notice =
      cause === 'config'
        ? ctx.t('.okstra/config.yaml changed: the choices as they are now')
        : ctx.t('The okstra settings changed: the choices as they are now');
    if (this.loop.replace(notice))
      ctx.log.info(
        `${cause === 'config' ? '.okstra/config.yaml' : 'the okstra settings'} changed the choices of ${open.prompt.step}: shown again`,
      );
  }
}

/** Whether two prompts ask the same question with the same choices (ids and revisions aside). */
function sameChoices(a: PromptDoc, b: PromptDoc): boolean {
  const choices = (p: PromptDoc) =>
    JSON.stringify([
      p.step,
      p.kind,
      p.label,
      p.default ?? null,
      p.options.map((o) => [o.value, o.label, o.description ?? '', o.disabled ?? false, o.default ?? false]),
      p.unavailable ?? [],
    ]);
  return choices(a) === choices(b);
}
