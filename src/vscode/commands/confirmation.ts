// The one confirmation: the settings and the roles as tables and the full command line in
// a read-only document beside a QuickPick that offers Run, Copy Command Line and Change an answer… (mouse and
// keyboard). The engine's confirm step is shown this way; Run from the view, the status bar, the palette or a
// notification shows the same before it starts (okstra.confirmBeforeRun may turn that off).

import { renderBundleArgv } from '../../core/run';
import { COMMAND_IDS } from '../commandIds';
import type { PromptDoc } from '../../core/types';
import { confirmationMarkdown } from '../confirm/confirmationDoc';
import type { PromptAction, PromptRequest, PromptResult } from '../prompt/promptRequest';
import { saveTeamAction } from './saveTeam';
import { commandLineForDisplay, type DisplayedCommandLine } from '../run/commandLine';
import type { WizardContext } from '../wizard/context';
import type { OutcomeResult } from '../wizardResults';
import type { WindowWizard } from '../wizard/windowWizard';
import type { ShownDocument } from '../host/window';

const DOCUMENT = 'okstra render-bundle';

/** How long after its prompt shows the confirmation document opens: the prompt is drawn first. */
const DOCUMENT_AFTER_PROMPT_MS = 50;

/** The command line Run would start, quoted for the default terminal shell. */
function displayedCommandLine(ctx: WizardContext, session: WindowWizard, renderArgv: readonly string[]): DisplayedCommandLine {
  const command = ctx.okstraCommand(session);
  return commandLineForDisplay(renderBundleArgv(command, renderArgv), command.length, ctx.host.shell());
}

/** Which executable Run starts, resolved now as Run resolves it (src/host/run.ts), in words; or why it cannot start one. */
function programSentence(ctx: WizardContext, session: WindowWizard): string {
  const program = ctx.okstraCommand(session)[0] ?? '';
  const resolved = ctx.runPort.resolveProgram(program, session.projectRootAbs);
  if (resolved === null) {
    return ctx.t(
      "Run cannot start '{0}': it was not found or is not executable (set okstra.command, or okstraCommand in .okstra/config.yaml).",
      program,
    );
  }
  return ctx.t('Run starts {0}.', `\`${resolved}\``);
}

/**
 * The run environment's one line for the confirmation: okstra resolved (its version not asked: the confirmation does
 * not wait on a process) and the provider CLIs the wizard's roles need; nothing when it cannot be checked.
 */
