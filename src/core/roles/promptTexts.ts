// Role prompt texts from the catalogue (ctx.texts.steps.<key>), rendered with
// formatTemplate. The echo template keeps `{value}` for the UI to fill.

import { formatTemplate, type StepTexts } from '../text/catalog';
import { WizardError } from '../types';
import type { RoleSession } from './roleSession';

/** The role prompts' texts (`steps.<key>`) and the option texts each reads: every text catalogue must have them (core/text/schema.ts). */
export const ROLE_TEXT_OPTIONS = {
  leader_session: ['continue'],
  role_count: ['count', 'default_suffix'],
  role_add: ['skip', 'add', 'default_suffix'],
  role_model: ['model', 'default_suffix'],
} as const satisfies Record<string, readonly string[]>;

type RoleTextKey = keyof typeof ROLE_TEXT_OPTIONS;

export function roleTexts(session: RoleSession, key: RoleTextKey): StepTexts {
  const texts = session.ctx.texts.steps[key];
  if (!texts) throw new WizardError('internal', `text catalogue '${session.ctx.texts.lang}' has no steps.${key}`);
  return texts;
}

export function render(template: string, values: Record<string, string>): string {
  return formatTemplate(template, values);
}

/** The echo template with its fields filled except `{value}`. */
export function echoTemplate(texts: StepTexts, values: Record<string, string>): string {
  return formatTemplate(texts.echo_template, { ...values, value: '{value}' });
}
