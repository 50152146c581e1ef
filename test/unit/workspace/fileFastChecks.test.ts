// The conservative stand-ins for the schemas of config.yaml, a brief's and a plan's front matter and inputs.json
// (src/workspace/schemas.ts, registered with withFastCheck): each may pass only what its schema accepts and gives
// back unchanged, and each passes the demo's own files, so that a one-shot step does not build those schemas.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import type * as z from 'zod/mini';
import { parseYamlText, splitFrontMatter } from '../../../src/core/files';
import {
  briefFrontMatterPassesFastCheck,
  briefFrontMatterSchema,
  configPassesFastCheck,
  configSchema,
  planFrontMatterPassesFastCheck,
  planFrontMatterSchema,
  runInputsPassesFastCheck,
  runInputsSchema,
} from '../../../src/workspace/schemas';

const REPO = path.resolve(__dirname, '..', '..', '..');
const DEMO = path.join(REPO, 'demo', '.okstra');

// Values that are mostly what the schema wants, with an occasional wrong one anywhere.
const odd = fc.constantFrom<unknown>(null, '', 0, -1, 2.5, true, false, [], {}, ['x'], [''], { a: 'x' }, [1], 'a,b', 'a b');
const often = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 10, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: odd });
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(often(a), { nil: undefined });
// A key the schema does not know, present now and then.
const rare = fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: odd });
const word = fc.constantFrom('x', 'analyser', 'claude/opus-4.5', 'docs/a.md', '');
const words = fc.array(often(word), { maxLength: 3 });
const roleKey = fc.constantFrom('analyser', 'report-writer', 'Bad', '1x', '__proto__', 'x');

const arbitraries: Record<string, fc.Arbitrary<unknown>> = {
  config: fc.record(
    {
      projectId: opt(word),
      okstraCommand: opt(fc.oneof(word, words)),
      modelDefaults: opt(fc.dictionary(roleKey, often(words), { maxKeys: 3 })),
      prTemplate: opt(word),
      teams: opt(
        fc.dictionary(
          fc.constantFrom('usual-panel', 'one-by-one', 'bad name', '__proto__', 'A.1'),
          often(
            fc.record(
              { description: opt(word), roles: often(fc.dictionary(roleKey, often(words), { maxKeys: 3 })), other: rare },
              { requiredKeys: [] },
            ),
          ),
          { maxKeys: 2 },
        ),
      ),
      providers: rare,
      other: rare,
    },
    { requiredKeys: [] },
  ),
  brief: fc.record(
    {
      title: opt(word),
      taskType: opt(word),
      analysisTarget: opt(word),
      evidence: opt(fc.record({ feature: opt(word), project: opt(word), other: rare }, { requiredKeys: [] })),
      other: rare,
    },
    { requiredKeys: [] },
  ),
  plan: fc.record(
    {
      approved: opt(fc.boolean()),
      stages: opt(
        fc.array(
          often(
            fc.record(
              {
                id: often(fc.constantFrom('s1', 's 2', 'a,b', '')),
                title: opt(word),
                dependsOn: opt(words),
                other: rare,
              },
              { requiredKeys: ['id'] },
            ),
          ),
          { maxLength: 3 },
        ),
      ),
      other: rare,
    },
    { requiredKeys: [] },
  ),
  inputs: fc.record(
    {
      taskType: opt(word),
      directive: opt(word),
      relatedTasks: opt(fc.oneof(word, words)),
      roleCounts: opt(fc.dictionary(roleKey, often(fc.oneof(fc.integer({ min: -2, max: 9 }), fc.constant(1.5))), { maxKeys: 3 })),
      roleModels: opt(fc.dictionary(roleKey, often(words), { maxKeys: 3 })),
      roleSelectionOrder: opt(words),
      workers: opt(fc.oneof(word, words)),
      critic: opt(word),
      leadModel: opt(word),
      other: rare,
    },
    { requiredKeys: [] },
  ),
};

const checks: Record<string, [(d: unknown) => boolean, z.ZodMiniType]> = {
  config: [configPassesFastCheck, configSchema],
  brief: [briefFrontMatterPassesFastCheck, briefFrontMatterSchema],
  plan: [planFrontMatterPassesFastCheck, planFrontMatterSchema],
  inputs: [runInputsPassesFastCheck, runInputsSchema],
};

describe('workspace: fast checks of config.yaml, front matter and inputs.json', () => {
  for (const [name, [passes, schema]] of Object.entries(checks)) {
    it(`${name}: passes only what its schema accepts, and the schema gives it back unchanged`, () => {
      let accepted = 0;
      let refused = 0;
      fc.assert(
        fc.property(arbitraries[name]!, (raw) => {
          const data = JSON.parse(JSON.stringify(raw)); // as a parser gives it (no undefined)
          if (!passes(data)) {
            refused++;
            return;
          }
          accepted++;
          const r = schema.safeParse(data);
          assert.ok(r.success, JSON.stringify(data));
          assert.deepEqual(r.data, data);
        }),
        { numRuns: 3000, seed: 4242 },
      );
      assert.ok(accepted > 200 && refused > 200, `${name}: ${accepted} accepted, ${refused} refused`);
    });
  }

  it("passes the demo's config.yaml, every brief's and plan's front matter and every inputs.json", () => {
    const yamlOf = (file: string) => parseYamlText(fs.readFileSync(file, 'utf8'), file).value;
    const frontMatterOf = (file: string) => {
      const split = splitFrontMatter(fs.readFileSync(file, 'utf8'), file);
      return split.yaml === null ? null : parseYamlText(split.yaml, file).value;
    };
    assert.equal(configPassesFastCheck(yamlOf(path.join(DEMO, 'config.yaml'))), true, 'config.yaml');
    const files = (fs.readdirSync(DEMO, { recursive: true }) as string[]).map((f) => path.join(DEMO, f));
    const briefs = files.filter((f) => f.endsWith(`${path.sep}brief.md`));
    const plans = files.filter((f) => f.endsWith(`${path.sep}approved-plan.md`));
    const inputs = files.filter((f) => f.endsWith(`${path.sep}inputs.json`));
    assert.ok(briefs.length > 3 && plans.length > 2 && inputs.length > 10);
    for (const f of briefs) if (frontMatterOf(f) !== null) assert.equal(briefFrontMatterPassesFastCheck(frontMatterOf(f)), true, f);
    for (const f of plans) if (frontMatterOf(f) !== null) assert.equal(planFrontMatterPassesFastCheck(frontMatterOf(f)), true, f);
    for (const f of inputs) assert.equal(runInputsPassesFastCheck(JSON.parse(fs.readFileSync(f, 'utf8'))), true, f);
  });
});
