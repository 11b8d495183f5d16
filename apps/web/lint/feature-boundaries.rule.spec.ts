// Lints snippets through the web's real ESLint config (apps/web/eslint.config.js),
// so a broken wiring of the rule fails here as well as a broken rule.
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import path from 'node:path';

const RULE = 'web/feature-boundaries';
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..'), ruleFilter: ({ ruleId }) => ruleId === RULE });

/** The boundary messages for `code` written at `file` (relative to apps/web). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  if (result === undefined) throw new Error(`ESLint returned no result for ${file}`);
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(fatal.map((m) => m.message).join('\n'));
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('web feature boundaries (lint)', () => {
  it('refuses a feature importing another feature and says to move the common part to shared/', async () => {
    const errors = await boundaryErrors(
      'src/features/jokes/components/JokeCard.tsx',
      "import { billingApi } from '../../subscription/api/billing.api';\nexport const api = billingApi;\n",
    );
    expect(errors).toEqual([
      'features/jokes/ must not import features/subscription/ (../../subscription/api/billing.api): features do not import each other; move what both need to shared/, or compose them in a page.',
    ]);
  });

  it('refuses a feature importing app/ or pages/', async () => {
    const errors = await boundaryErrors(
      'src/features/catalogue/hooks/use-catalogue-options.ts',
      "import { router } from '../../../app/router';\nimport { HomePage } from '../../../pages/home/HomePage';\nexport const all = [router, HomePage];\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^features\/catalogue\/ must not import app\//);
    expect(errors[1]).toMatch(/^features\/catalogue\/ must not import pages\//);
  });

  it('refuses shared/ importing a feature, pages/ or app/', async () => {
    const errors = await boundaryErrors(
      'src/shared/ui/Panel.tsx',
      [
        "import { jokesApi } from '../../features/jokes/api/jokes.api';",
        "import { HomePage } from '../../pages/home/HomePage';",
        "import { App } from '../../app/App';",
        'export const all = [jokesApi, HomePage, App];',
      ].join('\n'),
    );
    expect(errors.map((e) => e.split(' (')[0])).toEqual([
      'shared/ must not import features/jokes/',
      'shared/ must not import pages/',
      'shared/ must not import app/',
    ]);
  });

  it('refuses a page importing app/, which composes the pages', async () => {
    const errors = await boundaryErrors('src/pages/home/HomePage.tsx', "export { router } from '../../app/router';\n");
    expect(errors).toEqual([expect.stringMatching(/^pages\/ must not import app\/ \(\.\.\/\.\.\/app\/router\)/)]);
  });

  it('checks dynamic imports, re-exports and module mocks as well as static imports', async () => {
    const errors = await boundaryErrors(
      'src/features/jokes/components/JokeCard.spec.tsx',
      [
        "import { jest } from '@jest/globals';",
        "jest.unstable_mockModule('../../accounts/api/accounts.api', () => ({}));",
        "export * from '../../support/utils/timeline';",
        "export const later = () => import('../../analytics/api/analytics.api');",
      ].join('\n'),
    );
    expect(errors.map((e) => e.split(' (')[0])).toEqual([
      'features/jokes/ must not import features/accounts/',
      'features/jokes/ must not import features/support/',
      'features/jokes/ must not import features/analytics/',
    ]);
  });

  it('keeps the test harness out of production code but lets specs use it', async () => {
    const code = "import { renderApp } from '../../testing/render-app';\nexport const r = renderApp;\n";
    expect(await boundaryErrors('src/pages/home/HomePage.tsx', code)).toEqual([
      expect.stringMatching(/^pages\/ must not import testing\/.*the test harness is for specs only\.$/),
    ]);
    expect(await boundaryErrors('src/pages/home/HomePage.spec.tsx', code)).toEqual([]);
  });

  it('allows the downward directions: own feature, shared from anywhere, features into pages, everything into app/', async () => {
    const allowed: Array<[string, string]> = [
      ['src/features/jokes/components/JokeCard.tsx', "import { x } from '../hooks/use-joke-rating';\nimport { y } from '../../../shared/store/hooks';\nexport const a = [x, y];"],
      ['src/pages/home/HomePage.tsx', "import { x } from '../../features/jokes/components/JokeCard';\nimport { y } from '../../features/catalogue/components/LengthSelect';\nimport { z } from '../../shared/ui/Panel';\nexport const a = [x, y, z];"],
      ['src/app/router.tsx', "import { x } from '../pages/home/HomePage';\nimport { y } from '../features/accounts/components/AuthProvider';\nimport { z } from '../shared/store/store';\nexport const a = [x, y, z];"],
      ['src/shared/store/store.ts', "import { x } from '../api/base-api';\nimport { y } from '@reduxjs/toolkit';\nexport const a = [x, y];"],
      ['src/main.tsx', "import { x } from './app/App';\nexport const a = x;"],
    ];
    for (const [file, code] of allowed) expect({ file, errors: await boundaryErrors(file, code) }).toEqual({ file, errors: [] });
  });
});
