// The progress simulation builds its prompts with only what their simulated answer needs
// (flow.ts simulatedRemaining, docs/steps.md › Progress); the total must be the one of the walk
// over prompts built in full (simulatedRemainingFull), for every state. Random walks (fast-check)
// over the demo project and over role-heavy stress projects (bench/generate.ts), with other
// answers than the defaults, Back and rewinds (which leave remembered answers), compare the two
// at every state they reach.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { STRESS_TASK, STRESS_TASK_TYPE, writeStressProject, type StressShape } from '../../../bench/generate';
import { buildEnvironment } from '../../../src/host/environment';
import type { EngineContext } from '../../../src/core/ports';
import { textsFor } from '../../../src/core/text';
import { WizardError, type PromptDoc, type WizardState } from '../../../src/core/types';
import * as E from '../../../src/core/wizard/engine';
import { editTargets, nextPrompt, simulatedRemaining, simulatedRemainingFull, simulatedTrace } from '../../../src/core/wizard/flow';
import { makeEnv } from '../../../src/core/wizard/steps/step';
import { openWorkspace } from '../../../src/workspace/workspace';

const REPO = path.resolve(__dirname, '..', '..', '..');

function contextOf(project: string, env: NodeJS.ProcessEnv): EngineContext {
  return {
    workspace: openWorkspace(project, { builtinProfilesDir: path.join(REPO, 'profiles') }),
    environment: buildEnvironment({ env, cwd: project }),
    texts: textsFor('en'),
  };
}

interface Simulated {
  n: number;
  step: string;
  /** The simulated answers, step by step. */
  trace: string[];
}

/** Both totals for the state's prompt, each in an env of its own (no cache shared); null when there is no prompt. */
function totals(ctx: EngineContext, state: WizardState): { fast: Simulated; full: Simulated } | null {
  const at = (answerOnly: boolean): Simulated | null => {
    const env = makeEnv(ctx);
    let p;
    try {
      p = nextPrompt(env, state);
    } catch (e) {
      if (e instanceof WizardError) return null;
      throw e;
    }
    const n = (answerOnly ? simulatedRemaining : simulatedRemainingFull)(env, state, p);
    return { n, step: p.step, trace: simulatedTrace(makeEnv(ctx), state, p, answerOnly) };
  };
  const fast = at(true);
  const full = at(false);
  assert.equal(fast === null, full === null);
  return fast && full ? { fast, full } : null;
}

/** An answer: the default, another option, a typed text; null = Back; a string starting with `@` = rewind to that id. */
function choose(p: PromptDoc, state: WizardState, roll: number, pick: number, fresh: () => string): string | null {
  const selectable = p.options.filter((o) => !o.disabled);
  const def = p.options.find((o) => o.default && !o.disabled);
  // The walk goes on past confirm: Back or a rewind, never the run.
  if (roll < 10 || (p.step === 'confirm' && roll % 2 === 0)) return null;
  if (roll < 18 || p.step === 'confirm') {
    const targets = editTargets(state);
    if (targets.length) return `@${targets[pick % targets.length]}`;
  }
  const takeDefault = roll < 60;
  if (p.kind === 'text') {
    if (p.step === 'task-new') return fresh();
    if (takeDefault && p.default) return p.default;
    if (p.step === 'brief-path' || p.step === 'clarification' || p.step === 'pr-template') return 'README.md';
    return p.step === 'analysis-target' && takeDefault ? (p.default ?? '') : `typed ${pick}`;
  }
  if (p.kind === 'multi_pick') {
    const ticked = selectable.filter((_o, i) => (pick >> i) & 1);
    return (ticked.length ? ticked : selectable.slice(0, 1)).map((o) => o.value).join(',');
  }
  if (takeDefault && def) return def.value;
  // Now and then a disabled option: refused, the state stays.
  const from = roll > 95 ? p.options : selectable;
  return from.length ? from[pick % from.length]!.value : (def?.value ?? '');
}

/** Walks from `start`, comparing the two totals at every state reached; returns how many states were compared. */
function walkAndCompare(ctx: EngineContext, start: WizardState, rolls: Array<[number, number]>, fresh: () => string): number {
  let state = start;
  let compared = 0;
  const log: string[] = [];
  const check = () => {
    const t = totals(ctx, state);
    if (!t) return;
    compared++;
    const where = `at ${t.full.step}; walk: ${log.join(' → ')}`;
    assert.equal(t.fast.n, t.full.n, `simulated ${t.fast.n}, in full ${t.full.n} ${where}`);
    assert.deepEqual(t.fast.trace, t.full.trace, `the simulated answers differ ${where}`);
    assert.equal(t.full.trace.length, t.full.n);
  };
  check();
  for (const [roll, pick] of rolls) {
    const c = E.current(ctx, state);
    const p = c.prompt;
    if (!p || p.kind === 'done') break;
    const answer = choose(p, state, roll, pick, fresh);
    let r;
    if (answer === null) {
      if (E.backTarget(state) === null) continue;
      r = E.back(ctx, state);
      log.push('Back');
    } else if (answer.startsWith('@')) {
      r = E.rewind(ctx, state, answer.slice(1));
      log.push(`rewind ${answer.slice(1)}`);
    } else {
      r = E.submit(ctx, state, answer);
      log.push(`${p.step}=${answer}`);
    }
    if (!r.ok) continue; // a refused answer changes nothing
    state = r.state;
    if (state.confirmed === true || state.aborted) break;
    check();
  }
  return compared;
}

