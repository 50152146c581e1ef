import assert from 'node:assert/strict';
import { parseRoleProfile, RoleProfileError, openRoleSession, roleProfileProblem } from '../../../src/core/roles';
import { TASK_TYPE_VALUES } from '../../../src/core/types';
import { builtinProfileText, makeContext, makeState, profileText } from './fixtures';
import { throwsMessage } from './helpers';

const TABLE: Record<string, string> = {
  'requirements-discovery': 'analyser 1..3 (2, provider); critic 0..1; report-writer 1..1; researcher dynamic',
  'error-analysis': 'analyser 1..3 (2, provider); critic 0..1; report-writer 1..1; investigator dynamic',
  'implementation-planning': 'planner 1..3 (2, provider); critic 0..1; report-writer 1..1',
  implementation: 'implementer 1..1; critic 0..2; report-writer 1..1; test-runner dynamic',
  'final-verification': 'verifier 1..3 (2, provider); critic 0..1; report-writer 1..1',
  'release-handoff': 'designer 1..1; report-writer 1..1',
};

function summary(t: string): string {
  const p = parseRoleProfile(`profiles/${t}.md`, builtinProfileText(t)!, t);
  return p.roles
    .map((r) => {
      if (r.dynamic) return `${r.role} dynamic`;
      const extra = r.min > 0 && r.min < r.max ? ` (${r.recommended}, ${r.distinct})` : '';
      return `${r.role} ${r.min}..${r.max}${extra}`;
    })
    .join('; ');
}

describe('roles: role profiles', () => {
  for (const t of TASK_TYPE_VALUES) {
    it(`built-in profile ${t} has the expected roles and counts`, () => {
      assert.equal(summary(t), TABLE[t]);
    });
  }

  it('R-ID-15: an override in .okstra/prompts/profiles wins over the built-in profile', () => {
    const override = profileText('error-analysis', [{ role: 'analyser', min: 1, max: 1 }]);
    const { ctx } = makeContext({ overrides: { 'error-analysis': override } });
    const session = openRoleSession(ctx, makeState());
    assert.deepEqual(
      session.profile().roles.map((r) => r.role),
      ['analyser'],
    );
    assert.equal(session.profile().path, '.okstra/prompts/profiles/error-analysis.md');
  });

  it('R-ENA-1: a broken override is an error, never a fall-back to the built-in profile', () => {
    const broken = profileText('error-analysis', [{ role: 'analyser', min: 2, max: 1 }]);
    const { ctx } = makeContext({ overrides: { 'error-analysis': broken } });
    const session = openRoleSession(ctx, makeState());
    assert.equal(
      throwsMessage(() => session.profile()),
      "no role profile for task type 'error-analysis': .okstra/prompts/profiles/error-analysis.md:7:5: roles[0].max: must be ≥ min (2)",
    );
    assert.equal(roleProfileProblem(ctx, 'error-analysis'), session.profileError);
    assert.equal(roleProfileProblem(makeContext().ctx, 'error-analysis'), null);
  });

  it('R-ENA-2: a missing profile is reported with the task type', () => {
    const { ctx } = makeContext();
    assert.equal(roleProfileProblem(ctx, 'nonsense'), "no role profile for task type 'nonsense': profiles/nonsense.md does not exist");
  });

  it('reports max < min at the key with line and column', () => {
    const text = '---\ntaskType: error-analysis\nroles:\n  - role: analyser\n    duty: analyse\n    min: 3\n    max: 1\n---\n';
    const err = (() => {
      try {
        parseRoleProfile('profiles/error-analysis.md', text, 'error-analysis');
      } catch (e) {
        return e;
      }
    })();
    assert.ok(err instanceof RoleProfileError);
    assert.equal((err as Error).message, 'profiles/error-analysis.md:7:5: roles[0].max: must be ≥ min (3)');
  });

  const bad: Array<[string, string, string]> = [
    [
      'a declared leader',
      '  - role: leader\n    duty: lead\n    min: 1\n    max: 1\n',
      "p.md:4:5: roles[0].role: 'leader' is implicit and must not be declared",
    ],
    ['an unknown key', '  - role: a\n    duty: d\n    min: 1\n    max: 1\n    colour: red\n', 'p.md:8:5: roles[0].colour: unknown key'],
    [
      'a duplicate role',
      '  - role: a\n    duty: d\n    min: 1\n    max: 1\n  - role: a\n    duty: d\n    dynamic: true\n',
      "p.md:8:5: roles[1].role: duplicate role 'a'",
    ],
    [
      'a bad role name',
      '  - role: Analyser\n    duty: d\n    min: 1\n    max: 1\n',
      "p.md:4:5: roles[0].role: must match [a-z][a-z0-9-]*: 'Analyser'",
    ],
    ['max 0', '  - role: a\n    duty: d\n    min: 0\n    max: 0\n', 'p.md:7:5: roles[0].max: must be ≥ 1'],
    [
      'recommended out of range',
      '  - role: a\n    duty: d\n    min: 1\n    max: 2\n    recommended: 3\n',
      'p.md:8:5: roles[0].recommended: must be in 1..2',
    ],
    [
      'a dynamic role with counts',
      '  - role: a\n    duty: d\n    dynamic: true\n    min: 1\n',
      'p.md:7:5: roles[0].min: unknown key (a dynamic role has only role, duty and dynamic)',
    ],
    ['a missing duty', '  - role: a\n    min: 1\n    max: 1\n', 'p.md:4:5: roles[0].duty: is required'],
  ];
  for (const [what, roles, message] of bad) {
    it(`refuses ${what}`, () => {
      const text = `---\ntaskType: t\nroles:\n${roles}---\nbody\n`;
      assert.equal(
        throwsMessage(() => parseRoleProfile('p.md', text, 't')),
        message,
      );
    });
  }

  it('refuses bad YAML and a missing front matter', () => {
    assert.match(
      throwsMessage(() => parseRoleProfile('p.md', '---\ntaskType: [\n---\n', 't')),
      /^p\.md:\d+:\d+: invalid YAML: /,
    );
    assert.equal(
      throwsMessage(() => parseRoleProfile('p.md', '# no front matter', 't')),
      "p.md:1:1: front matter missing: the file must start with '---'",
    );
    assert.equal(
      throwsMessage(() => parseRoleProfile('p.md', '---\ntaskType: other\nroles:\n  - { role: a, duty: d, min: 1, max: 1 }\n---\n', 't')),
      "p.md:2:1: taskType: must be 't' (the file's task type), got 'other'",
    );
  });
});
