// The agent tools of src/host/tools.ts as the extension's language-model tools: the same tools named `okstra_` +
// the MCP tool's name, with `task` optional but for init (default: the wizard the okstra view shows, else the
// workspace's latest), and package.json's `contributes.languageModelTools` generated from them by
// `node scripts/build.mjs` (scripts/languageModelTools.ts; test/unit/docs/languageModelTools.test.ts fails when
// package.json differs), with their display names and user descriptions in package.nls*.json (`lm.<key>.*`), generated
// from the definitions' texts in the same build.
import * as z from 'zod/mini';
import { WIZARD_TOOLS, type ToolKey } from './tools';

/** The language-model tool's name of a tool: `okstra_wizard_answer`. */
function lmToolName(key: ToolKey): string {
  return `okstra_${WIZARD_TOOLS[key].name}`;
}

/** The tools whose `task` is optional here: every one that has a task, but init. */
function taskOptional(key: ToolKey): boolean {
  return key !== 'init' && 'task' in WIZARD_TOOLS[key].input.shape;
}

/** A tool's input schema here: the MCP tool's, with `task` optional but for init. */
export function lmInputSchema(key: ToolKey): z.ZodMiniType {
  const input = WIZARD_TOOLS[key].input as z.ZodMiniObject;
  return taskOptional(key) ? z.partial(input, { task: true }) : input;
}

/** What the description adds where `task` may be left out. */
const TASK_DEFAULT = "Works on the wizard of `task` when given, else the one the okstra view shows, else the workspace's latest.";

/** The description for the model: the MCP tool's, naming the language-model tools, and where a task is optional, the default. */
function modelDescription(key: ToolKey): string {
  const names = new Map(Object.values(WIZARD_TOOLS).map((d) => [d.name, `okstra_${d.name}`]));
  const text = WIZARD_TOOLS[key].description.replace(/\bwizard_[a-z]+\b/g, (name) => names.get(name) ?? name);
  return taskOptional(key) ? `${text} ${TASK_DEFAULT}` : text;
}

/** `okstra_wizard_answer` → `okstraWizardAnswer` (how a chat prompt references the tool, `#okstraWizardAnswer`). */
function referenceName(name: string): string {
  return name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** package.json's `contributes.languageModelTools`, in the order of src/host/tools.ts. */
export function languageModelToolsContribution(): Array<Record<string, unknown>> {
  return (Object.keys(WIZARD_TOOLS) as ToolKey[]).map((key) => {
    const name = lmToolName(key);
    const { $schema: _drop, ...inputSchema } = z.toJSONSchema(lmInputSchema(key), { target: 'draft-7', io: 'input' }) as Record<
      string,
      unknown
    >;
    return {
      name,
      toolReferenceName: referenceName(name),
      displayName: `%lm.${key}.displayName%`,
      userDescription: `%lm.${key}.userDescription%`,
      modelDescription: modelDescription(key),
      canBeReferencedInPrompt: true,
      icon: WIZARD_TOOLS[key].icon,
      tags: ['okstra', 'wizard'],
      inputSchema,
    };
  });
}

/** package.nls*.json's entries of the tools in one language: `lm.<key>.displayName` and `lm.<key>.userDescription`. */
export function languageModelToolTexts(language: 'en' | 'ko'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(WIZARD_TOOLS) as ToolKey[]) {
    const texts = WIZARD_TOOLS[key].texts[language];
    out[`lm.${key}.displayName`] = texts.displayName;
    out[`lm.${key}.userDescription`] = texts.userDescription;
  }
  return out;
}
