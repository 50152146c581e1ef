// English texts (wizard.md › Texts). Keys follow the seed's `_p` / `_msg`.
import type { TextCatalog } from './catalog';

export const en: TextCatalog = {
  lang: 'en',
  steps: {
    leader_session: {
      label: 'Leader: this session ({model_ref}{effort_suffix})',
      options: { continue: 'Continue' },
      echo_template: 'leader-session: {value}',
    },
    role_count: {
      label: 'How many {role} agents? ({minimum}–{maximum})',
      options: { count: '{count}{default_suffix}', default_suffix: ' (recommended)' },
      echo_template: 'role-count: {role}={value}',
    },
    role_add: {
      label: 'Add {role}? (up to {maximum})',
      options: { skip: "Don't add{default_suffix}", add: 'Add {count}', default_suffix: ' (default)' },
      echo_template: 'role-add: {role}={value}',
    },
    role_model: {
      label: 'Model for {role} #{ordinal} of {count}',
      options: { model: '{display} — {model_ref}{default_suffix}', default_suffix: ' (default)' },
      echo_template: 'role-model: {role}#{ordinal}={value}',
    },
  },
  confirmation: {
    static_role: '  role          : {role} #{ordinal} = {model}',
    dynamic_role: '  role          : {role} (dynamic, started by the leader at run time)',
  },
};
