// The QuickInput API newer than the engines' 1.100 (src/vscode/host/apiLevel.ts), detected per VS Code, and the prompt
// runner on either side of it through the window seam (FakeWindow): on 1.108 or later a pick's notice and a multi-pick's
// refusal are its QuickPick prompt (under the box, kept while typing); before, they are in the placeholder, as always.
import { strict as assert } from 'node:assert';
import type { PromptDoc } from '../../../src/core/types';
import { quickInputLevel, versionAtLeast } from '../../../src/vscode/host/apiLevel';
import { PromptRunner } from '../../../src/vscode/prompt/promptRunner';
import { FakeQuickPick, FakeWindow } from './fakeWindow';

const quiet = { info() {}, warn() {}, debug() {}, error() {}, trace() {}, show() {} };
const LOCATIONS = { Title: 1, Inline: 2, Input: 3 };

function pickPrompt(kind: 'pick' | 'multi_pick'): PromptDoc {
  return {
    id: 'evidence',
    step: 'evidence',
    kind,
    label: 'Which evidence?',
    options: [
      { value: 'logs', label: 'logs', default: true },
      { value: 'traces', label: 'traces' },
    ],
    echo_template: 'evidence: {value}',
    progress: { answered: 3, total: 9 },
  };
}

describe('newer QuickInput API, detected (QuickPick prompt 1.108, button location 1.109)', () => {
  it('reads the version: 1.100 has neither, 1.108 the prompt, 1.109 the location inside the box', () => {
    assert.equal(versionAtLeast('1.100.3', 1, 101), false);
    assert.equal(versionAtLeast('1.101.0', 1, 101), true);
    assert.equal(versionAtLeast('1.139.1', 1, 108), true);
    assert.equal(versionAtLeast('2.0.0', 1, 109), true);
    assert.equal(versionAtLeast('unknown', 1, 100), false);
    assert.deepEqual(quickInputLevel('1.100.3', {}), { pickPrompt: false, inputButtonLocation: undefined });
    assert.deepEqual(quickInputLevel('1.108.0', {}), { pickPrompt: true, inputButtonLocation: undefined });
    assert.deepEqual(quickInputLevel('1.108.0', { QuickInputButtonLocation: LOCATIONS }), {
      pickPrompt: true,
      inputButtonLocation: undefined,
    });
    assert.deepEqual(quickInputLevel('1.109.0', { QuickInputButtonLocation: LOCATIONS }), { pickPrompt: true, inputButtonLocation: 3 });
    assert.deepEqual(quickInputLevel('1.139.1', { QuickInputButtonLocation: { Title: 1, Inline: 2 } }), {
      pickPrompt: true,
      inputButtonLocation: 2,
    });
  });

  for (const pickPromptApi of [false, true]) {
    const where = pickPromptApi ? 'the QuickPick prompt (1.108 or later)' : 'the placeholder (1.100)';
    it(`shows a pick's notice in ${where}`, async () => {
      const win = new FakeWindow();
      win.quickInput.level = { pickPrompt: pickPromptApi, inputButtonLocation: undefined };
      const runner = new PromptRunner(win, quiet);
      const notice = 'changed outside this window: now at evidence';
      const result = runner.run({
        prompt: pickPrompt('pick'),
        folderName: 'acme',
        taskKey: 'payments/refund-queue',
        canGoBack: false,
        notice,
        submit: async () => ({ ok: false, code: 'refused-answer', error: 'no', notices: [], current: null }) as never,
      });
      const qp = win.input as FakeQuickPick;
      if (pickPromptApi) {
        assert.equal(qp.prompt, notice);
        assert.ok(!qp.placeholder?.includes(notice), qp.placeholder);
      } else {
        assert.equal(qp.prompt, undefined);
        assert.ok(qp.placeholder?.startsWith(`${notice} · `), qp.placeholder);
      }
      runner.close();
      assert.equal((await result).kind, 'closed');
    });

    it(`shows a multi-pick's refusal in ${where}${pickPromptApi ? ', keeping the filter text' : ''}`, async () => {
      const win = new FakeWindow();
      win.quickInput.level = { pickPrompt: pickPromptApi, inputButtonLocation: undefined };
      const runner = new PromptRunner(win, quiet);
      const prompt = pickPrompt('multi_pick');
      const result = runner.run({
        prompt,
        folderName: 'acme',
        taskKey: 'payments/refund-queue',
        canGoBack: false,
        submit: async () =>
          ({ ok: false, code: 'refused-answer', error: 'pick at least one evidence', notices: [], current: prompt }) as never,
      });
      const qp = win.input as FakeQuickPick;
      const question = qp.placeholder;
      qp.value = 'tra';
      await qp.enter();
      if (pickPromptApi) {
        assert.match(qp.prompt ?? '', /pick at least one evidence/);
        assert.equal(qp.placeholder, question);
        assert.equal(qp.value, 'tra');
      } else {
        assert.equal(qp.prompt, undefined);
        assert.match(qp.placeholder ?? '', /pick at least one evidence/);
        assert.equal(qp.value, '');
      }
      runner.close();
      assert.equal((await result).kind, 'closed');
    });
  }
});
