import { strict as assert } from 'node:assert';
import { FakeWindow } from './fakeWindow';
import { lastRunRow, runCommandLine, runTimeText, treeRowModels, treeTexts } from '../../../src/vscode/tree/treeModel';

const texts = { current: 'current', changed: 'changed', lastRun: (c: number | null, at: string) => `exit ${String(c)} at ${at}` };

describe('vscode tree model', () => {
  it('one row per answered step in order, an icon per group, the current prompt last', () => {
    const rows = treeRowModels(
      [
        {
          id: 'task-pick',
          group: 'task',
          label: 'Task',
          echo: 'task: billing/x',
          answered: true,
          editable: true,
          answer: 'task-pick: billing/x',
        },
        {
          id: 'role-model:analyser:2',
          group: 'roles',
          label: 'analyser #2 model',
          echo: 'role-model: analyser#2=codex/gpt-5.1-codex',
          answered: true,
          editable: true,
          answer: 'role-model: analyser #2 = codex/gpt-5.1-codex',
        },
        { id: 'directive', group: 'follow-ups', label: 'directive', echo: '', answered: false, editable: false },
      ],
      texts,
    );
    assert.deepEqual(
      rows.map((r) => [r.id, r.icon, r.contextValue, r.stepId]),
      [
        ['step:task-pick', 'briefcase', 'step editable', 'task-pick'],
        ['step:role-model:analyser:2', 'person', 'step editable', 'role-model:analyser:2'],
        ['current:directive', 'arrow-right', 'current', 'directive'],
      ],
    );
    assert.equal(rows[1].label, 'role-model: analyser #2 = codex/gpt-5.1-codex');
    assert.equal(rows[1].description, undefined, 'the answer in words names the step already');
    assert.equal(rows[1].tooltip, 'role-model: analyser#2=codex/gpt-5.1-codex');
  });

  it('rows carrying a reconcile notice are marked', () => {
    const [row] = treeRowModels(
      [
        {
          id: 'role-model:analyser:1',
          group: 'roles',
          label: 'l',
          echo: 'e',
          answered: true,
          editable: true,
          notice: "removed model 'x' from role 'analyser' #1: gone",
        },
      ],
      texts,
    );
    assert.equal(row.icon, 'warning');
    assert.match(row.description ?? '', /changed/);
    assert.match(row.tooltip, /removed model 'x'/);
  });

  it('the last run shows its exit code', () => {
    assert.equal(lastRunRow({ startedAt: 't', argv: ['okstra'], exitCode: 3 }, texts).icon, 'error');
    assert.equal(lastRunRow({ startedAt: 't', argv: ['okstra'], exitCode: 0 }, texts).icon, 'pass');
    assert.equal(lastRunRow({ startedAt: 't', argv: ['okstra'], exitCode: null }, texts).label, 'exit null at t');
  });

  it('Last run: local time, relative when recent, never a cut UTC ISO stamp', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    assert.equal(runTimeText('2026-12-01T09:59:40Z', now), 'now');
    assert.equal(runTimeText('2026-12-01T09:34:10Z', now), '25 minutes ago');
    assert.equal(runTimeText('2026-12-01T07:00:00Z', now), '3 hours ago');
    assert.equal(runTimeText('2026-11-28T08:34:10Z', now, { timeZone: 'Asia/Seoul' }), 'Nov 28, 2026, 5:34 PM');
    assert.equal(runTimeText('2026-11-28T08:34:10Z', now, { timeZone: 'UTC' }), 'Nov 28, 2026, 8:34 AM');
    assert.match(runTimeText('2026-12-01T09:34:10Z', now, { lang: 'ko' }), /25분 전/);
    const row = lastRunRow(
      { startedAt: '2026-12-01T09:34:10Z', argv: ['okstra'], exitCode: 0 },
      { ...texts, lastRun: (c, at) => `Last run: exit ${String(c)} (${at})` },
      now,
    );
    assert.equal(row.label, 'Last run: exit 0 (25 minutes ago)');
  });

  it('a stopped run: its row is as short as an exit row (it fits the sidebar), what stopped it in the tooltip', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const run = { startedAt: '2026-12-01T09:34:10Z', argv: ['okstra'], exitCode: null, status: 'stopped' as const, endedBy: 'Stop Run' };
    const row = lastRunRow(run, texts, now);
    assert.equal(row.label, 'Last run: stopped (25 minutes ago)');
    assert.equal(row.tooltip.split('\n').at(-1), 'Stopped by Stop Run');
    assert.equal(row.icon, 'debug-stop');
  });

  it('a run whose end was not seen: its row says the exit code is unknown as an exit row would, how it ended in the tooltip', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const endedBy = 'ended after the window reloaded; exit code unknown';
    const run = { startedAt: '2026-12-01T09:34:10Z', argv: ['okstra'], exitCode: null, status: 'unknown' as const, endedBy };
    const row = lastRunRow(run, texts, now);
    assert.equal(row.label, 'exit null at 25 minutes ago');
    assert.equal(row.tooltip.split('\n').at(-1), endedBy);
    assert.equal(lastRunRow(run, treeTexts(new FakeWindow()), now).label, 'Last run: exit code unknown (25 minutes ago)');
  });

  it('the Last-run tooltip is a quoted command line, not an argv joined with spaces', () => {
    const argv = ['okstra', 'render-bundle', '--directive', "Focus on p99; don't page", '--brief', '/p/my brief.md'];
    assert.equal(runCommandLine(argv), "okstra render-bundle --directive 'Focus on p99; don'\\''t page' --brief '/p/my brief.md'");
    const row = lastRunRow({ startedAt: '2026-12-01T09:34:10Z', argv, exitCode: 0 }, texts);
    assert.equal(row.tooltip.split('\n')[0], runCommandLine(argv));
  });
});

describe('vscode tree texts (wizardTree.ts reads them from the window)', () => {
  it('Last run: in words and local time, the tooltip a command line quoted for the terminal shell', () => {
    const win = new FakeWindow();
    win.shell = () => '/usr/bin/zsh';
    const texts = treeTexts(win);
    assert.equal(texts.lang, 'en');
    assert.equal(texts.shell, 'zsh');
    const now = new Date('2026-12-01T08:40:00Z');
    const row = lastRunRow(
      { argv: ['okstra', 'render-bundle', '--directive', 'two words'], exitCode: 0, startedAt: '2026-12-01T08:34:10Z' },
      texts,
      now,
    );
    assert.equal(row.label, 'Last run: exit 0 (5 minutes ago)');
    assert.match(row.tooltip, /^okstra render-bundle --directive 'two words'\n/);
  });
});
