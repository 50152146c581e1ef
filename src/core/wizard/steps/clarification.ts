// clarification-pick / clarification (docs/steps.md › Steps, docs/okstra-files.md › Clarifications).
import type { QuestionsFile } from '../../ports';
import { WizardError, type Notice, type WizardState } from '../../types';
import { followUpChosen, followUpPathStep, markDefault, opt, optionText, pickPrompt, type Step, type StepEnv } from './step';
import type { FieldTable } from '../stateFields';

/** The newest questions file (run ids sort by date). */
function newestQuestions(env: StepEnv, s: WizardState): QuestionsFile | null {
  const qs = [...(env.task(s)?.questions ?? [])].sort((a, b) => (a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : 0));
  return qs[qs.length - 1] ?? null;
}

/** The answers sidecar template: each question as a `## <id>: <question>` heading. */
function answersTemplate(q: QuestionsFile): string {
  return q.questions.map((x) => `## ${x.id}: ${x.question}\n\n`).join('');
}

/** The state fields clarification-pick declares (docs/state-file.md). */
const clarificationPickFields = {
  clarification_response_path: {
    kind: 'text',
    default: '',
    path: true,
    description: 'The answers to the open clarification questions, relative to the project root.',
  },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'clarification-pick': typeof clarificationPickFields;
  }
}

/**
 * The answers file chosen with `answer-now` has no answer yet: the person writes them before the run (okstra reads
 * the file as it is when it runs). Said when it is chosen and with every preview and outcome while it stays empty.
 */
function unansweredNotice(answersPath: string, q: Pick<QuestionsFile, 'questions'> | null): Notice {
  const ids = q && q.questions.length ? ` (${q.questions.map((x) => x.id).join(', ')})` : '';
  return {
    kind: 'file',
    text: `write the answers to the clarification questions${ids} in ${answersPath} before the run: it has no answers yet, and the run reads it as it is`,
    steps: ['clarification-pick'],
  };
}

/** The notice of an answers file still without answers, for the state's clarification answers; null when none is due. */
export function unansweredClarification(env: StepEnv, s: WizardState): Notice | null {
  if (!s.clarification_response_path) return null;
  let q: QuestionsFile | undefined;
  try {
    q = env.task(s)?.questions.find((x) => x.answersPath === s.clarification_response_path);
  } catch {
    return null;
  }
  return q && q.answersWritten === false ? unansweredNotice(q.answersPath, q) : null;
}

export const clarificationPick: Step<'clarification-pick'> = {
  id: 'clarification-pick',
  textKey: 'clarification_pick',
  group: 'follow-ups',
  kind: 'pick',
  fields: clarificationPickFields,
  owns: ['clarification_response_path'],
  optionTexts: ['answer_now', 'path', 'skip'],
  waitsForOpenedFile: true,
  applies: (env, s) => newestQuestions(env, s) !== null,
  build(env, s) {
    const q = newestQuestions(env, s)!;
    // A malformed questions file is shown with its file error and refused, like a broken brief.
    const options = [
      opt('answer-now', optionText(env, 'clarification_pick', 'answer_now', { path: q.answersPath }), {
        description: q.error ?? (q.questions.map((x) => x.id).join(', ') || undefined),
        disabled: !!q.error,
      }),
      opt('path', optionText(env, 'clarification_pick', 'path')),
      opt('skip', optionText(env, 'clarification_pick', 'skip')),
    ];
    return pickPrompt(env, this, markDefault(options, 'answer-now'));
  },
  submit(env, s, value) {
    if (value === 'answer-now') {
      const q = newestQuestions(env, s)!;
      if (q.error) throw new WizardError('file-error', q.error);
      // Never during the progress simulation: it must not write files.
      if (!env.simulate && !q.answersExists) env.ctx.workspace.createFileIfMissing(q.answersPath, answersTemplate(q));
      s.clarification_response_path = q.answersPath;
      env.opened.push(q.answersPath);
      if (!env.simulate && q.answersWritten !== true) env.notices.push(unansweredNotice(q.answersPath, q));
      return `clarification-pick: answer-now (${q.answersPath})`;
    }
    if (value === 'path') s.pending_follow_up = 'clarification';
    else s.clarification_response_path = '';
    return `clarification-pick: ${value}`;
  },
  answerOf(_env, s) {
    if (followUpChosen(s, 'clarification')) return 'path';
    return s.clarification_response_path ? `answer-now (${s.clarification_response_path})` : 'skip';
  },
  // The echo shows `answer-now (<path>)`; the option's value is `answer-now`.
  answerValue(env, s) {
    const shown = clarificationPick.answerOf(env, s);
    return shown.startsWith('answer-now') ? 'answer-now' : shown;
  },
};

export const clarification: Step = followUpPathStep({
  id: 'clarification',
  textKey: 'clarification',
  group: 'follow-ups',
  field: 'clarification_response_path',
  missing: 'answers file not found',
});
