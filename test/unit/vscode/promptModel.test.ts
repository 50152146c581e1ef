import { strict as assert } from 'node:assert';
import type { PromptDoc } from '../../../src/core/types';
import { buildPromptModel, multiPickAnswer, promptTitle } from '../../../src/vscode/prompt/promptModel';

const texts = { defaultMarker: 'default', unavailableSeparator: 'Not available', progress: (n: number, total: number) => `${n} of ${total}` };
const ctx = { folderName: 'payments', taskKey: 'billing/refund-timeout', canGoBack: true };

function prompt(over: Partial<PromptDoc>): PromptDoc {
  return { id: 'x', step: 'x', kind: 'pick', label: 'Pick', options: [], echo_template: '', progress: { answered: 2, total: 9 }, ...over };
}

describe('vscode prompt model', () => {
  it('title: breadcrumb and "answered + 1 of total"', () => {
    assert.equal(promptTitle(prompt({ step: 'brief' }), ctx, texts), 'payments › billing/refund-timeout › brief  (3 of 9)');
    assert.equal(promptTitle(prompt({ step: 'task-pick', progress: { answered: 0, total: 1 } }), { folderName: 'p', taskKey: '' }, texts), 'p › task-pick  (1 of 1)');
  });

  it('the default option is marked and active, even when it is not first', () => {
    const m = buildPromptModel(
      prompt({ options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B', default: true }] }),
      ctx,
      texts,
    );
    assert.equal(m.activeIndex, 1);
    assert.deepEqual(m.items.map((i) => i.kind === 'option' && i.isDefault), [false, true]);
  });

  it('disabled options stay in place with their reason; unavailable models follow a separator', () => {
    const m = buildPromptModel(
      prompt({
        step: 'role-model:analyser:2',
        options: [
          { value: 'claude/opus-4.5', label: 'Claude Opus — claude/opus-4.5 (default)', default: true },
          { value: '3', label: '3', disabled: true, description: 'only 2 models can serve analyser' },
        ],
        unavailable: [{ value: 'grok/grok-4', reason: "provider 'grok' CLI not found" }],
      }),
      ctx,
      texts,
    );
    assert.deepEqual(
      m.items.map((i) => i.kind),
      ['option', 'option', 'separator', 'unavailable'],
    );
    const disabled = m.items[1];
    assert.ok(disabled.kind === 'option' && disabled.disabled && disabled.reason === 'only 2 models can serve analyser');
    const u = m.items[3];
    assert.ok(u.kind === 'unavailable' && u.reason === "provider 'grok' CLI not found");
  });

  it('a pick without a default activates the first selectable option, never a disabled one', () => {
    const m = buildPromptModel(
      prompt({ options: [{ value: 'x', label: 'X', disabled: true, description: 'broken' }, { value: 'y', label: 'Y' }] }),
      ctx,
      texts,
    );
    assert.equal(m.activeIndex, 1);
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
