// Lets a child process run the relay's TypeScript sources as Jest does
// (jest.preset.js): SWC compiles each file, `@jokes/*` resolves to the libs'
// sources and `./x.js` to `./x.ts`. Used with `node --import` by the crash test,
// which needs a real process to kill -9.
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync } from '@swc/core';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

registerHooks({
  resolve(specifier, context, nextResolve) {
    const lib = /^@jokes\/([a-z-]+)(\/testing)?$/.exec(specifier);
    if (lib) {
      const entry = lib[2] ? `libs/${lib[1]}/src/testing/index.ts` : `libs/${lib[1]}/src/index.ts`;
      return { url: pathToFileURL(`${root}${entry}`).href, shortCircuit: true };
    }
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!specifier.startsWith('.') || !specifier.endsWith('.js')) throw error;
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
    const filename = fileURLToPath(url);
    const { code } = transformSync(readFileSync(filename, 'utf8'), {
      filename,
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2023',
        keepClassNames: true,
      },
      module: { type: 'es6' },
      sourceMaps: 'inline',
    });
    return { format: 'module', source: code, shortCircuit: true };
  },
});
