// plan/approved-plan.md: front matter (approved, stages) and the blocking gate.
// The wizard's rules over the stage graph (cycles, candidates) live in the core.

import type { ApprovedPlan, PlanStage } from '../core/ports';
import { readFrontMatter } from '../core/files';
import { planFrontMatterSchema } from './schemas';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The rest of the first body line that starts with `BLOCKING:` (leading
 * indentation allowed), trimmed; lines inside fenced code blocks are ignored.
 */
export function firstBlockingLine(body: string): string | null {
  let fence: string | null = null;
  for (const line of body.split('\n')) {
    const m = FENCE.exec(line);
    if (fence !== null) {
      // A closing fence: same character, at least as long, nothing after it.
      if (m && m[1]![0] === fence[0] && m[1]!.length >= fence.length && line.trim() === m[1]) fence = null;
      continue;
    }
    if (m) {
      fence = m[1]!;
      continue;
    }
    const t = line.trimStart();
    if (t.startsWith('BLOCKING:')) return t.slice('BLOCKING:'.length).trim();
  }
  return null;
}

/** Parses a plan file's text; throws FileError when its front matter is malformed. */
export function parsePlan(text: string, shownPath: string): ApprovedPlan {
  const { data, split } = readFrontMatter(planFrontMatterSchema, text, shownPath);
  const stages: PlanStage[] = (data?.stages ?? []).map((s) => {
    const stage: PlanStage = { id: s.id, dependsOn: s.dependsOn ?? [] };
    if (s.title !== undefined) stage.title = s.title;
    return stage;
  });
  return {
    path: shownPath,
    approved: data?.approved === true,
    stages,
    blocking: firstBlockingLine(split.body),
  };
}
