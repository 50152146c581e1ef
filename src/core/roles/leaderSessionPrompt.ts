// leader-session (R-PR-1…5): in current-session mode the leader is the
// session the wizard runs in; this read-only slot only confirms it.

import type { Prompt } from '../types';
import { LEADER_SESSION_STEP } from './roleIds';
import type { RoleSession } from './roleSession';
import { echoTemplate, render, roleTexts } from './promptTexts';

/** The attestation is always unknown, so the model shown is `current-session` without effort. */
export const CURRENT_SESSION_MODEL = 'current-session';

export function leaderSessionPrompt(session: RoleSession): Prompt {
  const texts = roleTexts(session, 'leader_session');
  const values = { model_ref: CURRENT_SESSION_MODEL, effort_suffix: '' };
  return {
    step: LEADER_SESSION_STEP,
    kind: 'pick',
    label: render(texts.label, values),
    options: [{ value: 'continue', label: texts.options.continue ?? '계속', default: true }],
    echo_template: echoTemplate(texts, values),
  };
}