const rollsArb = fc.array(fc.tuple(fc.integer({ min: 0, max: 99 }), fc.nat(1000)), { minLength: 10, maxLength: 70 });

describe('progress simulation: the answer-only walk gives the total of the full walk', function () {
  this.timeout(120000);
  let tmp: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-progress-sim-'));
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('over random walks of the demo project', () => {
    const project = path.join(tmp, 'acme-payments');
    fs.cpSync(path.join(REPO, 'demo'), project, { recursive: true });
    const ctx = contextOf(project, {
      PATH: `${path.join(project, '.demo-bin')}${path.delimiter}${path.dirname(process.execPath)}`,
      HOME: os.tmpdir(),
      OKSTRA_TERMINAL_BACKEND: 'vscode-terminal',
    });
    let created = 0;
    let compared = 0;
    fc.assert(
      fc.property(rollsArb, (rolls) => {
        compared += walkAndCompare(ctx, E.initState({ projectRootAbs: project }), rolls, () => `walk/new-${++created}`);
      }),
      { numRuns: 80, seed: 7, endOnFailure: true },
    );
    assert.ok(compared > 500, `only ${compared} states compared`);
  });

  // Small pools, absent providers and profiles with optional roles, counts that cannot all be completed
  // (recommended above what the pool allows) and configured defaults: where the defaults move.
  const shapes: Array<{ name: string; shape: StressShape; profile?: string; modelDefaults?: string }> = [
    { name: 'the P2 stress shape, 12 providers × 4 models', shape: { providers: 12, modelsPerProvider: 4, absent: 3, roles: 5 } },
    {
      name: 'a tight pool: 4 providers × 2 models, one absent, optional roles',
      shape: { providers: 4, modelsPerProvider: 2, absent: 1, roles: 4 },
      profile: [
        '  - { role: r1, duty: a, min: 1, max: 4, recommended: 4, distinct: provider }',
        '  - { role: r2, duty: b, min: 0, max: 3 }',
        '  - { role: r3, duty: c, min: 2, max: 5, recommended: 3 }',
        '  - { role: r4, duty: d, min: 0, max: 3, distinct: provider }',
        '  - { role: r5, duty: e, min: 1, max: 2, recommended: 2 }',
      ].join('\n'),
      modelDefaults: 'modelDefaults:\n  r1: [p02/m01, p00/m00]\n  r3: [p01/m01, p03/m00, p00/m01]\n',
    },
    {
      name: 'a pool too small for the profile: 3 providers × 1 model',
      shape: { providers: 3, modelsPerProvider: 1, absent: 1, roles: 3 },
      profile: [
        '  - { role: r1, duty: a, min: 1, max: 3, recommended: 3, distinct: provider }',
        '  - { role: r2, duty: b, min: 0, max: 2, distinct: provider }',
        '  - { role: r3, duty: c, min: 1, max: 2, recommended: 1 }',
      ].join('\n'),
    },
  ];
  for (const [i, { name, shape, profile, modelDefaults }] of shapes.entries()) {
    it(`over random walks of a stress project: ${name}`, () => {
      const dir = path.join(tmp, `stress-${i}`);
      const project = writeStressProject(dir, shape);
      if (profile) {
        const file = path.join(project.root, '.okstra', 'prompts', 'profiles', `${STRESS_TASK_TYPE}.md`);
        fs.writeFileSync(file, `---\ntaskType: ${STRESS_TASK_TYPE}\nroles:\n${profile}\n---\n\nA role-heavy test profile.\n`);
      }
      fs.writeFileSync(path.join(project.root, 'README.md'), '# Stress\n'); // what a typed path answers
      if (modelDefaults) fs.appendFileSync(path.join(project.root, '.okstra', 'config.yaml'), modelDefaults);
      const ctx = contextOf(project.root, project.env);
      const start = E.initState({ projectRootAbs: project.root, hostRuntime: 'claude-code', entryMode: 'spawn-process' });
      // The walks start after task-type (the task and the profile's type picked), so that most of their answers are role answers.
      const task = E.submit(ctx, start, STRESS_TASK);
      assert.ok(task.ok, task.ok ? '' : task.error);
      const picked = E.submit(ctx, task.state, STRESS_TASK_TYPE);
      assert.ok(picked.ok, picked.ok ? '' : picked.error);
      let created = 0;
      let compared = 0;
      fc.assert(
        fc.property(rollsArb, (rolls) => {
          compared += walkAndCompare(ctx, picked.state, rolls, () => `walk/new-${++created}`);
        }),
        { numRuns: 40, seed: 11 + i, endOnFailure: true },
      );
      assert.ok(compared > 300, `only ${compared} states compared`);
    });
  }
});
