// The wizard as language-model tools (package.json `languageModelTools`), for chat agents in VS Code: the MCP
// server's tools (src/host/tools.ts: the same names with `okstra_` before them, the same inputs with `task`
// optional, the same documents and refusals) on the open workspace's wizards. Every tool that changes a state file
// asks first (prepareInvocation, toolConfirmations.ts), naming the wizard, the prompt the call is bound to and the
// answer; none runs okstra (the outcome is the
// argv, the confirmation text and the program Run starts; Run stays the person's). Results are the documents as
// JSON text; a refusal is `{ok: false, code, error, current}`. Registering is cheap: the tools are those package.json
// contributes (generated from their definitions); the engine, the definitions and the tools' schemas are loaded on
// the first call (P4).

import * as vscode from 'vscode';
import type { FeaturesApi } from '../features';
import type { LmDoc, LmToolKey, LmWizard } from './lmWizard';
import { prepareWrite, WRITING_TOOL_KEYS, type ConfirmationSource, type ToolInput, type WritingToolKey } from './toolConfirmations';

/**
 * The tools package.json contributes (generated from src/host/tools.ts by `node scripts/build.mjs`), by their key in
 * src/host/tools.ts: `okstra_wizard_answer` → `answer`. Read from the manifest VS Code already parsed, so that
 * registering loads no definition (P4).
 */
function contributedKeys(context: vscode.ExtensionContext): LmToolKey[] {
  const tools = (context.extension.packageJSON as { contributes?: { languageModelTools?: Array<{ name: string }> } }).contributes
    ?.languageModelTools;
  return (tools ?? []).map((t) => t.name.replace(/^okstra_wizard_/, '') as LmToolKey);
}

function result(doc: LmDoc): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(JSON.stringify(doc, null, 2))]);
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
  /** What each tool that writes asks first (src/vscode/lm/toolConfirmations.ts); a read only says what it does. */
  const source: ConfirmationSource = {
    peek: (task) => lm().peek(task),
    stepName: (id) => lm().stepName(id),
    shell: () => vscode.env.shell,
  };
  const writes = new Set<string>(WRITING_TOOL_KEYS);

  for (const key of contributedKeys(context)) {
    const name = `okstra_wizard_${key}`;
    const confirm = writes.has(key);
    const tool: vscode.LanguageModelTool<ToolInput> = {
      prepareInvocation: (options) =>
        confirm ? prepareWrite(source, key as WritingToolKey, options.input ?? {}) : { invocationMessage: lm().reading(key) },
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
