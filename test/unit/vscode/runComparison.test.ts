// Two runs side by side (src/vscode/tasks/runComparison.ts), from plain records: rows that differ are marked `≠`,
// rows alike are not, a role of only one run shows as absent on the other side, and values from files stay plain
// text in the Markdown.
import { strict as assert } from 'node:assert';
import type { RunRecord } from '../../../src/host/tasks';
import { compareRuns, comparisonMarkdown, differenceCount } from '../../../src/vscode/tasks/runComparison';

function record(runId: string, over: Partial<RunRecord> = {}): RunRecord {
  return {
    runId,
    taskType: 'implementation-planning',
    status: 'completed',
    outcome: 'approved',
    stage: '',
    chainStages: [],
    startedAt: '',
    dirAbs: `/p/.okstra/tasks/pay/a/runs/${runId}`,
    inputsPath: `.okstra/tasks/pay/a/runs/${runId}/inputs.json`,
    inputs: null,
    ...over,
  };
}

const TEAMS = [
  { name: 'usual-panel', roles: { leader: ['claude/opus-4.5'], planner: ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro'] } },
];

const A = record('2026-11-01-1', {
  inputs: {
    taskType: 'implementation-planning',
    directive: 'Plan the refunds',
    roleModels: { leader: ['claude/opus-4.5'], planner: ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro'] },
    roleCounts: { critic: 0 },
  },
});
const B = record('2026-11-05-1', {
  status: 'failed',
  outcome: '',
  inputs: {
    taskType: 'implementation-planning',
    directive: 'Plan the refunds',
    relatedTasks: ['pay/b'],
    roleModels: { leader: ['claude/opus-4.5'], planner: ['claude/opus-4.5'], 'report-writer': ['codex/gpt-5.1-codex'] },
  },
});

function byLabel(rows: ReadonlyArray<{ label: string; values: [string, string]; differs: boolean }>, label: string) {
  const r = rows.find((x) => x.label === label);
  assert.ok(r, `no row ${label}`);
  return r;
}

describe('run comparison (two runs of a task)', () => {
  it('marks the rows that differ and leaves the rows alike unmarked', () => {
    const c = compareRuns(A, B, TEAMS);
    assert.deepEqual(byLabel(c.run, 'Run type'), {
      label: 'Run type',
      values: ['implementation-planning', 'implementation-planning'],
      differs: false,
    });
    assert.deepEqual(byLabel(c.run, 'Status'), { label: 'Status', values: ['completed', 'failed'], differs: true });
    assert.deepEqual(byLabel(c.run, 'Team'), { label: 'Team', values: ['usual-panel', ''], differs: true });
    assert.equal(byLabel(c.agents, 'leader').differs, false);
    assert.deepEqual(byLabel(c.agents, 'planner').values, ['codex/gpt-5.1-codex, antigravity/gemini-3-pro', 'claude/opus-4.5']);
    assert.equal(byLabel(c.settings, 'directive').differs, false);
    assert.deepEqual(byLabel(c.settings, 'relatedTasks'), { label: 'relatedTasks', values: ['—', 'pay/b'], differs: true });
    // Shown as run rows and agents, not again as settings.
    assert.deepEqual(
      c.settings.map((r) => r.label),
      ['directive', 'relatedTasks'],
    );
  });

  it('shows a role of only one run as absent on the other side, and a role without agents as none', () => {
    const c = compareRuns(A, B, TEAMS);
    assert.deepEqual(byLabel(c.agents, 'report-writer'), { label: 'report-writer', values: ['—', 'codex/gpt-5.1-codex'], differs: true });
    assert.deepEqual(byLabel(c.agents, 'critic'), { label: 'critic', values: ['none', '—'], differs: true });
  });

  it('says the agents are not known for a run without inputs, with its problem', () => {
    const broken = record('2026-11-09-1', { problem: 'inputs.json is missing', problemKind: 'missing' });
    const c = compareRuns(A, broken, TEAMS);
    assert.deepEqual(byLabel(c.agents, 'leader').values, ['claude/opus-4.5', 'not known']);
    const md = comparisonMarkdown('pay/a', c);
    assert.match(md, /- `2026-11-09-1`: `\.okstra\/tasks\/pay\/a\/runs\/2026-11-09-1\/inputs\.json` — Problem: inputs\\\.json is missing/);
  });

  it('renders the tables with ≠ on the rows that differ only, the agents as code', () => {
    const md = comparisonMarkdown('pay/a', compareRuns(A, B, TEAMS));
    assert.match(md, /^# Runs of pay\/a compared$/m);
    assert.match(md, /^\| {2}\| Run \| `2026-11-01-1` \| `2026-11-05-1` \|$/m);
    assert.match(md, /^\| {2}\| Run type \| implementation\\-planning \| implementation\\-planning \|$/m);
    assert.match(md, /^\| ≠ \| Status \| completed \| failed \|$/m);
    assert.match(md, /^\| ≠ \| planner \| `codex\/gpt-5\.1-codex`, `antigravity\/gemini-3-pro` \(2\) \| `claude\/opus-4\.5` \|$/m);
    assert.match(md, /^\| {2}\| leader \| `claude\/opus-4\.5` \| `claude\/opus-4\.5` \|$/m);
    assert.match(md, /^\| ≠ \| report\\-writer \| — \| `codex\/gpt-5\.1-codex` \|$/m);
    const n = differenceCount(compareRuns(A, B, TEAMS));
    assert.match(md, new RegExp(`^${n} rows differ \\(≠\\)\\.$`, 'm'));
  });

  it('says two runs with the same of everything are alike', () => {
    const c = compareRuns(A, { ...A, runId: '2026-11-01-2', dirAbs: null }, TEAMS);
    assert.equal(differenceCount(c), 0);
    assert.match(comparisonMarkdown('pay/a', c), /^The two runs are alike\.$/m);
    assert.doesNotMatch(comparisonMarkdown('pay/a', c), /≠/);
  });

  it('keeps values from files plain text: no link, no table cell split by a pipe', () => {
    const hostile = record('x|y', {
      inputs: { directive: '[click](https://evil.example) | # heading', roleModels: { leader: ['a|b/`c`'] } },
    });
    const md = comparisonMarkdown('pay/a', compareRuns(A, hostile, TEAMS));
    assert.match(md, /\\\[click\\\]\\\(https\\:\/\/evil\\\.example\\\) \\\| \\# heading/);
    assert.match(md, /``\s?a\\\|b\/`c`\s?``/);
    assert.match(md, /`x\\\|y`/);
  });
});
