// team-pick with a remembered `run:<id>` (the Tasks view's New Run with This Team, src/host/host.ts fresh `defaults`):
// the agents of that earlier run are offered and are the default, while the last run's stay offered too.
import assert from 'node:assert/strict';
import type { PreviousRunInputs, ProjectConfig, TeamDecl } from '../../../src/core/ports';
import * as E from '../../../src/core/wizard/engine';
import { currentStep, drive, fresh } from './drive';
import { fakeContext, type FakeOptions } from './fakeWorkspace';
import { projectOptions, projectTasks } from './projects';

const EA = { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' };
const USUAL: TeamDecl = { roles: { analyser: ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro'], critic: [] } };

const EARLIER: PreviousRunInputs = {
  runId: '2026-11-06-1',
  taskType: 'error-analysis',
  inputsPath: '.okstra/tasks/payments/refund-timeout/runs/2026-11-06-1/inputs.json',
  inputs: {
    roleCounts: { analyser: 2 },
    roleModels: { analyser: ['antigravity/gemini-3-pro', 'codex/gpt-5.1-codex'], 'report-writer': ['claude/opus-4.5'] },
  },
};

/** The sample project with an earlier error-analysis run of refund-timeout before its last one. */
function options(teams: Record<string, TeamDecl>): FakeOptions {
  const tasks = projectTasks().map((t) => (t.id === 'refund-timeout' ? { ...t, previousRuns: [EARLIER, ...(t.previousRuns ?? [])] } : t));
  const config: ProjectConfig = { path: '.okstra/config.yaml', teams };
  return projectOptions({ tasks, config });
}

function teamPickWith(remembered: Record<string, string> | undefined, teams: Record<string, TeamDecl> = { usual: USUAL }) {
  const fx = fakeContext(options(teams));
  const d = drive(fx.ctx, fresh(remembered ? { remembered_answers: remembered } : {}), EA, 'team-pick');
  return { ...fx, state: d.state, prompt: currentStep(fx.ctx, d.state) };
}

describe('team-pick with an earlier run remembered', () => {
  it('offers that run’s agents as "As in run <id>" and makes them the default; without it, the last run’s are', () => {
    const plain = teamPickWith(undefined);
    assert.deepEqual(
      plain.prompt.options.map((o) => o.value + (o.default ? '*' : '')),
      ['usual', 'run:2026-11-18-1*', 'one-by-one'],
    );
    const earlier = teamPickWith({ 'task-pick': 'payments/refund-timeout', 'team-pick': 'run:2026-11-06-1' });
    assert.deepEqual(
      earlier.prompt.options.map((o) => o.value + (o.default ? '*' : '')),
      ['usual', 'run:2026-11-18-1', 'run:2026-11-06-1*', 'one-by-one'],
    );
    assert.equal(earlier.prompt.options.find((o) => o.default)?.label, 'As in run 2026-11-06-1');
    const r = E.submit(earlier.ctx, earlier.state, 'run:2026-11-06-1');
    assert.ok(r.ok, JSON.stringify(r));
    assert.equal(r.state.role_counts['analyser'], 2, 'the earlier run’s team answers the role prompts (the last run had 1)');
    assert.equal(r.next?.step, 'role-add:critic');
  });

  it('a remembered run of another run type, or one that is not there, offers nothing more', () => {
    const other = teamPickWith({ 'task-pick': 'payments/refund-timeout', 'team-pick': 'run:2026-12-01-9' });
    assert.deepEqual(
      other.prompt.options.map((o) => o.value + (o.default ? '*' : '')),
      ['usual', 'run:2026-11-18-1*', 'one-by-one'],
    );
  });

  it('a remembered saved team is the default while it can be used', () => {
    const saved = teamPickWith({ 'task-pick': 'payments/refund-timeout', 'team-pick': 'usual' });
    assert.equal(saved.prompt.options.find((o) => o.default)?.value, 'usual');
  });
});
