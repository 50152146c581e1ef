// Role prompt texts from the catalogue (ctx.texts.steps.<key>), rendered with
// formatTemplate. The echo template keeps `{value}` for the UI to fill.

import { formatTemplate, type StepTexts } from '../text/catalog';
import { WizardError } from '../types';
import type { RoleSession } from './roleSession';

export type RoleTextKey = 'leader_session' | 'role_count' | 'role_add' | 'role_model';

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
