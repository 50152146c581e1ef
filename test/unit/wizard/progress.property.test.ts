// Progress over random walks through the demo project (fast-check): the total
// is the number of prompts on the path the answers and defaults lead to, so
// it never shows `n of n` before the confirmation, it stays put when the
// answer given is the default, and Back shows the total it showed before.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { buildEnvironment } from '../../../src/host/environment';
import type { EngineContext } from '../../../src/core/ports';
import { textsFor } from '../../../src/core/text';
import type { PromptDoc, WizardState } from '../../../src/core/types';
import * as E from '../../../src/core/wizard/engine';
import { openWorkspace } from '../../../src/workspace/workspace';

const REPO = path.resolve(__dirname, '..', '..', '..');

function demoContext(project: string): EngineContext {
  const env = {
    PATH: `${path.join(project, '.demo-bin')}${path.delimiter}${path.dirname(process.execPath)}`,
    HOME: os.tmpdir(),
    OKSTRA_TERMINAL_BACKEND: 'vscode-terminal',
  };
  return {
    workspace: openWorkspace(project, { builtinProfilesDir: path.join(REPO, 'profiles') }),
    environment: buildEnvironment({ env, cwd: project }),
    texts: textsFor('en'),
  };
}

const n = (p: PromptDoc) => `${p.step} (${p.progress.answered + 1} of ${p.progress.total})`;

/** The answer a person gives: the default, or another choice; null = press Back. */
function choose(p: PromptDoc, roll: number, pick: number, fresh: () => string): { answer: string; isDefault: boolean } | null {
  const selectable = p.options.filter((o) => !o.disabled);
  const def = p.options.find((o) => o.default && !o.disabled);
  if (roll < 12) return null;
  const takeDefault = roll < 60;
  if (p.kind === 'text') {
    if (p.step === 'task-new') return { answer: fresh(), isDefault: false };
    if (takeDefault && p.default) return { answer: p.default, isDefault: true };
    if (p.step === 'brief-path' || p.step === 'clarification' || p.step === 'pr-template') return { answer: 'README.md', isDefault: false };
    return { answer: p.step === 'analysis-target' && takeDefault ? (p.default ?? '') : `typed ${pick}`, isDefault: takeDefault };
  }
  if (p.kind === 'multi_pick') {
    const ticked = selectable.filter((_o, i) => (pick >> i) & 1);
    return { answer: (ticked.length ? ticked : selectable.slice(0, 1)).map((o) => o.value).join(','), isDefault: false };
  }
  if (takeDefault && def) return { answer: def.value, isDefault: true };
  const o = selectable[pick % selectable.length];
  return { answer: o.value, isDefault: o === def };
}

describe('progress over random demo walks', function () {
  let project: string;
  let tmp: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-progress-'));
    project = path.join(tmp, 'acme-payments');
    fs.cpSync(path.join(REPO, 'demo'), project, { recursive: true });
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('never `n of n` before confirm; a default answer keeps the total; Back shows the total it left', () => {
    let created = 0;
    const ctx = demoContext(project);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 99 }), fc.nat(1000)), { minLength: 1, maxLength: 60 }), (rolls) => {
        let state: WizardState = E.initState({ projectRootAbs: project });
        let p = E.current(ctx, state).prompt!;
        const shown: PromptDoc[] = [];
        const log: string[] = [];
        for (const [roll, pick] of rolls) {
          assert.ok(p, 'no prompt');
          if (p.kind === 'done' || p.step === 'confirm' || p.step === 'edit-target') break;
          log.push(n(p));
          assert.ok(p.progress.answered + 1 < p.progress.total, `n of n before confirm: ${log.join(' → ')}`);
          const c = choose(p, roll, pick, () => `walk/new-${++created}`);
          if (c === null) {
            if (E.backTarget(state) === null) continue;
            const b = E.back(ctx, state);
            assert.ok(b.ok && b.next, `Back refused: ${b.ok ? b.error : b.error}`);
            const left = p;
            const shownBefore = shown.pop();
            state = b.state;
            p = b.next;
            log.push('Back');
            assert.equal(p.progress.total, left.progress.total, `Back changed the total: ${log.join(' → ')} → ${n(p)}`);
            if (shownBefore) assert.equal(p.step, shownBefore.step);
            continue;
          }
          const r = E.submit(ctx, state, c.answer);
          if (!r.ok) {
            continue; // a refused answer changes nothing
          }
          assert.ok(r.next, `no next prompt after ${p.step}: ${r.error}`);
          if (c.isDefault) {
            assert.equal(
              r.next.progress.total,
              p.progress.total,
              `the default answer ${JSON.stringify(c.answer)} changed the total: ${log.join(' → ')} → ${n(r.next)}`,
            );
          }
          shown.push(p);
          state = r.state;
          p = r.next;
        }
      }),
      { numRuns: 60, seed: 12, endOnFailure: true },
    );
  });

  it('a default walk shows exactly the total announced at its first prompt', () => {
    const ctx = demoContext(project);
    for (const task of [
      'checkout/saved-card-migration',
      'payments/refund-queue',
      'checkout/idempotency-keys',
      'ledger/settlement-report-drift',
    ]) {
      let state = E.initState({ projectRootAbs: project });
      let r = E.submit(ctx, state, task);
      assert.ok(r.ok && r.next);
      const announced = r.next.progress.total;
      let shown = 1; // task-pick
      let answered = r.next.progress.answered;
      for (;;) {
        if (!r.ok || !r.next) return assert.fail(`${task}: stopped`);
        const p: PromptDoc = r.next;
        shown++;
        // The demo's teams: the role prompts a chosen team (or a past run's agents) answers count as shown.
        shown += Math.max(0, p.progress.answered - answered - 1);
        answered = p.progress.answered;
        assert.equal(p.progress.total, announced, `${task}: ${n(p)}`);
        if (p.step === 'confirm') break;
        state = r.state;
        r = E.submit(ctx, state, p.options.find((o) => o.default)?.value ?? p.default ?? '');
      }
      assert.equal(shown, announced, task);
    }
  });

  it('follow-up inputs are not `n of n`: brief-path, directive, task-new, related-tasks', () => {
    const ctx = demoContext(project);
    const walk = (answers: Record<string, string>, stop: string): PromptDoc => {
      let state = E.initState({ projectRootAbs: project });
      for (let i = 0; i < 40; i++) {
        const p = E.current(ctx, state).prompt!;
        if (p.step === stop) return p;
        const r = E.submit(ctx, state, answers[p.step] ?? p.options.find((o) => o.default)?.value ?? p.default ?? '');
        assert.ok(r.ok, `${p.step}: ${r.ok ? '' : r.error}`);
        state = r.state;
      }
      throw new Error(`${stop} not reached`);
    };
    const cases: Array<[Record<string, string>, string]> = [
      [{ 'task-pick': 'new' }, 'task-new'],
      [{ 'task-pick': 'checkout/saved-card-migration', brief: 'path' }, 'brief-path'],
      [{ 'task-pick': 'checkout/saved-card-migration', 'directive-pick': 'write' }, 'directive'],
      [{ 'task-pick': 'checkout/saved-card-migration', 'related-tasks-pick': 'choose' }, 'related-tasks'],
    ];
    for (const [answers, stop] of cases) {
      const p = walk(answers, stop);
      assert.ok(p.progress.answered + 1 < p.progress.total, n(p));
    }
  });
});
