import { strict as assert } from 'node:assert';
import type { PromptDoc } from '../../../src/core/types';
import { textsFor } from '../../../src/core/text';
import {
  buildPromptModel,
  multiPickAnswer,
  promptTitle,
  refusalRow,
  typedValueMessage,
  type ItemModel,
} from '../../../src/vscode/prompt/promptModel';

const texts = { unavailableSeparator: 'Not available', progress: (n: number, total: number) => `${n} of ${total}` };
const en = { ...texts, catalog: textsFor('en') };

/** The rows as a person reads them: label, description, detail. */
function rows(items: ItemModel[]): string[] {
  return items.map((i) =>
    i.kind === 'separator' ? `--- ${i.label}` : [i.display.label, i.display.description, i.display.detail].filter((x) => x).join(' | '),
  );
}
const ctx = { folderName: 'payments', taskKey: 'billing/refund-timeout', canGoBack: true };

function prompt(over: Partial<PromptDoc>): PromptDoc {
  return { id: 'x', step: 'x', kind: 'pick', label: 'Pick', options: [], echo_template: '', progress: { answered: 2, total: 9 }, ...over };
}

describe('vscode prompt model', () => {
  it('title: breadcrumb and "answered + 1 of total"', () => {
    assert.equal(promptTitle(prompt({ step: 'brief' }), ctx, texts), 'payments › billing/refund-timeout › brief  (3 of 9)');
    assert.equal(
      promptTitle(prompt({ step: 'task-pick', progress: { answered: 0, total: 1 } }), { folderName: 'p', taskKey: '' }, texts),
      'p › task-pick  (1 of 1)',
    );
  });

  it('team-pick: each team with its agents on the detail line; a team that cannot be used under "Not available" with the reason', () => {
    const m = buildPromptModel(
      prompt({
        step: 'team-pick',
        options: [
          {
            value: 'usual-panel',
            label: 'usual-panel — Two planners',
            description: 'leader: claude/opus-4.5 · planner: codex/gpt-5.1-codex',
          },
          {
            value: 'kimi-review',
            label: 'kimi-review',
            description: "critic #1 (kimi/kimi-k2): provider CLI 'kimi' was not found on PATH",
            disabled: true,
          },
          { value: 'one-by-one', label: 'Choose agents one by one', default: true },
        ],
      }),
      ctx,
      en,
    );
    assert.deepEqual(rows(m.items), [
      'usual-panel — Two planners | leader: claude/opus-4.5 · planner: codex/gpt-5.1-codex',
      'Choose agents one by one | default',
      '--- Not available',
      "kimi-review | critic #1 (kimi/kimi-k2): provider CLI 'kimi' was not found on PATH",
    ]);
    const active = m.items[m.activeIndex];
    assert.equal(active?.kind === 'option' ? active.value : null, 'one-by-one');
  });

  it('the default option is marked and active, even when it is not first', () => {
    const m = buildPromptModel(
      prompt({
        options: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B', default: true },
        ],
      }),
      ctx,
      texts,
    );
    assert.equal(m.activeIndex, 1);
    assert.deepEqual(
      m.items.map((i) => i.kind === 'option' && i.isDefault),
      [false, true],
    );
  });

  it('refused options and unavailable models follow a "Not available" separator, with why on the detail line', () => {
    const m = buildPromptModel(
      prompt({
        step: 'role-model:analyser:2',
        options: [
          { value: 'claude/opus-4.5', label: 'Claude Opus — claude/opus-4.5 (default)', default: true },
          { value: 'x/y', label: 'X — x/y', disabled: true, description: 'broken' },
        ],
        unavailable: [
          { value: 'grok/grok-4', reason: "provider 'grok' CLI not found" },
          {
            value: 'claude/sonnet',
            reason: 'leaves no complete assignment',
            detail: 'analyser agents must come from different providers; claude is already analyser #1',
          },
        ],
      }),
      ctx,
      texts,
    );
    assert.deepEqual(
      m.items.map((i) => i.kind),
      ['option', 'separator', 'option', 'unavailable', 'unavailable'],
    );
    const disabled = m.items[2];
    assert.ok(disabled.kind === 'option' && disabled.disabled && disabled.reason === 'broken');
    const u = m.items[3];
    assert.ok(u.kind === 'unavailable' && u.reason === "provider 'grok' CLI not found");
    assert.equal(
      m.items[4].kind !== 'separator' && m.items[4].display.detail,
      'Not available: analyser agents must come from different providers; claude is already analyser #1',
    );
  });

  it('a count pick keeps its disabled counts in numeric order, the reason on the detail line', () => {
    const m = buildPromptModel(
      prompt({
        step: 'role-count:planner',
        options: [
          { value: '1', label: '1' },
          { value: '2', label: '2 (recommended)', disabled: true, description: 'too few providers' },
          { value: '3', label: '3', default: true },
        ],
      }),
      ctx,
      en,
    );
    assert.deepEqual(rows(m.items), ['1', '2 | too few providers', '3 | default']);
  });

  it('one default marker on one row in every list (no "(default)" labels beside "★ default")', () => {
    const model = buildPromptModel(
      prompt({
        step: 'role-model:planner:2',
        options: [
          { value: 'kimi/k2', label: 'Kimi — kimi/k2 (default)', default: true },
          { value: 'claude/opus', label: 'Claude — claude/opus (default)' },
          { value: 'codex/gpt', label: 'Codex — codex/gpt' },
        ],
      }),
      ctx,
      en,
    );
    assert.deepEqual(rows(model.items), ['Kimi — kimi/k2 | default', 'Claude — claude/opus', 'Codex — codex/gpt']);
    const add = buildPromptModel(
      prompt({
        step: 'role-add:critic',
        options: [
          { value: '0', label: "Don't add (default)", default: true },
          { value: '1', label: 'Add 1' },
        ],
      }),
      ctx,
      en,
    );
    assert.deepEqual(rows(add.items), ["Don't add | default", 'Add 1']);
    const type = buildPromptModel(
      prompt({
        step: 'task-type',
        options: [
          { value: 'implementation', label: 'implementation (recommended)', default: true },
          { value: 'error-analysis', label: 'error-analysis (re-run)' },
        ],
      }),
      ctx,
      en,
    );
    assert.deepEqual(rows(type.items), ['implementation | default', 'error-analysis (re-run)']);
    // Korean suffixes go too.
    const ko = buildPromptModel(
      prompt({
        step: 'role-add:critic',
        options: [{ value: '0', label: `추가 안 함${textsFor('ko').steps.role_add.options.default_suffix}`, default: true }],
      }),
      ctx,
      { ...texts, catalog: textsFor('ko') },
    );
    assert.equal(ko.items[0].kind === 'option' && ko.items[0].display.label, '추가 안 함');
    for (const m of [model, add, type, ko]) {
      const marked = m.items.filter(
        (i) =>
          (i.kind !== 'separator' && (i.display.description ?? '').includes('default')) ||
          (i.kind !== 'separator' && /\(default\)|기본값\)/.test(i.display.label)),
      );
      assert.ok(marked.length <= 1, rows(m.items).join(' / '));
    }
  });

  it('run types that cannot be chosen go under "Not available"', () => {
    const m = buildPromptModel(
      prompt({
        step: 'task-type',
        options: [
          { value: 'implementation', label: 'implementation (recommended)', default: true },
          { value: 'final-verification', label: 'final-verification', disabled: true, description: 'no approved plan' },
          { value: 'error-analysis', label: 'error-analysis' },
        ],
      }),
      ctx,
      en,
    );
    assert.deepEqual(rows(m.items), [
      'implementation | default',
      'error-analysis',
      '--- Not available',
      'final-verification | no approved plan',
    ]);
    assert.equal(m.activeIndex, 0);
  });

  it('task picker rows: the key on the row, title and phase on the detail line, the marker kept', () => {
    const m = buildPromptModel(
      prompt({
        step: 'task-pick',
        options: [
          {
            value: 'payments/refund-queue',
            label: 'payments/refund-queue  ·  implementation-planning  ·  next: implementation  (latest)',
            description: 'Refund queue',
            default: true,
          },
          { value: 'new', label: '+ New task…' },
        ],
      }),
      ctx,
      en,
    );
    assert.deepEqual(rows(m.items), [
      'payments/refund-queue | default | Refund queue  ·  implementation-planning  ·  next: implementation  (latest)',
      '+ New task…',
    ]);
  });

  it('the clarification option shows its question ids on the detail line', () => {
    const m = buildPromptModel(
      prompt({
        step: 'clarification-pick',
        options: [
          {
            value: 'answer-now',
            label: 'Answer now in a/very/long/path/2026-11-27-1.answers.md',
            description: 'q1, q2, q3',
            default: true,
          },
        ],
      }),
      ctx,
      en,
    );
    assert.equal(m.items[0].kind === 'option' && m.items[0].display.detail, 'q1, q2, q3');
  });

  it('prompt titles and "Change an answer…" rows in words, not step ids', () => {
    assert.equal(
      promptTitle(prompt({ step: 'role-model:planner:2' }), ctx, en),
      'payments › billing/refund-timeout › planner #2 model  (3 of 9)',
    );
    const m = buildPromptModel(
      prompt({
        step: 'edit-target',
        options: [{ value: 'role-model:planner:2', label: 'role-model:planner:2', description: 'planner #2 = kimi/kimi-k2-thinking' }],
      }),
      ctx,
      en,
    );
    assert.deepEqual(rows(m.items), ['planner #2 = kimi/kimi-k2-thinking']);
    assert.equal(m.items[0].kind === 'option' && m.items[0].value, 'role-model:planner:2');
    assert.match(m.title, /Change an answer/);
  });

  it('a multi-pick ticks the remembered answer, marks no default', () => {
    const m = buildPromptModel(
      prompt({
        step: 'related-tasks',
        kind: 'multi_pick',
        options: [
          { value: 'a/b', label: 'a/b', description: 'Title B', default: true },
          { value: 'c/d', label: 'c/d', description: 'Title D' },
        ],
      }),
      ctx,
      en,
    );
    assert.deepEqual(m.picked, ['a/b']);
    assert.deepEqual(rows(m.items), ['a/b | Title B', 'c/d | Title D']);
    assert.equal(m.items[0].kind === 'option' && m.items[0].display.picked, true);
  });

  it('a refusal is never a selectable item, and has no $(error) text; in a multi-pick it is not a row at all (no separator label on the first row)', () => {
    const multi = prompt({ step: 'related-tasks', kind: 'multi_pick', options: [{ value: 'a/b', label: 'a/b' }] });
    const r = refusalRow(multi, 'Choose at least one entry for Related task list.');
    assert.equal(r.kind, 'placeholder');
    assert.equal(r.selectable, false);
    assert.ok(!r.label.includes('$('));
    assert.equal(refusalRow(prompt({}), 'x').kind, 'item');
    assert.equal(multiPickAnswer(multi, ['a/b', 'Choose at least one entry for Related task list.']), 'a/b');
  });

  it('a number out of range typed into a count pick says what the range is', () => {
    const count = prompt({ step: 'role-count:planner', options: ['1', '2', '3'].map((v) => ({ value: v, label: v })) });
    assert.equal(typedValueMessage(count, '7'), '7 is not a choice here: type a number from 1 to 3');
    assert.equal(typedValueMessage(count, 'lots'), 'Type a number from 1 to 3');
    assert.equal(typedValueMessage(count, '2'), null);
    assert.equal(typedValueMessage(count, ''), null);
    const add = prompt({
      step: 'role-add:critic',
      options: [
        { value: '0', label: "Don't add (default)" },
        { value: '1', label: 'Add 1' },
      ],
    });
    assert.equal(typedValueMessage(add, '5'), '5 is not a choice here: type a number from 0 to 1');
    assert.equal(typedValueMessage(add, 'add'), null);
    assert.equal(typedValueMessage(prompt({ step: 'brief', options: [{ value: 'task', label: 'T' }] }), '9'), null);
    assert.match(typedValueMessage(count, '9', textsFor('ko'))!, /1부터 3/);
  });

  it('a pick without a default activates the first selectable option, never a disabled one', () => {
    const m = buildPromptModel(
      prompt({
        options: [
          { value: 'x', label: 'X', disabled: true, description: 'broken' },
          { value: 'y', label: 'Y' },
        ],
      }),
      ctx,
      texts,
    );
    const active = m.items[m.activeIndex];
    assert.ok(active.kind === 'option' && active.value === 'y' && !active.disabled);
  });

  it('a text prompt is pre-filled with its default', () => {
    const m = buildPromptModel(prompt({ kind: 'text', default: 'src/payments' }), ctx, texts);
    assert.equal(m.value, 'src/payments');
    assert.equal(m.kind, 'text');
  });

  it('a done prompt has no QuickPick', () => {
    assert.throws(() => buildPromptModel(prompt({ kind: 'done' }), ctx, texts));
  });

  it('multi_pick answers are the chosen values in option order joined by ","', () => {
    const p = prompt({ kind: 'multi_pick', options: ['s1', 's2', 's3'].map((v) => ({ value: v, label: v })) });
    assert.equal(multiPickAnswer(p, ['s3', 's1']), 's1,s3');
    assert.equal(multiPickAnswer(p, []), '');
  });
});
