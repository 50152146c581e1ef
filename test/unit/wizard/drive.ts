// Drives the engine like a user who takes the defaults unless told otherwise.
import assert from 'node:assert/strict';
import type { EngineContext } from '../../../src/core/ports';
import type { PromptDoc, WizardState } from '../../../src/core/types';
import * as E from '../../../src/core/wizard/engine';
import { ROOT } from './fakeWorkspace';
import * as D from '../../../src/host/documents';
import type { JsonDoc } from '../../../src/cli/output';

export type Answers = Record<string, string | string[]>;

export interface Drive {
  state: WizardState;
  steps: string[];
  echoes: string[];
  prompts: PromptDoc[];
}

/** Answers until `done` (or `stopAt`); `answers[id]` overrides the default (an array is used in turn). */
export function drive(ctx: EngineContext, state: WizardState, answers: Answers = {}, stopAt?: string): Drive {
  const queue: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(answers)) queue[k] = Array.isArray(v) ? [...v] : [v];
  const out: Drive = { state, steps: [], echoes: [], prompts: [] };
  for (let i = 0; i < 80; i++) {
    const c = E.current(ctx, out.state);
    assert.ok(c.prompt, `no prompt: ${c.error}`);
    const p = c.prompt!;
    if (p.kind === 'done' || p.step === stopAt) return out;
    out.prompts.push(p);
    out.steps.push(p.step);
    const given = queue[p.step]?.length ? queue[p.step].shift()! : undefined;
    const ans = given ?? p.options.find((o) => o.default)?.value ?? p.default;
    assert.ok(ans !== undefined, `no answer for ${p.step}`);
    const r = E.submit(ctx, out.state, ans!);
    assert.ok(r.ok, `refused at ${p.step} with ${JSON.stringify(ans)}: ${r.ok ? '' : r.error}`);
    if (r.ok) {
      assert.equal(r.error, undefined, `next prompt failed after ${p.step}: ${r.error}`);
      out.echoes.push(r.echo);
      out.state = r.state;
    }
  }
  throw new Error('the wizard did not finish');
}

export function fresh(overrides: Partial<WizardState> = {}): WizardState {
  return { ...E.initState({ projectRootAbs: ROOT }), ...overrides };
}

/** The error of a refused submit, asserting the input state is untouched. */
export function refusal(ctx: EngineContext, state: WizardState, answer: string): string {
  const before = structuredClone(state);
  const r = E.submit(ctx, state, answer);
  assert.deepEqual(state, before, 'submit mutated its input state');
  assert.equal(r.ok, false, `expected a refusal of ${JSON.stringify(answer)}`);
  return r.ok ? '' : r.error;
}

export function currentStep(ctx: EngineContext, state: WizardState): PromptDoc {
  const c = E.current(ctx, state);
  assert.ok(c.prompt, `no prompt: ${c.error}`);
  return c.prompt!;
}

/** The CLI document of an engine result (src/host/documents.ts), for key-order and shape checks. */
export function docOf(r: object, revision: string | null = '0123456789abcdef'): JsonDoc {
  if ('prompt' in r) return D.currentDocument(r as E.CurrentResult, revision);
  if ('rows' in r) return D.treeDocument(r as E.TreeResult);
  if ('echo' in r || 'current' in r) return D.stepDocument(r as E.StepResult, revision);
  // The program is the host's (resolved on a PATH); an engine test has none: the default command, not found.
  if ('confirmationText' in r) return D.outcomeDocument(r as E.OutcomeResult, { command: ['okstra'], path: null });
  return D.renderArgsDocument(r as E.RenderArgsResult);
}
