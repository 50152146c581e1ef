// The wizard as language-model tools (package.json `languageModelTools`), for
// chat agents in VS Code: the current prompt, an answer, a rewind, the
// outcome of the open workspace's wizard. Every tool that changes the state
// asks first (prepareInvocation), naming the step and the answer; none runs
// okstra (the outcome is the argv and the confirmation text; Run stays the
// person's). Results are the CLI's JSON documents as text; a refusal is
// `{ok: false, code, error, current}`. Registering is cheap; the engine is
// loaded on the first call (P4).

import * as vscode from 'vscode';
import type { FeaturesApi } from '../features';
import type { LmDoc, LmWizard } from './lmWizard';

export const LM_TOOL_NAMES = ['okstra_wizard_current', 'okstra_wizard_answer', 'okstra_wizard_rewind', 'okstra_wizard_outcome'] as const;

interface AnswerInput {
  answer: string;
  prompt: string;
  revision: string;
}
interface RewindInput {
  to: string;
  prompt?: string;
  revision?: string;
}

function result(doc: LmDoc): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(JSON.stringify(doc, null, 2))]);
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new Error(vscode.l10n.t('The tool input needs a string "{0}".', name));
  return value;
}

function optionalText(value: unknown, name: string): string | undefined {
  return value === undefined ? undefined : text(value, name);
}

/** Registers the tools; `features` tells which wizard the view shows. */
export function registerLanguageModelTools(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, features: FeaturesApi): void {
  if (typeof vscode.lm?.registerTool !== 'function') return;
  let wizard: LmWizard | undefined;
  const lm = (): LmWizard => {
    if (!wizard) {
      const { LmWizard: Impl } = require('./lmWizard') as typeof import('./lmWizard');
      const factory = features.engineFactory();
      wizard = new Impl(factory, () => features.wizard.session?.statePath ?? null);
    }
    return wizard;
  };

  const current: vscode.LanguageModelTool<Record<string, never>> = {
    prepareInvocation: () => ({ invocationMessage: vscode.l10n.t('Reading the okstra wizard…') }),
    invoke: async () => result(await lm().currentDoc()),
  };

  const answer: vscode.LanguageModelTool<AnswerInput> = {
    async prepareInvocation(options) {
      const value = text(options.input.answer, 'answer');
      const at = await lm().summary();
      const step = at?.step ?? options.input.prompt;
      return {
        invocationMessage: vscode.l10n.t('Answering {0} of the okstra wizard…', step),
        confirmationMessages: {
          title: vscode.l10n.t('okstra wizard: answer {0}?', step),
          message: vscode.l10n.t(
            'Answer “{0}” ({1}) of {2} with: {3}\n\nThis records the answer in the wizard’s state file; it does not run okstra.',
            at?.label ?? step,
            step,
            at?.taskKey ?? '',
            value,
          ),
        },
      };
    },
    async invoke(options) {
      const input = options.input;
      const doc = await lm().answer(text(input.answer, 'answer'), {
        prompt: text(input.prompt, 'prompt'),
        revision: text(input.revision, 'revision'),
      });
      log.info(
        `language-model tool: answer ${input.prompt} = ${JSON.stringify(input.answer)}: ${doc.ok === false ? (doc as { error: string }).error : 'saved'}`,
      );
      return result(doc);
    },
  };

  const rewind: vscode.LanguageModelTool<RewindInput> = {
    async prepareInvocation(options) {
      const to = text(options.input.to, 'to');
      const [name, at] = await Promise.all([lm().stepName(to), lm().summary()]);
      return {
        invocationMessage: vscode.l10n.t('Going back to {0} in the okstra wizard…', to),
        confirmationMessages: {
          title: vscode.l10n.t('okstra wizard: go back to {0}?', to),
          message: vscode.l10n.t(
            'Go back to “{0}” ({1}) of {2}: it is asked again and the answers that depend on it are cleared. This does not run okstra.',
            name,
            to,
            at?.taskKey ?? '',
          ),
        },
      };
    },
    async invoke(options) {
      const input = options.input;
      const doc = await lm().rewind(text(input.to, 'to'), {
        prompt: optionalText(input.prompt, 'prompt'),
        revision: optionalText(input.revision, 'revision'),
      });
      log.info(`language-model tool: rewind to ${input.to}: ${doc.ok === false ? (doc as { error: string }).error : 'saved'}`);
      return result(doc);
    },
  };

  const outcome: vscode.LanguageModelTool<Record<string, never>> = {
    prepareInvocation: () => ({ invocationMessage: vscode.l10n.t('Reading the outcome of the okstra wizard…') }),
    invoke: async () => result(await lm().outcome()),
  };

  context.subscriptions.push(
    vscode.lm.registerTool('okstra_wizard_current', current),
    vscode.lm.registerTool('okstra_wizard_answer', answer),
    vscode.lm.registerTool('okstra_wizard_rewind', rewind),
    vscode.lm.registerTool('okstra_wizard_outcome', outcome),
  );
}
