// What the language-model tools that write (init, answer, rewind, abort) ask before they run: their
// prepareInvocation texts. A call is bound to the prompt it names (`prompt` and `revision`, the id and revision of
// the prompt the agent was shown), so the confirmation names that prompt — its question when the wizard is still at
// it, else the step's name and why the call will be refused — never merely the step the wizard is at. The answer
// that confirms the run (the confirm prompt's run answer) also shows the command line okstra: Run will start, as the
// confirmation document quotes it (src/vscode/run/commandLine.ts). Asking reads the state and writes nothing.

import * as vscode from 'vscode';
import { renderBundleArgv } from '../../core/run';
import type { PromptDoc } from '../../core/types';
import type { HostWizard } from '../../host';
import { commandLineForDisplay } from '../run/commandLine';

/** A tool's input as prepareInvocation gets it (not yet checked against the tool's schema). */
export interface ToolInput {
  task?: unknown;
  answer?: unknown;
  prompt?: unknown;
  revision?: unknown;
  to?: unknown;
  startOver?: unknown;
}

/** The wizard a call would act on, as the tools load it without writing. */
export interface PeekedWizard {
  wizard: HostWizard;
  /** The okstra command words Run would start (okstra.command, else config.yaml's okstraCommand, else `okstra`). */
  command: string[];
}

/** What the confirmations read: the wizard a call acts on, the steps' names, the shell a command line is quoted for. */
export interface ConfirmationSource {
  /** The wizard of `task` (else the one the view shows, else the latest), loaded without writing; null when none. */
  peek(task?: string): Promise<PeekedWizard | null>;
  /** The step's display name (`Run type`). */
  stepName(id: string): Promise<string>;
  /** The default terminal shell (`vscode.env.shell`). */
  shell(): string;
}

/** The tools that write, by their key in src/host/tools.ts: each asks first, with its confirmation below. */
export const WRITING_TOOL_KEYS = ['init', 'answer', 'rewind', 'abort'] as const;
export type WritingToolKey = (typeof WRITING_TOOL_KEYS)[number];

