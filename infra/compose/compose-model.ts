import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

export const root = resolve(import.meta.dirname, '../..');

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string };
  command?: string[];
  environment?: Record<string, string | number | null>;
  depends_on?: Record<string, { condition: string }> | string[];
  network_mode?: string;
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  healthcheck?: { test: string[] };
}

export interface ComposeFile {
  name: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** The file as compose reads it: anchors and `<<` merge keys resolved. */
export function loadCompose(file = 'docker-compose.yml'): ComposeFile {
  return parse(readFileSync(join(root, file), 'utf8'), { merge: true }) as ComposeFile;
}

/** `${NAME:-default}` as compose substitutes it when NAME is unset (the checks use the defaults, not this machine's settings). */
export function interpolate(value: string | number | null | undefined): string {
  return String(value ?? '').replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?\}/g, (_, fallback: string | undefined) => fallback ?? '');
}

/** The workspace app a service runs (`node apps/<app>/dist/main.js`), if it runs one. */
export function appOf(service: ComposeService): string | undefined {
  return service.command?.join(' ').match(/^node apps\/([a-z0-9-]+)\/dist\/main\.js$/)?.[1];
}

export function dependencies(service: ComposeService): string[] {
  const dependsOn = service.depends_on ?? [];
  return Array.isArray(dependsOn) ? dependsOn : Object.keys(dependsOn);
}

/** The names of the environment variables a workspace app's code reads, with the libs it depends on. */
export function envNamesReadBy(app: string): Set<string> {
  const names = new Set<string>();
  for (const folder of [`apps/${app}`, ...workspaceLibs(`apps/${app}`)]) {
    for (const file of sources(join(root, folder, 'src'))) {
      const text = withoutComments(readFileSync(file, 'utf8'));
      for (const pattern of ENV_READS) for (const match of text.matchAll(pattern)) names.add(match[1]!);
    }
  }
  return names;
}

const ENV_READS = [
  /\benv\.([A-Z][A-Z0-9_]*)/g,
  /\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
  /\b(?:intFromEnv|requireEnv)\(\s*[\w.]+\s*,\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
];

/** Code only: a variable named in a comment is not read. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

/** `libs/<name>` folders an app or lib depends on (its package.json's @jokes/* entries), transitively. */
function workspaceLibs(folder: string, seen = new Set<string>()): string[] {
  const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    const lib = name.match(/^@jokes\/([a-z0-9-]+)$/)?.[1];
    if (!lib || seen.has(`libs/${lib}`) || !existsSync(join(root, 'libs', lib))) continue;
    seen.add(`libs/${lib}`);
    workspaceLibs(`libs/${lib}`, seen);
  }
  return [...seen];
}

/** Production sources: no specs, no test helpers. */
function sources(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return entry === 'testing' ? [] : sources(path);
    return /\.tsx?$/.test(entry) && !/\.spec\.tsx?$/.test(entry) ? [path] : [];
  });
}

export interface GatewayRoute {
  /** The loopback port the edge calls (a frontend's bind). */
  port: number;
  /** Each server behind it: the compose service and the port it is reached on. */
  servers: { service: string; port: number }[];
}

/** The routes of infra/gateway/haproxy.cfg: frontend binds joined to their backends' servers. */
export function gatewayRoutes(file = 'infra/gateway/haproxy.cfg'): GatewayRoute[] {
  const sections = readFileSync(join(root, file), 'utf8')
    .split(/^(?=frontend |backend )/m)
    .map((section) => ({ header: section.split('\n')[0]!.trim().split(/\s+/), body: section }));
  const backends = new Map(
    sections
      .filter(({ header }) => header[0] === 'backend')
      .map(({ header, body }) => [header[1]!, [...body.matchAll(/^\s*server\s+(\S+)\s+127\.0\.0\.1:(\d+)/gm)].map((m) => ({ service: m[1]!, port: Number(m[2]) }))]),
  );
  return sections
    .filter(({ header }) => header[0] === 'frontend')
    .flatMap(({ body }) => {
      const port = body.match(/^\s*bind\s+127\.0\.0\.1:(\d+)/m)?.[1];
      const backend = body.match(/^\s*default_backend\s+(\S+)/m)?.[1];
      return port && backend ? [{ port: Number(port), servers: backends.get(backend) ?? [] }] : [];
    });
}

/** The loopback ports the gateway itself listens on (its frontends, its own health). */
export function gatewayBinds(file = 'infra/gateway/haproxy.cfg'): number[] {
  return [...readFileSync(join(root, file), 'utf8').matchAll(/^\s*bind\s+127\.0\.0\.1:(\d+)/gm)].map((match) => Number(match[1]));
}
