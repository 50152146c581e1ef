// The extension's settings, defined once: each `okstra.<key>`'s manifest entry (type, default, scope, enum, with
// `%config.<key>.*%` placeholders) and its texts in English and Korean. `node scripts/build.mjs` writes package.json's
// `contributes.configuration.properties` from it (in this order: `order` is the position), the settings of this
// machine (scope `machine-overridable`) into `capabilities.untrustedWorkspaces.restrictedConfigurations`, and the
// `config.*` entries of package.nls.json and package.nls.ko.json (through scripts/languageModelTools.ts, which writes
// the manifest's generated parts); test/unit/docs/settingsManifest.test.ts fails when a committed file differs.
// Where a setting is read: src/vscode/settings/settings.ts; its row in the README's table of settings.

interface SettingDefinition {
  /** `hostRuntime` for okstra.hostRuntime. */
  key: string;
  /** Its entry in package.json's configuration, without `order`; texts as `%config.<key>.<text>%`. */
  property: Record<string, unknown>;
  /** `config.<key>.<text>` of package.nls.json (en) and package.nls.ko.json (ko), by `<text>`. */
  texts: { en: Record<string, string>; ko: Record<string, string> };
}

const SETTINGS: SettingDefinition[] = [
  {
    key: 'hostRuntime',
    property: {
      type: 'string',
      enum: ['claude-code', 'codex', 'antigravity', 'vscode'],
      enumDescriptions: [
        '%config.hostRuntime.claude-code%',
        '%config.hostRuntime.codex%',
        '%config.hostRuntime.antigravity%',
        '%config.hostRuntime.vscode%',
      ],
      default: 'claude-code',
      scope: 'resource',
      markdownDescription: '%config.hostRuntime.description%',
    },
    texts: {
      en: {
        description: "The agent runtime that hosts the run's leader (`--lead-runtime`). Changing it affects new wizards only.",
        'claude-code': 'Claude Code',
        codex: 'Codex CLI',
        antigravity: 'Antigravity',
        vscode: 'VS Code (no native model provider; spawn-process only)',
      },
      ko: {
        description: '실행의 리더를 호스팅하는 에이전트 런타임(`--lead-runtime`)입니다. 변경하면 새 마법사에만 적용됩니다.',
        'claude-code': 'Claude Code',
        codex: 'Codex CLI',
        antigravity: 'Antigravity',
        vscode: 'VS Code (기본 모델 공급자 없음, spawn-process 전용)',
      },
    },
  },
  {
    key: 'hostEntryMode',
    property: {
      type: 'string',
      enum: ['current-session', 'spawn-process'],
      enumDescriptions: ['%config.hostEntryMode.current-session%', '%config.hostEntryMode.spawn-process%'],
      default: 'spawn-process',
      scope: 'resource',
      markdownDescription: '%config.hostEntryMode.description%',
    },
    texts: {
      en: {
        description: 'How the leader is started. Changing it affects new wizards only.',
        'current-session': "The wizard runs inside the leader's own agent session; the leader is that session.",
        'spawn-process': 'The leader is started as a new process and is a selectable role.',
      },
      ko: {
        description: '리더를 시작하는 방식입니다. 변경하면 새 마법사에만 적용됩니다.',
        'current-session': '마법사가 리더 자신의 에이전트 세션 안에서 실행되며, 그 세션이 리더입니다.',
        'spawn-process': '리더를 새 프로세스로 시작하며, 리더도 선택 가능한 역할입니다.',
      },
    },
  },
  {
    key: 'command',
    property: {
      type: ['string', 'array'],
      items: {
        type: 'string',
      },
      default: '',
      scope: 'machine-overridable',
      markdownDescription: '%config.command.description%',
    },
    texts: {
      en: {
        description:
          'The okstra executable, as one program (`"okstra"`) or as an array `[program, ...args]`. Empty: `okstraCommand` from `.okstra/config.yaml`, else `okstra`. Ignored in an untrusted workspace.',
      },
      ko: {
        description:
          'okstra 실행 파일. 프로그램 하나(`"okstra"`) 또는 배열 `[프로그램, ...인수]`입니다. 비어 있으면 `.okstra/config.yaml`의 `okstraCommand`, 그것도 없으면 `okstra`를 씁니다. 신뢰하지 않은 작업 영역에서는 무시됩니다.',
      },
    },
  },
  {
    key: 'runIn',
    property: {
      type: 'string',
      enum: ['task', 'shell'],
      enumDescriptions: ['%config.runIn.task%', '%config.runIn.shell%'],
      default: 'task',
      scope: 'resource',
      markdownDescription: '%config.runIn.description%',
    },
    texts: {
      en: {
        description:
          "How **Run render-bundle** runs okstra: `task` runs it as a VS Code task without a shell, so the arguments arrive exactly; `shell` sends a command line quoted for the terminal's shell (bash, dash, zsh, fish, pwsh).",
        task: 'A VS Code task with a process execution (no shell); the exit code always arrives.',
        shell: "A command line quoted for the integrated terminal's shell.",
      },
      ko: {
        description:
          '**render-bundle 실행**이 okstra를 실행하는 방식입니다. `task`는 셸 없이 VS Code 작업으로 실행하므로 인수가 그대로 전달되고, `shell`은 터미널 셸(bash, dash, zsh, fish, pwsh)에 맞게 따옴표 처리한 명령줄을 보냅니다.',
        task: '프로세스 실행 방식의 VS Code 작업(셸 없음). 종료 코드가 항상 전달됩니다.',
        shell: '통합 터미널의 셸에 맞게 따옴표 처리한 명령줄.',
      },
    },
  },
  {
    key: 'modelDefaults',
    property: {
      type: 'object',
      additionalProperties: {
        type: 'array',
        items: {
          type: 'string',
          pattern: '^[^/\\s]+/\\S+$',
          patternErrorMessage: '%config.modelDefaults.patternError%',
        },
      },
      default: {},
      scope: 'resource',
      markdownDescription: '%config.modelDefaults.description%',
    },
    texts: {
      en: {
        description:
          'Your default models per role, used when `.okstra/config.yaml` has no `modelDefaults` for the role. Keys are role ids, values model refs, for example:\n\n```json\n"okstra.modelDefaults": { "analyser": ["claude/opus-4.5", "codex/gpt-5.1-codex"] }\n```',
        patternError: 'A model ref is `<provider>/<model>`, for example `claude/opus-4.5`.',
      },
      ko: {
        description:
          '역할별 기본 모델입니다. `.okstra/config.yaml`에 해당 역할의 `modelDefaults`가 없을 때 사용합니다. 키는 역할 ID, 값은 모델 참조입니다. 예:\n\n```json\n"okstra.modelDefaults": { "analyser": ["claude/opus-4.5", "codex/gpt-5.1-codex"] }\n```',
        patternError: '모델 참조는 `<공급자>/<모델>` 형식입니다(예: `claude/opus-4.5`).',
      },
    },
  },
  {
    key: 'teams',
    property: {
      type: 'object',
      propertyNames: {
        pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$',
        not: {
          const: 'one-by-one',
        },
        patternErrorMessage: '%config.teams.nameError%',
      },
      additionalProperties: {
        type: 'object',
        properties: {
          description: {
            type: ['string', 'null'],
            markdownDescription: '%config.teams.team.description%',
          },
          roles: {
            type: 'object',
            propertyNames: {
              pattern: '^[a-z][a-z0-9-]*$',
            },
            additionalProperties: {
              type: 'array',
              items: {
                type: 'string',
                minLength: 1,
              },
            },
            markdownDescription: '%config.teams.roles.description%',
          },
        },
        required: ['roles'],
        additionalProperties: false,
      },
      default: {},
      scope: 'resource',
      markdownDescription: '%config.teams.description%',
    },
    texts: {
      en: {
        description:
          'Your own teams: each names, per role, the models of its agents, so that a run gets its whole panel in one pick (the **Team** question). Same shape as `teams:` in `.okstra/config.yaml`; a project team wins over one of yours with the same name. For example:\n\n```json\n"okstra.teams": {\n  "usual-panel": {\n    "description": "Two planners from different providers",\n    "roles": {\n      "planner": ["codex/gpt-5.1-codex", "antigravity/gemini-3-pro"],\n      "critic": [],\n      "report-writer": ["claude/sonnet-4.5"]\n    }\n  }\n}\n```',
        nameError: 'A team name is letters, digits, `.`, `_` or `-`, starting with a letter or digit (at most 64), and not `one-by-one`.',
        'team.description': 'One line about the team, shown beside its name.',
        'roles.description':
          'Per role id, the models of its agents in order (`<provider>/<model>`); the count of a role is the length of its list, `[]` for none of an optional role. Roles the team does not name are asked as usual.',
      },
      ko: {
        description:
          '나만의 팀입니다. 팀마다 역할별로 에이전트의 모델을 적어 두면, 실행의 에이전트 구성 전체를 한 번에 고를 수 있습니다(**팀** 질문). `.okstra/config.yaml`의 `teams:`와 형식이 같으며, 같은 이름이면 프로젝트의 팀이 이깁니다. 예:\n\n```json\n"okstra.teams": {\n  "usual-panel": {\n    "description": "서로 다른 제공자의 플래너 둘",\n    "roles": {\n      "planner": ["codex/gpt-5.1-codex", "antigravity/gemini-3-pro"],\n      "critic": [],\n      "report-writer": ["claude/sonnet-4.5"]\n    }\n  }\n}\n```',
        nameError: '팀 이름은 글자, 숫자, `.`, `_`, `-`로 이루어지고 글자나 숫자로 시작하며(최대 64자), `one-by-one`일 수 없습니다.',
        'team.description': '팀에 대한 한 줄 설명으로, 이름 옆에 보입니다.',
        'roles.description':
          '역할 ID별로 에이전트의 모델을 순서대로 적습니다(`<공급자>/<모델>`). 역할의 수는 목록의 길이이며, 선택 역할을 두지 않으려면 `[]`입니다. 팀에 없는 역할은 평소처럼 묻습니다.',
      },
    },
  },
  {
    key: 'providers',
    property: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: {
          path: {
            type: 'string',
            markdownDescription: '%config.providers.path.description%',
          },
        },
        additionalProperties: false,
      },
      default: {},
      scope: 'machine-overridable',
      markdownDescription: '%config.providers.description%',
    },
    texts: {
      en: {
        description:
          'Where each provider\'s CLI is installed, by provider id, for example `{ "codex": { "path": "/opt/codex/bin/codex" } }`. Checked before `OKSTRA_<PROVIDER>_CLI` and `PATH`. Ignored in an untrusted workspace.',
        'path.description': "The absolute path of this provider's CLI executable.",
      },
      ko: {
        description:
          '공급자 ID별 CLI 설치 위치입니다. 예: `{ "codex": { "path": "/opt/codex/bin/codex" } }`. `OKSTRA_<PROVIDER>_CLI`와 `PATH`보다 먼저 확인합니다. 신뢰하지 않은 작업 영역에서는 무시됩니다.',
        'path.description': '이 공급자 CLI 실행 파일의 절대 경로입니다.',
      },
    },
  },
  {
    key: 'confirmBeforeRun',
    property: {
      type: 'boolean',
      default: true,
      scope: 'resource',
      markdownDescription: '%config.confirmBeforeRun.description%',
    },
    texts: {
      en: {
        description:
          "Show the confirmation (the selection, the agents and their models, the command line) before **Run render-bundle** starts okstra from the Wizard view, the status bar, the command palette or a notification. The wizard's own confirm step is that confirmation, so Run there starts at once.",
      },
      ko: {
        description:
          '마법사 보기, 상태 표시줄, 명령 팔레트 또는 알림에서 **render-bundle 실행**이 okstra를 시작하기 전에 확인(선택 내용, 에이전트와 모델, 명령줄)을 보여 줍니다. 마법사의 확인 단계가 바로 그 확인이므로 그곳의 실행은 곧바로 시작됩니다.',
      },
    },
  },
];