function environmentLine(ctx: WizardContext, session: WindowWizard): string | undefined {
  const folder = ctx.folders().find((f) => f.rootAbs === session.projectRootAbs);
  if (!folder) return undefined;
  try {
    const report = ctx.factory.checkRunEnvironment(folder, session.wizard.state, ctx.trust.isTrusted(), { askVersion: false });
    return ctx.t('Run environment: {0}', report.summary);
  } catch (err) {
    ctx.log.warn(`the run environment could not be checked: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

function confirmationDocument(ctx: WizardContext, session: WindowWizard, outcome: Extract<OutcomeResult, { ok: true }>): string {
  const t = ctx.t;
  return confirmationMarkdown(
    outcome.confirmationText,
    displayedCommandLine(ctx, session, outcome.renderArgv),
    {
      setting: t('Setting'),
      value: t('Value'),
      role: t('Role'),
      ordinal: '#',
      model: t('Model'),
      roles: t('Agents'),
      commandLine: (shell) => t('Command line ({0})', shell),
      howToRun: t('Run, Copy Command Line and Change an answer… are in the prompt above (Enter runs the highlighted item).'),
    },
    {
      program: programSentence(ctx, session),
      // Save these agents as a team… is one more item of the prompt over the document's top.
      extraPromptRows: session.teams().canSave() ? 1 : 0,
      taskTitle: session.taskTitle(),
      environment: environmentLine(ctx, session),
    },
  );
}

export async function showConfirmationDocument(
  ctx: WizardContext,
  session: WindowWizard,
  outcome: OutcomeResult,
): Promise<ShownDocument | undefined> {
  if (!outcome.ok) return undefined;
  const markdown = confirmationDocument(ctx, session, outcome);
  // After its prompt has been drawn: opened with it, the editor area's split held the prompt's frame back (P10).
  await new Promise((resolve) => setTimeout(resolve, DOCUMENT_AFTER_PROMPT_MS));
  try {
    const shown = await ctx.host.showReadOnlyDocument(DOCUMENT, markdown);
    ctx.log.info('the confirmation document is open');
    return shown;
  } catch (err) {
    ctx.log.warn(`the confirmation document could not be shown: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

export async function closeConfirmationDocument(ctx: WizardContext): Promise<void> {
  try {
    await ctx.host.closeReadOnlyDocument(DOCUMENT);
  } catch {
    // already closed
  }
}

/** The items of the confirmation that are not answers: Copy Command Line (it says that it copied), Save these agents as a team…. */
export function confirmationActions(ctx: WizardContext, session: WindowWizard): PromptAction[] {
  const t = ctx.t;
  const saveTeam = saveTeamAction(ctx, session);
  return [
    {
      label: t('Copy Command Line'),
      icon: 'copy',
      description: t('to paste it into a terminal'),
      run: async () => {
        const outcome = session.wizard.preview();
        if (!outcome.ok) return outcome.error;
        try {
          await ctx.host.writeClipboard(displayedCommandLine(ctx, session, outcome.renderArgv).line);
        } catch (err) {
          return t('The command line could not be copied: {0}', err instanceof Error ? err.message : String(err));
        }
        ctx.log.info('command line copied');
        const said = t('Copied the command line to the clipboard.');
        ctx.host.flash(`$(check) ${said}`);
        return said;
      },
    },
    ...(saveTeam ? [saveTeam] : []),
  ];
}

/**
 * Shows a prompt, and the confirmation document beside it (`opening`, asked for first; none for the other prompts).
 * The document opens without taking the keyboard, and the prompt is not given it again: its box has it, as at every
 * other prompt (the workbench's focus command gave it to the list, where a Space typed into the filter ran Run).
 * Until the document's page is drawn the prompt is busy and says that it is coming (it took seconds, with nothing
 * said). Resolves how the prompt ended, or undefined when an item of confirmationActions asked its own questions (Save
 * these agents as a team…): they are over, show it again.
 */
export async function confirmationResult(
  ctx: WizardContext,
  request: PromptRequest,
  opening: Promise<ShownDocument | undefined> | undefined,
): Promise<Exclude<PromptResult, { kind: 'aside' }> | undefined> {
  const shown = ctx.runner.run(request);
  if (opening)
    ctx.runner.busyUntil(
      opening.then((document) => document?.drawn),
      ctx.t('The confirmation is opening beside this prompt…'),
    );
  // Open before the prompt's end closes it (an answer given first would close nothing, then open it).
  await opening;
  const result = await shown;
  if (result.kind !== 'aside') return result;
  await result.action.run();
  return undefined;
}

/**
 * The confirmation of a complete wizard: resolves what the person chose (undefined when they closed it). The
 * caller acts on it (commands/run.ts confirmAndAct: Run, or Change an answer…).
 */
export async function showConfirmationPick(ctx: WizardContext, session: WindowWizard): Promise<'run' | 'edit' | undefined> {
  const t = ctx.t;
  const outcome = session.wizard.outcome();
  if (!outcome.ok) {
    await ctx.dialogs.error(outcome.error);
    return undefined;
  }
  const trusted = ctx.trust.isTrusted();
  const answered = session.wizard.state.answered.length;
  const prompt: PromptDoc = {
    id: 'confirm',
    step: 'confirm',
    kind: 'pick',
    label: t('Run okstra render-bundle for {0}? The command line is beside this prompt.', session.wizard.taskKey),
    options: [
      trusted
        ? { value: 'run', label: `$(play) ${t('Run')}`, default: true }
        : { value: 'run', label: t('Run'), disabled: true, description: t('Run is disabled in an untrusted workspace') },
      { value: 'edit', label: `$(edit) ${t('Change an answer…')}`, ...(trusted ? {} : { default: true as const }) },
    ],
    echo_template: '',
    progress: { answered: Math.max(answered - 1, 0), total: answered },
  };
  let chosen: 'run' | 'edit' | undefined;
  // The document is asked for first, the prompt shows at once without waiting for it, and keeps the keyboard.
  const opening = showConfirmationDocument(ctx, session, outcome);
  for (;;) {
    const request: PromptRequest = {
      prompt,
      folderName: session.folderName,
      taskKey: session.wizard.taskKey,
      canGoBack: false,
      actions: confirmationActions(ctx, session),
      submit: async (answer) => {
        chosen = answer === 'run' ? 'run' : 'edit';
        return { ok: true, echo: `confirm: ${answer}`, next: null, notices: [], open: [] };
      },
    };
    const result = await confirmationResult(ctx, request, opening);
    // Save these agents as a team… asked its own questions; then the confirmation shows again.
    if (!result) continue;
    ctx.runner.release();
    await closeConfirmationDocument(ctx);
    return result.kind === 'answered' ? chosen : undefined;
  }
}

/** A wizard that cannot run yet, in words (never the engine's `wizard is not complete — …`): Continue, or Start Over. */
export async function sayNotFinished(ctx: WizardContext, session: WindowWizard): Promise<void> {
  const t = ctx.t;
  const name = session.wizard.taskKey || session.folderName;
  if (session.wizard.state.aborted) {
    const startOver = t('Start Over');
    if ((await ctx.dialogs.info(t('The wizard for {0} was aborted.', name), [startOver])) === startOver)
      await ctx.host.executeCommand(COMMAND_IDS.startOver);
    return;
  }
  const current = session.wizard.current();
  const where = current.prompt && current.prompt.kind !== 'done' ? current.prompt.label : (current.error ?? '');
  const go = t('Continue');
  if ((await ctx.dialogs.info(t('{0} is not finished yet; the wizard is at: {1}', name, where), [go])) === go) await ctx.loop.drive();
}
