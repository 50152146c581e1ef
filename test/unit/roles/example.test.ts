// The worked example of docs/roles.md, step by step.

import assert from 'node:assert/strict';
import * as R from '../../../src/core/roles';
import { makeContext, makeState } from './fixtures';
import { answer, next, throwsMessage, values } from './helpers';

describe('roles: docs/roles.md worked example', () => {
  const config = { path: '.okstra/config.yaml', providers: { antigravity: { enabled: false }, grok: { enabled: false } } };

  it('walks the example and renders it', () => {
    const { ctx } = makeContext({ config, missingClis: ['kimi'] });
    const state = makeState();
    const count = next(ctx, state)!;
    assert.deepEqual(count.options[2], {
      value: '3',
      label: '3',
      disabled: true,
      description: "role 'analyser' needs 3 more models from distinct providers, 2 providers with an executable model left",
    });
    assert.equal(count.options.find((o) => o.default)!.value, '2');
    answer(ctx, state, '2');
    answer(ctx, state, '0');
    const leader = next(ctx, state)!;
    assert.equal(leader.step, 'role-model:leader:1');
    assert.deepEqual(
      leader.unavailable!.find((u) => u.value === 'kimi/kimi-k2'),
      { value: 'kimi/kimi-k2', label: 'Kimi K2 — kimi/kimi-k2', reason: "provider CLI 'kimi' was not found on PATH" },
    );
    answer(ctx, state, 'claude/opus-4.5');
    const a1 = next(ctx, state)!;
    assert.deepEqual(values(a1), ['claude/opus-4.5', 'codex/gpt-5.1-codex', 'claude/sonnet-4.5', 'codex/gpt-5.1-codex-mini']);
    answer(ctx, state, 'claude/sonnet-4.5');
    const a2 = next(ctx, state)!;
    assert.deepEqual(values(a2), ['codex/gpt-5.1-codex', 'codex/gpt-5.1-codex-mini']);
    assert.equal(a2.options.find((o) => o.default)!.value, 'codex/gpt-5.1-codex');
    assert.deepEqual(
      a2.unavailable!.filter((u) => u.value.startsWith('claude/')).map(({ value, reason }) => ({ value, reason })),
      [
        { value: 'claude/opus-4.5', reason: 'leaves no complete assignment' },
        { value: 'claude/sonnet-4.5', reason: 'leaves no complete assignment' },
      ],
    );
    answer(ctx, state, 'codex/gpt-5.1-codex');
    answer(ctx, state);
    assert.equal(next(ctx, state), null);
    const args = R.renderRoleArgs(R.openRoleSession(ctx, state), state);
    assert.deepEqual(args, {
      roleCount: ['analyser=2'],
      roleModel: [
        'leader=claude/opus-4.5',
        'analyser=claude/sonnet-4.5',
        'analyser=codex/gpt-5.1-codex',
        'report-writer=claude/sonnet-4.5',
      ],
    });

    // The codex CLI goes away: the model stays, with a notice.
    const noCodex = makeContext({ config, missingClis: ['kimi', 'codex'] }).ctx;
    const kept = structuredClone(state);
    assert.deepEqual(
      R.reconcileRoleSelection(R.openRoleSession(noCodex, kept), kept).map((n) => n.text),
      ["model 'codex/gpt-5.1-codex' for role 'analyser' #2 cannot start here: provider CLI 'codex' was not found on PATH"],
    );
    assert.equal(next(noCodex, kept), null);

    // The project disables codex: nothing can be blamed; the prompt says why.
    const disabled = makeContext({
      config: { ...config, providers: { ...config.providers, codex: { enabled: false } } },
      missingClis: ['kimi'],
    }).ctx;
    const broken = structuredClone(state);
    assert.deepEqual(R.reconcileRoleSelection(R.openRoleSession(disabled, broken), broken), []);
    assert.equal(
      throwsMessage(() => next(disabled, broken)),
      "role selection cannot be completed: provider 'codex' is disabled",
    );
  });
});
