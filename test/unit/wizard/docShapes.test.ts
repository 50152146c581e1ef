// The engine's documents against the CLI's output schemas (docs/protocol.md), key order included.
import assert from 'node:assert/strict';
import {
  CurrentDocSchema,
  ErrorDocSchema,
  OutcomeDocSchema,
  PROMPT_KEY_ORDER,
  PROMPT_LAST_KEY,
  RefusedDocSchema,
  RenderArgsDocSchema,
  SubmitDocSchema,
  TreeDocSchema,
} from '../../../src/host/documentSchemas';
import * as E from '../../../src/core/wizard/engine';
import { docOf, fresh } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';

function checkPromptOrder(p: Record<string, unknown> | null) {
  if (!p) return;
  assert.deepEqual(Object.keys(p).slice(0, PROMPT_KEY_ORDER.length), [...PROMPT_KEY_ORDER]);
  assert.equal(Object.keys(p).at(-1), PROMPT_LAST_KEY);
}

describe('engine documents match the CLI schemas', () => {
  it('every document of a whole wizard (with refusals, rewinds, tree, outcome)', () => {
    const { ctx } = fakeContext(projectOptions());
    let s = fresh();
    const answers: Record<string, string> = { 'task-pick': 'payments/impl', 'role-add:critic': '1' };
    for (let i = 0; i < 40; i++) {
      const c = E.current(ctx, s);
      CurrentDocSchema.parse(docOf(c));
      checkPromptOrder((docOf(c) as { current: Record<string, unknown> }).current);
      TreeDocSchema.parse(docOf(E.tree(ctx, s)));
      RenderArgsDocSchema.parse(docOf(E.renderArgs(ctx, s)));
      const p = c.prompt!;
      if (p.kind === 'done') break;
      const bad = E.submit(ctx, s, '\u0000nope');
      RefusedDocSchema.parse(docOf(bad));
      const ans = answers[p.step] ?? p.options.find((o) => o.default)?.value ?? p.default!;
      const r = E.submit(ctx, s, ans);
      SubmitDocSchema.parse(docOf(r));
      assert.ok(r.ok);
      if (r.ok) s = r.state;
    }
    OutcomeDocSchema.parse(docOf(E.outcome(ctx, s)));
    ErrorDocSchema.parse(docOf(E.outcome(ctx, fresh())));
    SubmitDocSchema.parse(docOf(E.rewind(ctx, s, 'brief')));
    SubmitDocSchema.parse(docOf(E.abort(ctx, s)));
  });
});