/** A write's prepared invocation: what the chat says while it runs, and the confirmation asked before it. */
function asking(invocationMessage: string, title: string, message: string): vscode.PreparedToolInvocation {
  return { invocationMessage, confirmationMessages: { title, message } };
}

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The prompt a call is bound to: its id, its question (or the step's name), and whether the call would be refused. */
interface BoundPrompt {
  id: string;
  title: string;
  /** Why a call bound to it is refused now (the wizard is elsewhere, or its state changed); null when it is current. */
  refusal: string | null;
  /** The wizard's current prompt, when the bound one is it. */
  prompt: PromptDoc | null;
}

async function boundPrompt(
  source: ConfirmationSource,
  at: PeekedWizard | null,
  id: string,
  revision: string | undefined,
): Promise<BoundPrompt> {
  const current = at?.wizard.currentPrompt() ?? null;
  if (current && current.id === id && (revision === undefined || current.revision === undefined || current.revision === revision))
    return { id, title: current.label, refusal: null, prompt: current };
  const title = await source.stepName(id);
  if (!current) return { id, title, refusal: null, prompt: null };
  const refusal =
    current.id === id
      ? vscode.l10n.t(
          'The wizard’s state changed since that prompt was shown (revision {0} is now {1}): the call will be refused and nothing written.',
          shown(revision),
          shown(current.revision),
        )
      : vscode.l10n.t(
          'The wizard is no longer at that prompt (it is at “{0}”, {1}): the call will be refused and nothing written.',
          current.label,
          current.id,
        );
  return { id, title, refusal, prompt: null };
}

/** The command line okstra: Run will start once `answer` confirms the wizard; null when the answer confirms nothing. */
function confirmedCommandLine(source: ConfirmationSource, at: PeekedWizard, answer: string): string | null {
  if (!at.wizard.wouldConfirm(answer)) return null;
  const preview = at.wizard.preview();
  if (!preview.ok) return null;
  return commandLineForDisplay(renderBundleArgv(at.command, preview.renderArgv), at.command.length, source.shell()).line;
}

/** What each tool that writes asks first. */
export async function prepareWrite(
  source: ConfirmationSource,
  key: WritingToolKey,
  input: ToolInput,
): Promise<vscode.PreparedToolInvocation> {
  const task = text(input.task);
  switch (key) {
    case 'init': {
      const name = shown(input.task);
      return asking(
        vscode.l10n.t('Starting the okstra wizard of {0}…', name),
        vscode.l10n.t('okstra wizard: start the wizard of {0}?', name),
        input.startOver === true
          ? vscode.l10n.t(
              'Start a new run wizard for {0}. Its unfinished wizard, if any, is backed up and set aside. This does not run okstra.',
              name,
            )
          : vscode.l10n.t('Start a new run wizard for {0}. This does not run okstra.', name),
      );
    }
    case 'answer': {
      const at = await source.peek(task);
      const id = text(input.prompt) ?? at?.wizard.currentPrompt()?.id ?? '';
      const bound = await boundPrompt(source, at, id, text(input.revision));
      const answer = shown(input.answer);
      const line = bound.prompt && at && typeof input.answer === 'string' ? confirmedCommandLine(source, at, input.answer) : null;
      const taskKey = at ? at.wizard.taskKey || at.wizard.shownPath : '';
      const message =
        line !== null
          ? vscode.l10n.t(
              'Answer “{0}” ({1}) of {2} with: {3}\n\nThis confirms the run. okstra: Run will then start:\n\n{4}\n\nThe answer itself is only recorded in the wizard’s state file; it does not run okstra.',
              bound.title,
              id,
              taskKey,
              answer,
              line,
            )
          : vscode.l10n.t(
              'Answer “{0}” ({1}) of {2} with: {3}\n\nThis records the answer in the wizard’s state file; it does not run okstra.',
              bound.title,
              id,
              taskKey,
              answer,
            );
      return asking(
        vscode.l10n.t('Answering {0} of the okstra wizard…', id),
        vscode.l10n.t('okstra wizard: answer {0}?', id),
        bound.refusal ? `${message}\n\n${bound.refusal}` : message,
      );
    }
    case 'rewind': {
      const to = shown(input.to);
      const [name, at] = await Promise.all([source.stepName(to), source.peek(task)]);
      const message = vscode.l10n.t(
        'Go back to “{0}” ({1}) of {2}: it is asked again and the answers that depend on it are cleared. This does not run okstra.',
        name,
        to,
        at ? at.wizard.taskKey || at.wizard.shownPath : '',
      );
      return asking(
        vscode.l10n.t('Going back to {0} in the okstra wizard…', to),
        vscode.l10n.t('okstra wizard: go back to {0}?', to),
        await withBinding(source, at, input, message),
      );
    }
    case 'abort': {
      const at = await source.peek(task);
      const name = at ? at.wizard.taskKey || at.wizard.shownPath : shown(input.task ?? '');
      const message = vscode.l10n.t(
        'Abort the run wizard of {0}: its state file records that it was aborted, and it can no longer run. This does not run okstra.',
        name,
      );
      return asking(
        vscode.l10n.t('Aborting the okstra wizard of {0}…', name),
        vscode.l10n.t('okstra wizard: abort the wizard of {0}?', name),
        await withBinding(source, at, input, message),
      );
    }
  }
}

/** A rewind's or an abort's message with the prompt it is bound to, when the call names one (the binding is optional there). */
async function withBinding(source: ConfirmationSource, at: PeekedWizard | null, input: ToolInput, message: string): Promise<string> {
  const id = text(input.prompt);
  if (id === undefined) return message;
  const bound = await boundPrompt(source, at, id, text(input.revision));
  const note = vscode.l10n.t('The call is bound to “{0}” ({1}).', bound.title, id);
  return bound.refusal ? `${message}\n\n${note} ${bound.refusal}` : `${message}\n\n${note}`;
}
