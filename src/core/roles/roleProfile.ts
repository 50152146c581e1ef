// Role profiles (docs/profiles.md › Role profiles): which roles a run type uses, how
// many instances each may have, and which are dynamic. Markdown with YAML
// front matter, validated with zod; a broken file is a RoleProfileError in the
// file-error format.

import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';
import { FileError } from '../types';
import { parseWithSchema, splitRequiredFrontMatter, YamlSource } from '../files/fileErrors';
import { pyReprString } from '../pyRepr';
import { PrebuiltParses } from './parseCache';

type Distinctness = 'model' | 'provider';

/** The seed's RoleRequirement(role, min_count, max_count, recommended_count, duty, dynamic) plus `distinct`. */
export interface RoleRequirement {
  role: string;
  duty: string;
  min: number;
  max: number;
  recommended: number;
  dynamic: boolean;
  distinct: Distinctness;
}

export interface RoleProfile {
  /** Where it came from, for messages (`profiles/error-analysis.md` or the override's path). */
  path: string;
  taskType: string;
  roles: RoleRequirement[];
  /** okstra's prose for that run type. */
  body: string;
}

/** A broken profile; its message is the file error. */
export class RoleProfileError extends FileError {
  constructor(err: FileError) {
    super({ path: err.path, line: err.line, column: err.column, keyPath: err.keyPath, problem: err.problem });
    this.name = 'RoleProfileError';
  }
}

/** R-ID-12: the synthetic spawn-process leader. */
export const LEADER_REQUIREMENT: RoleRequirement = {
  role: 'leader',
  duty: 'lead',
  min: 1,
  max: 1,
  recommended: 1,
  dynamic: false,
  distinct: 'model',
};

const ROLE_NAME = /^[a-z][a-z0-9-]*$/;
const count = lazySchema(() =>
  z
    .number({ error: 'must be an integer' })
    .check(z.int({ error: 'must be an integer' }))
    .check(z.gte(0, { error: 'must be ≥ 0' })),
);

const staticRole = lazySchema(() =>
  z.strictObject({
    role: z.string(),
    duty: z.string().check(z.minLength(1, { error: 'must not be empty' })),
    min: count,
    max: count.check(z.gte(1, { error: 'must be ≥ 1' })),
    recommended: z.optional(count),
    distinct: z.optional(z.enum(['model', 'provider'], { error: "must be 'model' or 'provider'" })),
    dynamic: z.optional(z.literal(false, { error: 'must be false for a role with min/max' })),
  }),
);

const dynamicRole = lazySchema(() =>
  z.strictObject({
    role: z.string(),
    duty: z.string().check(z.minLength(1, { error: 'must not be empty' })),
    dynamic: z.literal(true),
  }),
);

const frontMatter = lazySchema(() =>
  z.strictObject({
    taskType: z.string(),
    roles: z
      .array(z.record(z.string(), z.unknown()), { error: 'must be a list of roles' })
      .check(z.minLength(1, { error: 'must list at least one role' })),
  }),
);

/** Profiles parsed at build time (src/core/roles/builtinData.ts); used only for the same path, type and text. */
export const prebuiltProfiles = new PrebuiltParses<RoleProfile>();

export function profileKey(path: string, taskType: string): string {
  return `${taskType}\u0000${path}`;
}

/**
 * Parses and validates a profile. `expectedTaskType` is the file's task type;
 * a profile for another type is refused.
 */
export function parseRoleProfile(path: string, text: string, expectedTaskType: string): RoleProfile {
  const prebuilt = prebuiltProfiles.get(profileKey(path, expectedTaskType), text);
  if (prebuilt !== undefined) return prebuilt;
  try {
    return parseProfile(path, text, expectedTaskType);
  } catch (err) {
    if (err instanceof FileError) throw new RoleProfileError(err);
    throw err;
  }
}

function parseProfile(path: string, text: string, expectedTaskType: string): RoleProfile {
  const { yaml, lineOffset, body } = splitRequiredFrontMatter(text, path);
  const source = new YamlSource(path, yaml, lineOffset);
  if (source.data === null || typeof source.data !== 'object' || Array.isArray(source.data)) {
    throw new FileError({ path, line: 1 + lineOffset, column: 1, problem: 'front matter must be a mapping' });
  }
  const head = parseWithSchema(source, frontMatter);
  if (head.taskType !== expectedTaskType) {
    throw source.error(
      ['taskType'],
      `must be ${pyReprString(expectedTaskType)} (the file's task type), got ${pyReprString(head.taskType)}`,
    );
  }
  const seen = new Set<string>();
  const roles: RoleRequirement[] = head.roles.map((raw, i) => {
    const isDynamic = raw.dynamic === true;
    const schema = isDynamic ? dynamicRole : staticRole;
    const sub = schema.safeParse(raw);
    if (!sub.success) {
      const issue = sub.error.issues[0]!;
      const key =
        issue.code === 'unrecognized_keys' ? [issue.keys[0]!] : issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      const problem =
        issue.code === 'unrecognized_keys'
          ? isDynamic
            ? 'unknown key (a dynamic role has only role, duty and dynamic)'
            : 'unknown key'
          : issue.code === 'invalid_type' && issue.input === undefined
            ? 'is required'
            : issue.message.startsWith('Invalid')
              ? `must be ${(issue as { expected?: string }).expected ?? 'valid'}`
              : issue.message;
      throw source.error(['roles', i, ...key], problem);
    }
    const r = sub.data as z.infer<typeof staticRole> | z.infer<typeof dynamicRole>;
    if (!ROLE_NAME.test(r.role)) throw source.error(['roles', i, 'role'], `must match [a-z][a-z0-9-]*: ${pyReprString(r.role)}`);
    // The leader is implicit (spawn-process adds it); declaring it would give two leaders.
    if (r.role === 'leader') throw source.error(['roles', i, 'role'], "'leader' is implicit and must not be declared");
    if (seen.has(r.role)) throw source.error(['roles', i, 'role'], `duplicate role ${pyReprString(r.role)}`);
    seen.add(r.role);
    if ('dynamic' in r && r.dynamic === true) {
      return { role: r.role, duty: r.duty, min: 0, max: 0, recommended: 0, dynamic: true, distinct: 'model' };
    }
    const s = r as z.infer<typeof staticRole>;
    if (s.max < s.min) throw source.error(['roles', i, 'max'], `must be ≥ min (${s.min})`);
    // An optional role's recommendation is meaningless (role-add defaults to "don't add").
    const recommended = s.recommended ?? s.min;
    if (s.recommended !== undefined && s.min > 0 && (s.recommended < s.min || s.recommended > s.max)) {
      throw source.error(['roles', i, 'recommended'], `must be in ${s.min}..${s.max}`);
    }
    return {
      role: s.role,
      duty: s.duty,
      min: s.min,
      max: s.max,
      recommended: s.min === 0 ? 0 : recommended,
      dynamic: false,
      distinct: s.distinct ?? 'model',
    };
  });
  return { path, taskType: head.taskType, roles, body };
}
