import { strict as assert } from 'node:assert';
import { STALE_READ_MESSAGE } from '../../../src/store';
import { STALE_STATE_MESSAGE } from '../../../src/vscode/wizard/session';

describe('vscode session: stale-write message', () => {
  it('is the store\'s message, so the UI recognises a stale write and offers Reload', () => {
    assert.equal(STALE_STATE_MESSAGE, STALE_READ_MESSAGE);
  });
});
