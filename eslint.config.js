import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      // The dependency direction is checked, not hoped for (STYLE.md): the domain
      // imports nothing of ours, contracts only zod, the web no server code.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          banTransitiveDependencies: true,
          depConstraints: [
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [], allowedExternalImports: ['@jest/globals'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [], allowedExternalImports: ['zod', '@jest/globals'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'type:domain', 'type:contracts'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', 'type:domain', 'type:contracts'] },
            // The product's targets compose the apps (apps/product); nothing imports the composition.
            { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:app', 'type:lib', 'type:domain', 'type:contracts'] },
          ],
        },
      ],
    },
  },
];
