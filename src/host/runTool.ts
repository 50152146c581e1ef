// The one dispatcher of the agent tools (src/host/tools.ts): a call by name — the MCP tool's (`wizard_answer`) or
// its language-model twin's (`okstra_wizard_answer`) — is found, its input checked against the tool's schema, and
// the front end's body of that tool run. The MCP server (src/mcp/server.ts) and the language-model tools
// (src/vscode/lm/lmWizard.ts) both call it; each gives one body per tool (ToolBodies: TypeScript refuses a table
// that lacks a tool, so a new tool in tools.ts is a compile error until both front ends have it).
import type * as z from 'zod/mini';
import { safeParse } from 'zod/mini';
import { pyReprString } from '../core/pyRepr';
import { WizardError } from '../core/types';
import { WIZARD_TOOLS, type ToolKey } from './tools';

/** A tool's input as its body reads it (checked). */
type ToolInput<K extends ToolKey> = z.output<(typeof WIZARD_TOOLS)[K]['input']>;

/** A front end's body of every tool, by key. */
export type ToolBodies<Call, Result> = { [K in ToolKey]: (input: ToolInput<K>, call: Call) => Result };

/** Arguments that do not match the tool's schema: a `usage` refusal naming each problem; `task` as the call gave it. */
export class InvalidToolArguments extends WizardError {
  constructor(
    message: string,
    readonly task: string | undefined,
  ) {
    super('usage', message);
    this.name = 'InvalidToolArguments';
  }
}

/** The tool a name calls (with the front end's prefix: `okstra_` for the language-model tools), or null. */
export function toolKeyOf(name: string, prefix = ''): ToolKey | null {
  for (const [key, d] of Object.entries(WIZARD_TOOLS)) if (`${prefix}${d.name}` === name) return key as ToolKey;
  return null;
}

interface RunOptions {
  /** The prefix of the front end's tool names (default none: the MCP names). */
  prefix?: string;
  /** The schema a front end checks a tool's input against, when not the tool's own (the language-model twins). */
  schema?(key: ToolKey): z.ZodMiniType;
}

/**
 * Runs the tool `name` with `input` on a front end's bodies. An unknown name is a `usage` WizardError naming the
 * tools; input that does not match is InvalidToolArguments (the front end adds the wizard's current prompt).
 */
export function runTool<Call, Result>(
  bodies: ToolBodies<Call, Result>,
  name: string,
  input: unknown,
  call: Call,
  options: RunOptions = {},
): Result {
  const prefix = options.prefix ?? '';
  const key = toolKeyOf(name, prefix);
  if (key === null) {
    const known = Object.values(WIZARD_TOOLS).map((d) => `${prefix}${d.name}`);
    throw new WizardError('usage', `unknown tool: ${pyReprString(name)}; the tools: ${known.join(', ')}`);
  }
  const parsed = safeParse(options.schema?.(key) ?? WIZARD_TOOLS[key].input, input ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'arguments'}: ${i.message}`).join('; ');
    const task = (input as { task?: unknown } | null)?.task;
    throw new InvalidToolArguments(`invalid arguments for ${name}: ${problems}`, typeof task === 'string' ? task : undefined);
  }
  const body = bodies[key] as (input: unknown, call: Call) => Result;
  return body(parsed.data, call);
}
