// evidence (docs/steps.md › Steps): the feature / project evidence named in the brief.
import { WizardError, type WizardState } from '../../types';
import { chosenBriefFrontMatter } from './analysisTarget';
import { pyReprString } from '../../pyRepr';
import { markDefault, opt, optionText, pathProblem, pickPrompt, storedProjectPath, type Step, type StepEnv } from './step';
import type { FieldTable } from '../stateFields';

function evidencePaths(env: StepEnv, s: WizardState): { feature: string; project: string } | null {
  const ev = chosenBriefFrontMatter(env, s)?.evidence;
  if (!ev || (!ev.feature && !ev.project)) return null;
  return { feature: ev.feature ?? '', project: ev.project ?? '' };
}

function storedEvidence(env: StepEnv, s: WizardState, p: string, field: 'feature' | 'project'): string {
  // evidence-inputs joins the two paths with ',' (docs/okstra-files.md › brief.md).
  if (p === '') return '';
  // The paths come from the brief's front matter: a refusal names the brief and its key.
  const source = `${env.task(s)?.brief.path ?? 'brief.md'}: evidence.${field}`;
  if (p.startsWith('-'))
    throw new WizardError('refused-answer', `${source}: ${pyReprString(p)} must not start with '-' (okstra would read it as an option)`);
  // The protocol's own refusals (a comma, outside the project) keep their words.
  const rel = storedProjectPath(s, 'evidence', p, { noComma: true });
  // An in-project name can still be a symlink to a file outside the project.
  const outside = pathProblem(env, s, rel);
  if (outside) throw new WizardError('refused-answer', `evidence: path must be inside the project: ${pyReprString(p)} ${outside}`);
  if (!env.ctx.workspace.isFile(rel)) throw new WizardError('refused-answer', `${source}: ${pyReprString(p)} is not a file in the project`);
  return rel;
}

/** The state fields evidence declares (docs/state-file.md). */
const evidenceFields = {
  feature_evidence_path: {
    kind: 'text',
    default: '',
    path: true,
    description: 'A file of evidence about the feature, relative to the project root.',
  },
  project_evidence_path: {
    kind: 'text',
    default: '',
    path: true,
    description: 'A file of evidence about the project, relative to the project root.',
  },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    evidence: typeof evidenceFields;
  }
}

export const evidence: Step<'evidence'> = {
  id: 'evidence',
  textKey: 'evidence',
  group: 'inputs',
  kind: 'pick',
  fields: evidenceFields,
  owns: ['feature_evidence_path', 'project_evidence_path'],
  optionTexts: ['use', 'none'],
  applies: (env, s) => evidencePaths(env, s) !== null,
  build(env, s) {
    const ev = evidencePaths(env, s)!;
    const paths = [ev.feature, ev.project].filter(Boolean).join(', ');
    // An unusable path is shown with its error and never pre-selected.
    let error: string | undefined;
    try {
      storedEvidence(env, s, ev.feature, 'feature');
      storedEvidence(env, s, ev.project, 'project');
    } catch (e) {
      if (!(e instanceof WizardError)) throw e;
      error = e.message;
    }
    const use = opt('use', optionText(env, 'evidence', 'use', { paths }), { description: error, disabled: error !== undefined });
    return pickPrompt(env, this, markDefault([use, opt('none', optionText(env, 'evidence', 'none'))], 'use'));
  },
  submit(env, s, value) {
    if (value === 'use') {
      const ev = evidencePaths(env, s)!;
      s.feature_evidence_path = storedEvidence(env, s, ev.feature, 'feature');
      s.project_evidence_path = storedEvidence(env, s, ev.project, 'project');
    } else {
      s.feature_evidence_path = '';
      s.project_evidence_path = '';
    }
    return `evidence: ${value}`;
  },
  answerOf: (_env, s) => (s.feature_evidence_path || s.project_evidence_path ? 'use' : 'none'),
};
