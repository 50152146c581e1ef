// quality R4 (a sample; the full ≥10,000 run is the reliability script's): mutated
// files give either success or a message that names the file — never a raw exception.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { WizardError } from '../../../src/core/types';
import { loadStateFile } from '../../../src/store';
import { readManifestEntry } from '../../../src/workspace/catalogue';
import { parseConfig } from '../../../src/workspace/config';
import { readFrontMatter } from '../../../src/core/files/fileErrors';
import { parsePlan } from '../../../src/workspace/plan';
import { briefFrontMatterSchema } from '../../../src/workspace/schemas';
import { parseQuestions, parseRunInputs } from '../../../src/workspace/taskDetails';
import { cleanup, FIXTURES, tmpDir } from './helpers';

const P = path.join(FIXTURES, 'okstra-project');
const T = path.join(P, '.okstra', 'tasks');
const read = (...p: string[]) => fs.readFileSync(path.join(...p), 'utf8');

/** A text mutation: delete, insert or replace a short span with characters that matter to JSON/YAML. */
const mutation = fc.record({
  at: fc.nat(),
  del: fc.nat({ max: 4 }),
  ins: fc.array(
    fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      "'",
      '\n',
      ' ',
      '-',
      '#',
      '&',
      '*',
      '!',
      '|',
      '>',
      '0',
      'null',
      'true',
      '\t',
      '\\',
      '\u00e9',
      '\ufeff',
    ),
    { maxLength: 3 },
  ),
});

function mutate(text: string, ms: Array<{ at: number; del: number; ins: string[] }>): string {
  let s = text;
  for (const m of ms) {
    const at = s.length ? m.at % s.length : 0;
    s = s.slice(0, at) + m.ins.join('') + s.slice(at + m.del);
  }
  return s;
}

function check(name: string, shown: string, run: () => unknown): void {
  try {
    run();
  } catch (e) {
    assert.ok(e instanceof WizardError, `${name}: raw exception ${String(e)}`);
    assert.ok(e.message.startsWith(shown), `${name}: message does not name the file: ${e.message}`);
  }
}

describe('quality R4: mutated input files (sample)', () => {
  after(cleanup);
  const runs = { numRuns: 300, seed: 7 };

  const cases: Array<[string, string, (text: string) => unknown]> = [
    [
      'manifest',
      read(T, 'payments/refund-timeout/task-manifest.json'),
      (t) => {
        const e = readManifestEntry('/p', 'payments', 'refund-timeout', '/p/.okstra/tasks/payments/refund-timeout/task-manifest.json', t);
        if (e.error !== undefined) assert.ok(e.error.startsWith('.okstra/tasks/payments/refund-timeout/task-manifest.json'), e.error);
      },
    ],
    ['brief', read(T, 'payments/refund-timeout/brief.md'), (t) => readFrontMatter(briefFrontMatterSchema, t, 'F')],
    ['plan', read(T, 'search/ranking-v2/plan/approved-plan.md'), (t) => parsePlan(t, 'F')],
    ['config', read(P, '.okstra/config.yaml'), (t) => parseConfig(t, 'F')],
    ['questions', read(T, 'payments/refund-timeout/clarifications/2026-11-20-1.questions.yaml'), (t) => parseQuestions(t, 'F')],
    ['inputs', read(T, 'payments/refund-timeout/runs/2026-11-20-1/inputs.json'), (t) => parseRunInputs(t, 'F')],
  ];

  for (const [name, original, parse] of cases) {
    it(`${name}: success or a file error naming the file`, () => {
      fc.assert(
        fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (ms) => check(name, 'F', () => parse(mutate(original, ms)))),
        runs,
      );
    });
  }

  it('state file: success or `<path>: …`, and the file is never written by a load', () => {
    const dir = tmpDir();
    const file = path.join(dir, 't.wizard.json');
    const original = read(T, 'payments/refund-timeout.wizard.json');
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (ms) => {
        const text = mutate(original, ms);
        fs.writeFileSync(file, text);
        check('state', 'S', () => loadStateFile(file, { shownPath: 'S' }));
        assert.equal(fs.readFileSync(file, 'utf8'), text);
      }),
      { numRuns: 200, seed: 11 },
    );
  });
});
