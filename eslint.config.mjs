// ESLint flat config: typescript-eslint's recommended rules for the TypeScript sources and tests, plus the
// architecture rule that keeps the engine (src/core) free of VS Code and of Node's fs / child_process:
// the core takes plain data and injected ports (docs/architecture.md).
import tseslint from 'typescript-eslint';

const CORE_MESSAGE = 'src/core is the engine: no vscode, fs or child_process. Take the data through a port (src/core/ports.ts).';
const coreForbidden = ['vscode', 'fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'child_process', 'node:child_process'];

export default tseslint.config(
  {
    // Disable comments that another rule set made unnecessary are not an error worth failing a build for.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  {
    ignores: ['node_modules/**', 'dist/**', 'out/**', '.tools/**', 'test-results/**', '.vscode-test/**', 'test/fixtures/**'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: coreForbidden.map((name) => ({ name, message: CORE_MESSAGE })) }],
      // require() and import() would get around the rule above.
      'no-restricted-syntax': ['error',
        { selector: 'CallExpression[callee.name="require"]', message: `${CORE_MESSAGE} (and no require() in src/core)` },
        { selector: 'ImportExpression', message: `${CORE_MESSAGE} (and no dynamic import() in src/core)` },
      ],
    },
  },
  {
    // Outside the core, a lazy require() keeps startup fast (activation budget P4, CLI start-up): allowed.
    files: ['src/cli/**/*.ts', 'src/vscode/**/*.ts', 'src/store/**/*.ts', 'src/workspace/**/*.ts', 'scripts/**', 'test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Tests poke at parsed JSON and at private shapes on purpose.
    files: ['test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
