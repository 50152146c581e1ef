// Engine contexts the way the shells build them: the file-system workspace
// (src/workspace) over a generated project, the CLI's environment (PATH,
// OKSTRA_TERMINAL_BACKEND), English texts.

import * as path from 'node:path';
import { buildEnvironment } from '../src/host/environment';
import type { EngineContext } from '../src/core/ports';
import { en } from '../src/core/text/en';
import type { PromptDoc, WizardState } from '../src/core/types';
import * as E from '../src/core/wizard/engine';
import { openWorkspace, type FsWorkspace } from '../src/workspace';
import { REPO } from './generate';

export const PROFILES_DIR = path.join(REPO, 'profiles');

/** A workspace as the extension opens one (src/vscode/wizard/engineSession.ts): task details kept between prompts. */
export function workspaceOf(root: string, revalidate: 'stat' | 'trust' = 'stat'): FsWorkspace {
  return openWorkspace(root, { builtinProfilesDir: PROFILES_DIR, catalogue: { revalidate }, keepTaskDetails: true });
}

/** A context; the environment is built afresh (the shells recompute it for every prompt). */
export function contextOf(workspace: FsWorkspace, env: NodeJS.ProcessEnv): EngineContext {
  return { workspace, environment: buildEnvironment({ env, cwd: workspace.projectRootAbs }), texts: en };
}

export function freshState(root: string): WizardState {
  return E.initState({ projectRootAbs: root, hostRuntime: 'claude-code', entryMode: 'spawn-process' });
}

/** What the progress simulation takes: the default option, the text default, else the first enabled option. */
export function defaultAnswer(p: PromptDoc): string {
  if (p.kind === 'text') return p.default ?? '';
  const enabled = p.options.filter((o) => !o.disabled);
  const def = enabled.find((o) => o.default) ?? enabled[0];
  if (!def) throw new Error(`prompt ${p.step} has no enabled option`);
  return def.value;
}

export interface Walk {
  /** The state before each prompt, in order (the last one is at `stopAt`, or done). */
  states: WizardState[];
  steps: string[];
  final: WizardState;
}

/**
 * Answers prompts (the given answers, else the defaults) until `done` or
 * `stopAt`; keeps every state on the way so that computing its prompt can
 * be timed again and again.
 */
export function walk(ctx: () => EngineContext, start: WizardState, answers: Record<string, string>, stopAt?: string): Walk {
  const states: WizardState[] = [];
  const steps: string[] = [];
  let s = start;
  for (let i = 0; i < 200; i++) {
    const c = E.current(ctx(), s);
    if (!c.prompt) throw new Error(`no prompt after ${steps.at(-1) ?? 'start'}: ${c.error}`);
    states.push(s);
    if (c.prompt.kind === 'done' || c.prompt.step === stopAt) return { states, steps, final: s };
    steps.push(c.prompt.step);
    const answer = answers[c.prompt.step] ?? defaultAnswer(c.prompt);
    const r = E.submit(ctx(), s, answer);
    if (!r.ok) throw new Error(`answer ${JSON.stringify(answer)} to ${c.prompt.step} refused: ${r.error}`);
    if (r.error) throw new Error(`after ${c.prompt.step}: ${r.error}`);
    s = r.state;
  }
  throw new Error(`the wizard did not end: ${steps.join(', ')}`);
}
