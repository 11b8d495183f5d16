// The web's folder boundaries (STYLE.md "The web app is feature folders",
// bulletproof-react's "unidirectional codebase"): shared -> features -> pages -> app.
// A local rule rather than eslint-plugin-import's no-restricted-paths (not a
// dependency here): every internal import is relative, so the rule resolves the
// specifier against the importing file and compares the two folders, which a
// string pattern in no-restricted-imports cannot do at every depth.
import path from 'node:path';

const SPEC = /\.spec\.tsx?$/;

/** The folder of src a file belongs to: `features/<name>`, `shared`, `pages`, `app`, `testing`, or null (outside src, main.tsx). */
export function areaOf(srcRoot, file) {
  const parts = path.relative(srcRoot, file).split(path.sep);
  if (parts.length < 2 || parts[0] === '..') return null;
  if (parts[0] === 'features') return parts.length > 2 ? `features/${parts[1]}` : 'features';
  return ['shared', 'pages', 'app', 'testing'].includes(parts[0]) ? parts[0] : null;
}

/** Why `from` may not import `to`, or null when it may. */
export function refusal(from, to, fromSpec) {
  if (to === null || from === null || from === to) return null;
  // The test harness (fake server, fake auth, renderApp) never ships in the bundle.
  if (to === 'testing') return fromSpec ? null : 'the test harness is for specs only';
  if (from.startsWith('features/')) {
    if (to.startsWith('features')) return 'features do not import each other; move what both need to shared/, or compose them in a page';
    if (to === 'app' || to === 'pages') return 'what a feature needs from there belongs in shared/';
  }
  if (from === 'shared' && to !== 'shared') return 'shared/ sits below features, pages and app, and imports only shared/';
  if (from === 'pages' && to === 'app') return 'app/ composes the pages, not the reverse; move what both need to shared/';
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the feature folders of apps/web/src apart: features do not import each other, app/ or pages/; shared/ imports only shared/.' },
    schema: [{ type: 'object', properties: { srcRoot: { type: 'string' } }, required: ['srcRoot'], additionalProperties: false }],
    messages: { boundary: '{{from}} must not import {{to}} ({{specifier}}): {{why}}.' },
  },
  create(context) {
    const { srcRoot } = context.options[0];
    const file = context.filename;
    const from = areaOf(srcRoot, file);
    if (from === null || from === 'app' || from === 'testing') return {};
    const fromSpec = SPEC.test(file);

    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), node.value);
      const to = areaOf(srcRoot, target);
      const why = refusal(from, to, fromSpec);
      if (why !== null) {
        context.report({ node, messageId: 'boundary', data: { from: `${from}/`, to: `${to}/`, specifier: node.value, why } });
      }
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // jest.unstable_mockModule('../x', ...) replaces a module as an import would use it.
      CallExpression: (node) => {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && callee.object.name === 'jest' && /^(unstable_mockModule|mock)$/.test(callee.property.name)) {
          check(node.arguments[0]);
        }
      },
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundariesRule } };
