// The CLI's exit status is chosen from WizardError codes (src/cli/output.ts), never from message text.
import * as assert from 'node:assert/strict';
import { EXIT_INTERNAL, EXIT_LOAD, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE, exitStatusOf } from '../../../src/cli/output';
import { WIZARD_ERROR_CODES } from '../../../src/core/types';

describe('cli: exit status by code', () => {
  it('every code has its documented status', () => {
    const table = Object.fromEntries(WIZARD_ERROR_CODES.map((c) => [c, exitStatusOf(c)]));
    assert.deepEqual(table, {
      usage: EXIT_USAGE,
      'file-error': EXIT_LOAD,
      'stale-state': EXIT_LOAD,
      busy: EXIT_LOAD,
      'refused-answer': EXIT_OK,
      'wrong-prompt': EXIT_OK,
      'no-prompt': EXIT_OK,
      'not-complete': EXIT_OK,
      aborted: EXIT_OK,
      'not-runnable': EXIT_OK,
      'output-failed': EXIT_OUTPUT,
      // Never printed by the CLI (an MCP or language-model tool call cancelled before its save); 0 if it ever were.
      cancelled: EXIT_OK,
      internal: EXIT_INTERNAL,
    });
    assert.deepEqual([EXIT_OK, EXIT_LOAD, EXIT_USAGE, EXIT_OUTPUT, EXIT_INTERNAL], [0, 1, 2, 3, 70]);
  });
});
