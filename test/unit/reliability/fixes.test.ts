// Regression tests for what `npm run test:reliability` found (docs/safety.md R1, R4):
// a lock never exists without its owner; a dead writer's lock temporary is
// removed by the next load; deeply nested JSON and YAML alias errors are file
// errors with a message, not stack overflows or raw exceptions.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FileError, WizardError } from '../../../src/core/types';
import { parseRegistry } from '../../../src/core/roles/registry';
import { parseState } from '../../../src/core/wizard/stateCodec';
import { initState } from '../../../src/core/wizard/engine';
import { stateToJson } from '../../../src/core/wizard/stateCodec';
import { acquireLock, createStatePayloadFile, loadStateFile, lockPathFor } from '../../../src/store';
import { processStartTime } from '../../../src/store/lock';
import { parseJsonWithPosition, JsonSyntaxError } from '../../../src/core/files/jsonSource';

describe('reliability fixes (R1, R4)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-rel-unit-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('R1: a lock holds its owner from the moment it exists, and leaves no temporary behind', () => {
    const lockPath = path.join(dir, 'x.wizard.json.lock');
    const held = acquireLock(lockPath);
    assert.deepEqual(JSON.parse(fs.readFileSync(lockPath, 'utf8')), {
      pid: process.pid,
      host: os.hostname(),
      start: processStartTime('self'),
    });
    assert.deepEqual(fs.readdirSync(dir).sort(), ['x.wizard.json.lock']);
    held.release();
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  it("R1: the next load removes a dead writer's lock temporary and lock, and keeps a live one's", () => {
    const state = path.join(dir, 'x.wizard.json');
    createStatePayloadFile(state, stateToJson(initState({ projectRootAbs: dir })));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(dead.stdout);
    fs.writeFileSync(path.join(dir, `.x.wizard.json.lock.tmp-${deadPid}-0123456789ab`), `${deadPid}@${os.hostname()}`);
    fs.writeFileSync(lockPathFor(state), `${deadPid}@${os.hostname()}`);
    fs.writeFileSync(path.join(dir, `.x.wizard.json.lock.tmp-${process.pid}-0123456789ab`), `${process.pid}@${os.hostname()}`);
    loadStateFile(state);
    assert.deepEqual(fs.readdirSync(dir).sort(), [`.x.wizard.json.lock.tmp-${process.pid}-0123456789ab`, 'x.wizard.json']);
  });

  it('R4: a state nested thousands deep is refused with a message (no stack overflow)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    const payload = { ...stateToJson(initState({ projectRootAbs: dir })), someUnknownKey: deep };
    assert.throws(
      () => parseState(payload),
      (e: unknown) => e instanceof WizardError && e.message === 'wizard state is nested too deeply (more than 256 levels)',
    );
  });

  it('R4: invalid JSON nested too deep to scan is a syntax error with a position', () => {
    assert.throws(
      () => parseJsonWithPosition('['.repeat(200_000)),
      (e: unknown) => e instanceof JsonSyntaxError && /nested too deeply|unexpected end of input/.test(e.reason),
    );
  });

  it('R4: a YAML alias bomb or an alias before its anchor in the registry is a FileError naming the file', () => {
    const bomb =
      'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nproviders: {}\nmodels: []\n';
    assert.throws(
      () => parseRegistry('profiles/registry.yaml', bomb),
      (e: unknown) => e instanceof FileError && e.message.startsWith('profiles/registry.yaml: invalid YAML:'),
    );
  });
});
