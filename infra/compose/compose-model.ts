import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import type { Target } from '@jokes/server/core';

export const root = resolve(import.meta.dirname, '../..');

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string };
  command?: string[];
  environment?: Record<string, string | number | null>;
  depends_on?: Record<string, { condition: string }> | string[];
  network_mode?: string;
  networks?: Record<string, { ipv4_address?: string } | null> | string[];
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  healthcheck?: { test: string[] };
}

export interface ComposeFile {
  name: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  networks?: Record<string, { ipam?: { config?: { subnet?: string; ip_range?: string }[] } }>;
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

/** The target a service of apps/product runs (TARGET; `all` when unset, as libs/server's targetFromEnv reads it). */
export function targetOf(service: ComposeService): Target | undefined {
  if (appOf(service) !== 'product') return undefined;
  return (interpolate(service.environment?.TARGET) || 'all') as Target;
}

/**
 * The apps each target composes in its process (apps/product/src/targets.ts):
 * every one serves through the edge's front, and reads each app's settings.
 */
export const TARGET_APPS: Record<Target, string[]> = {
  all: ['edge', 'command-api', 'query-api', 'projectors', 'relay'],
  write: ['edge', 'command-api'],
  read: ['edge', 'query-api'],
  // The command side's application for its jobs, the projectors and the relay.
  backend: ['edge', 'command-api', 'projectors', 'relay'],
};

/** The names of the environment variables a service's process reads: its app's, and for a target those of the apps it composes. */
export function envNamesReadByService(service: ComposeService): Set<string> {
  const target = targetOf(service);
  const apps = [appOf(service)!, ...(target ? TARGET_APPS[target] : [])];
  return new Set(apps.flatMap((app) => [...envNamesReadBy(app)]));
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

export interface GatewayBackend {
  name: string;
  /** Each server behind it: the compose service (by its name on the compose network) and the port it is reached on. */
  servers: { service: string; port: number }[];
}

/** The backends of infra/gateway/haproxy.cfg with their servers. */
export function gatewayBackends(file = 'infra/gateway/haproxy.cfg'): GatewayBackend[] {
  return readFileSync(join(root, file), 'utf8')
    .split(/^(?=frontend |backend |defaults|global|resolvers )/m)
    .filter((section) => section.startsWith('backend '))
    .map((section) => ({
      name: section.split(/\s+/)[1]!,
      servers: [...section.matchAll(/^\s*server\s+\S+\s+([a-z0-9-]+):(\d+)/gm)].map((match) => ({ service: match[1]!, port: Number(match[2]) })),
    }));
}

/** The ports the gateway listens on (its frontends' binds, on every interface of its container). */
export function gatewayBinds(file = 'infra/gateway/haproxy.cfg'): number[] {
  return [...readFileSync(join(root, file), 'utf8').matchAll(/^\s*bind\s+(?:0\.0\.0\.0)?:(\d+)/gm)].map((match) => Number(match[1]));
}
