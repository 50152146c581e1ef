// pr-template-pick / pr-template / pr-template-scope (docs/steps.md › Steps).
import type { WizardState } from '../../types';
import { followUpChosen, followUpPathStep, markDefault, opt, optionText, pathProblem, pickPrompt, type Step, type StepEnv } from './step';
import type { FieldTable } from '../stateFields';

const REPO_PR_TEMPLATE = '.github/pull_request_template.md';

function configTemplate(env: StepEnv): string {
  return env.config()?.prTemplate ?? '';
}

function repoTemplateExists(env: StepEnv): boolean {
  return env.ctx.workspace.isFile(REPO_PR_TEMPLATE);
}

/** Two project-relative spellings of one file (`./a/b.md`, `a//b.md`, `a/b.md`). */
function sameTemplate(a: string, b: string): boolean {
  const norm = (p: string) =>
    p
      .replace(/\\/g, '/')
      .split('/')
      .filter((x) => x !== '' && x !== '.')
      .join('/');
  return a !== '' && norm(a) === norm(b);
}

/** The state fields pr-template-pick declares (docs/state-file.md). */
const prTemplatePickFields = {
  pr_template_path: {
    kind: 'text',
    default: '',
    path: true,
    description: 'The pull-request template of a release hand-off, relative to the project root.',
  },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'pr-template-pick': typeof prTemplatePickFields;
  }
}

export const prTemplatePick: Step<'pr-template-pick'> = {
  id: 'pr-template-pick',
  textKey: 'pr_template_pick',
  group: 'follow-ups',
  kind: 'pick',
  fields: prTemplatePickFields,
  owns: ['pr_template_path', 'pr_template_scope'],
  optionTexts: ['config', 'repo', 'path', 'none'],
  applies: (_env, s) => s.task_type === 'release-handoff',
  build(env, s) {
    const cfg = configTemplate(env);
    const options = [];
    // A template path (from config.yaml, or a symlinked repository template) that leads outside the project is shown, not offered.
    const unusable = (p: string) => {
      const outside = pathProblem(env, s, p);
      return outside ? { disabled: true, description: `${p} ${outside}` } : {};
    };
    if (cfg) options.push(opt('config', optionText(env, 'pr_template_pick', 'config', { path: cfg }), unusable(cfg)));
    // The project setting naming the repository template is one file: offered once, as the setting.
    if (repoTemplateExists(env) && !sameTemplate(cfg, REPO_PR_TEMPLATE)) {
      options.push(opt('repo', optionText(env, 'pr_template_pick', 'repo', { path: REPO_PR_TEMPLATE }), unusable(REPO_PR_TEMPLATE)));
    }
    options.push(opt('path', optionText(env, 'pr_template_pick', 'path')));
    options.push(opt('none', optionText(env, 'pr_template_pick', 'none')));
    return pickPrompt(env, this, markDefault(options, cfg ? 'config' : 'repo'));
  },
  submit(env, s, value) {
    if (value === 'config') {
      s.pr_template_path = configTemplate(env);
      s.pr_template_scope = 'config';
    } else if (value === 'repo') {
      s.pr_template_path = REPO_PR_TEMPLATE;
      s.pr_template_scope = '';
    } else if (value === 'path') {
      s.pr_template_path = '';
      s.pr_template_scope = '';
      s.pending_follow_up = 'pr-template';
    } else {
      s.pr_template_path = '';
      s.pr_template_scope = '';
    }
    return `pr-template-pick: ${value}`;
  },
  answerOf(_env, s) {
    if (followUpChosen(s, 'pr-template')) return 'path';
    if (s.pr_template_scope === 'config') return 'config';
    return s.pr_template_path ? 'repo' : 'none';
  },
};

export const prTemplate: Step = followUpPathStep({
  id: 'pr-template',
  textKey: 'pr_template',
  group: 'follow-ups',
  field: 'pr_template_path',
  missing: 'PR template not found',
});

/** The scope step follows `repo` or `path` (a config template has its own scope). */
function needsScope(s: WizardState): boolean {
  return s.answered.includes('pr-template-pick') && s.pr_template_path !== '' && s.pr_template_scope === '' && !s.pending_follow_up;
}

/** The state fields pr-template-scope declares (docs/state-file.md). */
const prTemplateScopeFields = {
  pr_template_scope: {
    kind: 'text',
    default: '',
    description: "Where the template choice is kept: 'run' (this run only) or 'project' (written to config.yaml when the run starts).",
  },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'pr-template-scope': typeof prTemplateScopeFields;
  }
}

export const prTemplateScope: Step<'pr-template-scope'> = {
  id: 'pr-template-scope',
  textKey: 'pr_template_scope',
  group: 'follow-ups',
  kind: 'pick',
  fields: prTemplateScopeFields,
  owns: ['pr_template_scope'],
  optionTexts: ['run', 'project'],
  applies: (_env, s) => needsScope(s),
  build(env) {
    const options = [
      opt('run', optionText(env, 'pr_template_scope', 'run')),
      opt('project', optionText(env, 'pr_template_scope', 'project')),
    ];
    return pickPrompt(env, this, markDefault(options, 'run'));
  },
  submit(_env, s, value) {
    s.pr_template_scope = value;
    return `pr-template-scope: ${value}`;
  },
  answerOf: (_env, s) => s.pr_template_scope,
};
