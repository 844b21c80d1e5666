import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'web/build/**', 'server/dist/**', 'contract/dist/**', 'web/.react-router/**', 'e2e/.tmp/**', 'data/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/app/**/*.tsx', 'web/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The browser calls the API through its typed client only (web/app/lib/api.ts, endpoints named in
      // the contract): a hand-written URL would bypass the types and the check of the answer.
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api(\\/|$)/]', message: 'Call the API by its endpoint name (lib/api.ts), not by a hand-written URL.' },
        { selector: 'TemplateElement[value.raw=/^\\/api(\\/|$)/]', message: 'Call the API by its endpoint name (lib/api.ts), not by a hand-written URL.' },
      ],
    },
  },
);