interface Manifest {
  contributes: { configuration: { properties: Record<string, unknown> } };
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
}

/** package.json's text with the settings generated (key order and the rest of the file kept). */
export function packageJsonWithSettings(text: string): string {
  const pkg = JSON.parse(text) as Manifest;
  pkg.contributes.configuration.properties = Object.fromEntries(
    SETTINGS.map((s, i) => [`okstra.${s.key}`, { ...s.property, order: i + 1 }]),
  );
  pkg.capabilities.untrustedWorkspaces.restrictedConfigurations = SETTINGS.filter((s) => s.property.scope === 'machine-overridable').map(
    (s) => `okstra.${s.key}`,
  );
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** A package.nls file's text with the settings' entries generated (where the first of them was; the rest kept). */
export function nlsWithSettings(text: string, language: 'en' | 'ko'): string {
  const entries = Object.entries(JSON.parse(text) as Record<string, string>);
  const at = entries.findIndex(([k]) => k.startsWith('config.'));
  const kept = entries.filter(([k]) => !k.startsWith('config.'));
  const generated = SETTINGS.flatMap((s) =>
    Object.entries(s.texts[language]).map(([t, v]): [string, string] => [`config.${s.key}.${t}`, v]),
  );
  kept.splice(at < 0 ? kept.length : at, 0, ...generated);
  return `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`;
}
