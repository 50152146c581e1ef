// The wizard as language-model tools (package.json `languageModelTools`), for chat agents in VS Code: the MCP
// server's tools (src/host/tools.ts: the same names with `okstra_` before them, the same inputs with `task`
// optional, the same documents and refusals) on the open workspace's wizards. Every tool that changes a state file
// asks first (prepareInvocation), naming the wizard, the step and the answer; none runs okstra (the outcome is the
// argv, the confirmation text and the program Run starts; Run stays the person's). Results are the documents as
// JSON text; a refusal is `{ok: false, code, error, current}`. Registering is cheap; the engine and the tools'
// schemas are loaded on the first call (P4).

import * as vscode from 'vscode';
import type { FeaturesApi } from '../features';
import type { LmDoc, LmToolKey, LmWizard } from './lmWizard';

/** The tools, by their key in src/host/tools.ts; the name is `okstra_wizard_<key>`. */
const LM_TOOL_KEYS = ['tasks', 'list', 'init', 'current', 'answer', 'rewind', 'tree', 'teams', 'preview', 'outcome', 'abort'] as const;

export const LM_TOOL_NAMES = LM_TOOL_KEYS.map((k) => `okstra_wizard_${k}`);

interface LmInput {
  task?: unknown;
  answer?: unknown;
  prompt?: unknown;
  to?: unknown;
  startOver?: unknown;
}

function result(doc: LmDoc): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(JSON.stringify(doc, null, 2))]);
}

/** A write's prepared invocation: what the chat says while it runs, and the confirmation asked before it. */
function asking(invocationMessage: string, title: string, message: string): vscode.PreparedToolInvocation {
  return { invocationMessage, confirmationMessages: { title, message } };
}

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Registers the tools; `features` tells which wizard the view shows. */
export function registerLanguageModelTools(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, features: FeaturesApi): void {
  if (typeof vscode.lm?.registerTool !== 'function') return;
  let wizard: LmWizard | undefined;
  const lm = (): LmWizard => {
    if (!wizard) {
      const { LmWizard: Impl } = require('./lmWizard') as typeof import('./lmWizard');
      const factory = features.workspaceWizards();
      wizard = new Impl(factory, () => features.wizard.session?.wizard.statePath ?? null);
    }
    return wizard;
  };
  const task = (input: LmInput): string | undefined => (typeof input.task === 'string' ? input.task : undefined);

  /** What each tool that writes asks first (a read only says what it does). */
  const confirmations: Partial<Record<LmToolKey, (input: LmInput) => Promise<vscode.PreparedToolInvocation>>> = {
    async init(input) {
      const key = shown(input.task);
      return asking(
        vscode.l10n.t('Starting the okstra wizard of {0}…', key),
        vscode.l10n.t('okstra wizard: start the wizard of {0}?', key),

        input.startOver === true
          ? vscode.l10n.t(
              'Start a new run wizard for {0}. Its unfinished wizard, if any, is backed up and set aside. This does not run okstra.',
              key,
            )
          : vscode.l10n.t('Start a new run wizard for {0}. This does not run okstra.', key),
      );
    },
    async answer(input) {
      const at = await lm().summary(task(input));
      const step = at?.step ?? shown(input.prompt);
      return asking(
        vscode.l10n.t('Answering {0} of the okstra wizard…', step),
        vscode.l10n.t('okstra wizard: answer {0}?', step),
        vscode.l10n.t(
          'Answer “{0}” ({1}) of {2} with: {3}\n\nThis records the answer in the wizard’s state file; it does not run okstra.',
          at?.label ?? step,
          step,
          at?.taskKey ?? '',
          shown(input.answer),
        ),
      );
    },
    async rewind(input) {
      const to = shown(input.to);
      const [name, at] = await Promise.all([lm().stepName(to), lm().summary(task(input))]);
      return asking(
        vscode.l10n.t('Going back to {0} in the okstra wizard…', to),
        vscode.l10n.t('okstra wizard: go back to {0}?', to),
        vscode.l10n.t(
          'Go back to “{0}” ({1}) of {2}: it is asked again and the answers that depend on it are cleared. This does not run okstra.',
          name,
          to,
          at?.taskKey ?? '',
        ),
      );
    },
    async abort(input) {
      const at = await lm().summary(task(input));
      const key = at?.taskKey ?? shown(input.task ?? '');
      return asking(
        vscode.l10n.t('Aborting the okstra wizard of {0}…', key),
        vscode.l10n.t('okstra wizard: abort the wizard of {0}?', key),
        vscode.l10n.t(
          'Abort the run wizard of {0}: its state file records that it was aborted, and it can no longer run. This does not run okstra.',
          key,
        ),
      );
    },
  };
  const reading: Record<string, string> = {
    tasks: vscode.l10n.t('Listing the tasks of the workspace…'),
    list: vscode.l10n.t('Listing the okstra wizards in progress…'),
    current: vscode.l10n.t('Reading the okstra wizard…'),
    tree: vscode.l10n.t('Reading the answered steps of the okstra wizard…'),
    teams: vscode.l10n.t('Reading the teams the okstra wizard can use…'),
    preview: vscode.l10n.t('Reading the command line of the okstra wizard…'),
    outcome: vscode.l10n.t('Reading the outcome of the okstra wizard…'),
  };

  for (const key of LM_TOOL_KEYS) {
    const name = `okstra_wizard_${key}`;
    const confirm = confirmations[key];
    const tool: vscode.LanguageModelTool<LmInput> = {
      prepareInvocation: (options) => (confirm ? confirm(options.input ?? {}) : { invocationMessage: reading[key] }),
      async invoke(options) {
        const doc = await lm().call(key, options.input);
        if (confirm) {
          const outcome = doc.ok === false ? (doc as { code: string; error: string }).error : 'saved';
          log.info(`language-model tool: ${name} ${JSON.stringify(options.input ?? {})}: ${outcome}`);
        }
        return result(doc);
      },
    };
    context.subscriptions.push(vscode.lm.registerTool(name, tool));
  }
}
