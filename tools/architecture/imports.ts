import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';
import { projectRoot } from '../postgres.ts';

const root = projectRoot();

/** One import of a file: what it wrote, and the file of this repository it names (a relative import) or null (a package). */
export interface Import {
  specifier: string;
  target: string | null;
}

/** Every TypeScript file git knows under these folders (specs and test helpers included; built output is not tracked). */
export function sourceFiles(...folders: string[]): string[] {
  return execFileSync('git', ['ls-files', '-z', '--', ...folders], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'));
}

export function text(file: string): string {
  return readFileSync(join(root, file), 'utf8');
}

// The compiler's own pre-parser: static imports, re-exports, import() and
// require(), and nothing inside a comment or a string, which a regex would take.
export function importsOf(file: string): Import[] {
  return ts.preProcessFile(text(file), true, true).importedFiles.map(({ fileName: specifier }) => ({
    specifier,
    target: specifier.startsWith('.') ? posix.normalize(posix.join(dirname(file), specifier)).replace(/\.js$/, '.ts') : null,
  }));
}
