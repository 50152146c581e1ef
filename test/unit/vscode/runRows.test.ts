// The Tasks view's run rows (src/vscode/tasks/runRows.ts), from plain data: the agents of a run's inputs, the team
// they are, the short summary, the date, and a run whose inputs cannot be used.
import { strict as assert } from 'node:assert';
import { agentSummary, runAgents, runDate, runRow, runRows, shortDate, teamOfAgents } from '../../../src/vscode/tasks/runRows';
import type { RunRecord } from '../../../src/workspace/runHistory';

const TASK = { id: 'task:/p\u0000pay/a', rootAbs: '/p', key: 'pay/a' };
const NOW = new Date(2026, 11, 2);
const PANEL = {
  name: 'usual-panel',
  roles: { leader: ['claude/opus-4.5'], planner: ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro'], critic: [] },
};

function record(extra: Partial<RunRecord> = {}): RunRecord {
  return {
    runId: '2026-11-20-1',
    taskType: 'implementation-planning',
    status: 'completed',
    outcome: 'approved',
    stage: '',
    chainStages: [],
    startedAt: '',
    dirAbs: '/p/.okstra/tasks/pay/a/runs/2026-11-20-1',
    inputsPath: '.okstra/tasks/pay/a/runs/2026-11-20-1/inputs.json',
    inputs: {
      roleCounts: { planner: 2, critic: 0 },
      roleModels: { leader: ['claude/opus-4.5'], planner: ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro'] },
    },
    ...extra,
  };
}

describe('tasks view run rows', () => {
  it('reads the agents of roleModels, a role counted 0 as none, the leader first and the report writer last', () => {
    const agents = runAgents({ roleCounts: { critic: 0 }, roleModels: { 'report-writer': ['c/s'], planner: ['a/x'], leader: ['c/o'] } });
    assert.deepEqual(Object.entries(agents!), [
      ['leader', ['c/o']],
      ['planner', ['a/x']],
      ['critic', []],
      ['report-writer', ['c/s']],
    ]);
    assert.equal(runAgents({ workers: ['claude'] }), null);
    assert.equal(runAgents(null), null);
  });

  it('names the configured team whose agents are the run’s, and no team when one agent differs', () => {
    const agents = runAgents(record().inputs)!;
    assert.equal(teamOfAgents(agents, [PANEL])?.name, 'usual-panel');
    assert.equal(teamOfAgents({ ...agents, critic: ['grok/grok-4'] }, [PANEL]), null);
    assert.equal(teamOfAgents({ ...agents, 'report-writer': ['claude/sonnet-4.5'] }, [PANEL]), null);
  });

  it('sums the agents up in short: the leader’s model, counts of the others', () => {
    assert.equal(
      agentSummary({ leader: ['claude/opus-4.5'], planner: ['a/x', 'b/y'], critic: ['c/z'], verifier: [] }),
      'leader opus-4.5 · 2 planners · critic',
    );
  });

  it('dates a run by its id (local day) or its startedAt, short: the year only when it is not this one', () => {
    const d = runDate({ runId: '2026-11-20-1', startedAt: '' })!;
    assert.deepEqual([d.getFullYear(), d.getMonth(), d.getDate()], [2026, 10, 20]);
    assert.equal(runDate({ runId: 'first', startedAt: '' }), null);
    assert.equal(runDate({ runId: '2026-02-31-1', startedAt: '' }), null);
    assert.equal(shortDate(d, 'en', NOW), 'Nov 20');
    assert.equal(shortDate(new Date(2025, 0, 3), 'en', NOW), 'Jan 3, 2025');
  });

  it('a run with a configured team: its type, then date, the team and outcome, every agent in the tooltip', () => {
    const row = runRow(record({ stage: 'migrate-db' }), { task: TASK, teams: [PANEL], now: NOW });
    assert.equal(row.label, 'implementation-planning');
    assert.equal(row.description, 'Nov 20  ·  migrate-db  ·  usual-panel  ·  approved');
    assert.equal(row.team, 'usual-panel');
    assert.equal(row.contextValue, 'run team');
    assert.equal(row.icon, 'pass');
    assert.match(row.tooltip, /\*\*Run:\*\* `2026-11-20-1`/);
    assert.match(row.tooltip, /- planner: `codex\/gpt-5\.1-codex`, `antigravity\/gemini-3-pro`/);
    assert.match(row.tooltip, /- critic: none/);
    assert.match(row.tooltip, /\*\*Team:\*\* usual\\-panel/);
  });

  it('a run of no configured team: its agents in short, team-pick’s run:<id>; a failed status is said with its outcome', () => {
    const row = runRow(record({ status: 'failed', outcome: 'verification-failed' }), { task: TASK, teams: [], now: NOW });
    assert.equal(row.description, 'Nov 20  ·  leader opus-4.5 · 2 planners  ·  failed: verification-failed');
    const undated = runRow(record({ runId: 'first', taskType: '' }), { task: TASK, teams: [], now: NOW });
    assert.deepEqual([undated.label, undated.description], ['first', 'leader opus-4.5 · 2 planners  ·  approved']);
    const untyped = runRow(record({ runId: 'first' }), { task: TASK, teams: [], now: NOW });
    assert.equal(untyped.description, 'first  ·  leader opus-4.5 · 2 planners  ·  approved', 'the run id when there is no date');
    assert.equal(row.team, 'run:2026-11-20-1');
    assert.equal(row.icon, 'error');
  });

  it('a run whose inputs.json is missing or broken still shows, with the problem in words and no team to reuse', () => {
    const broken = record({
      inputs: null,
      problem: '.okstra/tasks/pay/a/runs/2026-11-20-1/inputs.json:1:1: invalid JSON',
      problemKind: 'unreadable',
    });
    const row = runRow(broken, { task: TASK, teams: [PANEL], now: NOW });
    assert.equal(row.description, 'Nov 20  ·  inputs.json unreadable  ·  approved');
    assert.match(row.tooltip, /\*\*Problem:\*\* .*2026\\-11\\-20\\-1\/inputs\\\.json:1:1: invalid JSON/);
    const missing = runRow(record({ inputs: null, problem: 'x is missing', problemKind: 'missing' }), { task: TASK, teams: [], now: NOW });
    assert.equal(missing.description, 'Nov 20  ·  no inputs.json  ·  approved');
    assert.equal(row.team, '');
    assert.equal(row.contextValue, 'run');
    assert.equal(row.icon, 'warning');
  });

  it('a version-1 selection is named so, its keys in the tooltip; nothing known says so', () => {
    const legacy = runRow(record({ inputs: { workers: ['claude', 'codex'], leadModel: 'opus' } }), { task: TASK, teams: [], now: NOW });
    assert.equal(legacy.description, 'Nov 20  ·  version-1 selection  ·  approved');
    assert.match(legacy.tooltip, /- workers: `claude,codex`/);
    assert.equal(legacy.team, 'run:2026-11-20-1', 'the engine converts it');
    const none = runRow(record({ inputs: {} }), { task: TASK, teams: [], now: NOW });
    assert.equal(none.description, 'Nov 20  ·  agents not known  ·  approved');
    assert.equal(none.contextValue, 'run');
  });

  it('lists the runs newest first (the manifest lists them oldest first), each with its own id', () => {
    const rows = runRows([record({ runId: '2026-11-01-1' }), record({ runId: '2026-11-20-1' })], { task: TASK, teams: [], now: NOW });
    assert.deepEqual(
      rows.map((r) => r.runId),
      ['2026-11-20-1', '2026-11-01-1'],
    );
    assert.notEqual(rows[0]!.id, rows[1]!.id);
  });

  it('D4: a run id, model refs and inputs from files cannot end their code span nor add Markdown (links, images)', () => {
    const hostile = 'x` ![i](https://evil.example/i.png) [l](https://evil.example) `y';
    const row = runRow(
      record({
        runId: `2026-11-20-1${hostile}`,
        taskType: `t${hostile}`,
        stage: `s\n\n# heading${hostile}`,
        inputsPath: `.okstra/runs/${hostile}/inputs.json`,
        inputs: { roleModels: { [`analyser${hostile}`]: [`claude/opus${hostile}`, '``'] } },
      }),
      { task: TASK, teams: [], now: NOW },
    );
    assertInert(row.tooltip, ['https://evil.example']);
    const legacy = runRow(record({ inputs: { workers: [hostile], leadModel: `a\`\`b${hostile}` } }), { task: TASK, teams: [], now: NOW });
    assertInert(legacy.tooltip, ['https://evil.example']);
  });
});

/**
 * Checks Markdown `md` as CommonMark reads inline code: a code span opens at a run of backticks and closes at the
 * next run of the same length. Outside code spans, no `[`, `!` or `<` may be left unescaped, nor a line break
 * start a block; each of `urls` may appear only inside a code span or escaped.
 */
function assertInert(md: string, urls: string[]): void {
  let outside = '';
  let i = 0;
  while (i < md.length) {
    if (md[i] === '\\') {
      outside += '  ';
      i += 2;
      continue;
    }
    if (md[i] === '`') {
      let n = 0;
      while (md[i + n] === '`') n++;
      const fence = '`'.repeat(n);
      let j = i + n;
      let close = -1;
      while (j < md.length) {
        const k = md.indexOf(fence, j);
        if (k < 0) break;
        if (md[k + n] !== '`' && md[k - 1] !== '`') {
          close = k;
          break;
        }
        j = k + 1;
        while (md[j] === '`') j++;
      }
      assert.ok(close >= 0, `an unclosed code span at ${i}: ${JSON.stringify(md.slice(i, i + 40))}`);
      const code = md.slice(i + n, close);
      assert.ok(!code.includes('\n\n'), `a blank line ends the code span: ${JSON.stringify(code)}`);
      i = close + n;
      outside += ' ';
      continue;
    }
    outside += md[i];
    i++;
  }
  for (const c of ['[', '!', '<'])
    assert.ok(!outside.replace(/\*\*[A-Za-z ]+:\*\*/g, '').includes(c), `an unescaped ${c} outside code: ${JSON.stringify(outside)}`);
  for (const u of urls) assert.ok(!outside.includes(u), `${u} outside code`);
  for (const line of outside.split('\n')) assert.ok(!/^\s*#/.test(line), `a heading: ${JSON.stringify(line)}`);
}
