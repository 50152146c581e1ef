// The language-model tools report a notice once per wizard, as the MCP server does (src/host/notices.ts): a state
// file made under another root says "project moved" on every load (a save keeps the roots it records), so without
// the ledger every answer of the model would carry it again. Reads (current, tree) carry every notice in force.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanupTemp, cliInProcess } from '../cli/cliHarness';
import { demoCopy, demoEnv, walkAnswer } from '../mcp/mcpHarness';
import { installLmTools, type LmHarness } from './lmHarness';

const TASK = 'payments/currency-rounding';
const STATE = '.okstra/tasks/payments/currency-rounding.wizard.json';

describe('language-model tools: notices once per wizard', function () {
  this.timeout(60_000);
  let lm: LmHarness;
  let statePath: string;

  before(async () => {
    // A colleague's wizard: made in one copy of the demo, committed, and found in another.
    const made = demoCopy();
    const init = await cliInProcess(['init', '--state', path.join(made, STATE), '--project-root', made, '--task', TASK], demoEnv(made));
    assert.equal(init.json?.ok, true, init.stdout);
    const here = demoCopy();
    statePath = path.join(here, STATE);
    fs.copyFileSync(path.join(made, STATE), statePath);
    lm = installLmTools(here, () => statePath, demoEnv(here).PATH);
  });

  after(() => {
    lm.restore();
    cleanupTemp();
  });

  const moved = (doc: any): string[] => ((doc.notices ?? []) as string[]).filter((n) => /project moved/.test(n));

  it('a step reports "project moved" the first time only; current still carries it', async () => {
    const first = await lm.call('okstra_wizard_current', {});
    assert.equal(moved(first).length, 1, `the read shows the notice in force: ${JSON.stringify(first.notices)}`);
    let shown = first.current;
    const a = await lm.call('okstra_wizard_answer', { answer: walkAnswer(shown), prompt: shown.id, revision: shown.revision });
    assert.equal(a.ok, true, JSON.stringify(a));
    assert.deepEqual(moved(a), [], 'reported by the read before: not again on the answer');
    shown = a.next;
    const b = await lm.call('okstra_wizard_answer', { answer: walkAnswer(shown), prompt: shown.id, revision: shown.revision });
    assert.equal(b.ok, true, JSON.stringify(b));
    assert.deepEqual(moved(b), [], 'not on the second answer either');
    const again = await lm.call('okstra_wizard_current', {});
    assert.equal(moved(again).length, 1, 'a read still carries every notice in force');
  });
});
