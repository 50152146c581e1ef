// The engine's documents against the CLI's output schemas (docs/protocol.md), key order included.
import assert from 'node:assert/strict';
import {
  CurrentDocSchema,
  ErrorDocSchema,
  OutcomeDocSchema,
  PROMPT_KEY_ORDER,
  RefusedDocSchema,
  RenderArgsDocSchema,
  SubmitDocSchema,
  TreeDocSchema,
} from '../../../src/cli/outputSchemas';
import * as E from '../../../src/core/wizard/engine';
import { fresh } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';

function checkPromptOrder(p: Record<string, unknown> | null) {
  if (!p) return;
  assert.deepEqual(Object.keys(p).slice(0, PROMPT_KEY_ORDER.length), [...PROMPT_KEY_ORDER]);
}

describe('engine documents match the CLI schemas', () => {
  it('every document of a whole wizard (with refusals, rewinds, tree, outcome)', () => {
    const { ctx } = fakeContext(projectOptions());
    let s = fresh();
    const answers: Record<string, string> = { 'task-pick': 'payments/impl', 'role-add:critic': '1' };
    for (let i = 0; i < 40; i++) {
      const c = E.current(ctx, s);
      CurrentDocSchema.parse(c.doc);
      checkPromptOrder(c.prompt as unknown as Record<string, unknown>);
      TreeDocSchema.parse(E.tree(ctx, s).doc);
      RenderArgsDocSchema.parse(E.renderArgs(ctx, s).doc);
      const p = c.prompt!;
      if (p.kind === 'done') break;
      const bad = E.submit(ctx, s, '\u0000nope');
      RefusedDocSchema.parse(bad.doc);
      const ans = answers[p.step] ?? p.options.find((o) => o.default)?.value ?? p.default!;
      const r = E.submit(ctx, s, ans);
      SubmitDocSchema.parse(r.doc);
      assert.ok(r.ok);
      if (r.ok) s = r.state;
    }
    OutcomeDocSchema.parse(E.outcome(ctx, s).doc);
    ErrorDocSchema.parse(E.outcome(ctx, fresh()).doc);
    SubmitDocSchema.parse(E.rewind(ctx, s, 'brief').doc);
    SubmitDocSchema.parse(E.abort(ctx, s).doc);
  });
});
