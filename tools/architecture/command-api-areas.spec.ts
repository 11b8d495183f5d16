import { describe, expect, it } from '@jest/globals';
import { importsOf, sourceFiles } from './imports.ts';

// The top-level folders of the command API ("areas": auth, billing, jokes, ...)
// show its architecture only if their imports run one way: features stand on
// the plumbing (http, infrastructure), never the reverse, and no two areas lean
// on each other, directly or round a longer loop. Specs and test helpers count
// too: a test helper that reaches back up is the same knot, found later. Only
// an area's spec may import the root's harness, which starts the whole app.
const SRC = 'apps/command-api/src/';
/**
 * The files directly in src (app.module.ts, main.ts, the error filter's list)
 * and testing/ (the harness that starts the whole app): the composition root,
 * which imports every area and stands above them all.
 */
const ROOT = '(root)';
/** Areas every feature stands on, lowest first: each imports only those before it. */
const PLUMBING = ['infrastructure', 'http'];

function areaOf(file: string): string {
  const [first, ...rest] = file.slice(SRC.length).split('/');
  return rest.length === 0 || first === 'testing' ? ROOT : first!;
}

const isSpec = (file: string) => file.endsWith('.spec.ts');

/** area -> area it imports -> the imports that make that arrow ("file -> file"). */
function areaGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(SRC)) {
    const from = areaOf(file);
    const arrows = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
    for (const { target } of importsOf(file)) {
      // An area's integration spec starts the whole app: that is the root above it, not another area under it.
      if (!target?.startsWith(SRC) || areaOf(target) === from || (areaOf(target) === ROOT && isSpec(file))) continue;
      const to = areaOf(target);
      arrows.set(to, [...(arrows.get(to) ?? []), `${file.slice(SRC.length)} -> ${target.slice(SRC.length)}`]);
    }
  }
  return graph;
}

/** The strongly connected components of more than one area (Tarjan): each holds every cycle among its areas. */
function knots(graph: Map<string, Map<string, string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (area: string): void => {
    index.set(area, index.size);
    low.set(area, index.get(area)!);
    stack.push(area);
    for (const next of graph.get(area)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(area, Math.min(low.get(area)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(area, Math.min(low.get(area)!, index.get(next)!));
    }
    if (low.get(area) !== index.get(area)) return;
    const component = stack.splice(stack.indexOf(area));
    if (component.length > 1) found.push(component.sort());
  };
  for (const area of [...graph.keys()].sort()) if (!index.has(area)) visit(area);
  return found;
}

describe('the areas of the command API', () => {
  const graph = areaGraph();

  it('import each other in no cycle, so every arrow between areas runs one way', () => {
    const cycles = knots(graph).map((component) => ({
      areas: component.join(' <-> '),
      imports: component.flatMap((from) =>
        [...(graph.get(from) ?? [])].filter(([to]) => component.includes(to)).flatMap(([, imports]) => imports),
      ),
    }));
    expect(cycles).toEqual([]);
  });

  it('keep the plumbing free of every feature: infrastructure imports no area, http only infrastructure', () => {
    const upward = PLUMBING.flatMap((area, level) =>
      [...(graph.get(area) ?? [])].filter(([to]) => !PLUMBING.slice(0, level).includes(to)).flatMap(([, imports]) => imports),
    );
    expect(upward).toEqual([]);
  });

  it('never import the composition root outside their specs', () => {
    const intoRoot = [...graph].filter(([from]) => from !== ROOT).flatMap(([, arrows]) => arrows.get(ROOT) ?? []);
    expect(intoRoot).toEqual([]);
  });
});
