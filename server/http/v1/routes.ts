import type { AnyTRPCRouter } from '@trpc/server';
import { forEachOpenApiProcedure, getInputOutputParsers, unwrapZodType } from 'trpc-to-openapi';
import type { z } from 'zod';
import type { Meta } from '../../trpc/init';

export type Route = {
  method: string;
  pattern: RegExp;
  literalSegments: number;
  procedurePath: string;
  type: 'query' | 'mutation';
  meta: Meta;
  /** Top-level fields of the input object (for query-string coercion). */
  shape: Record<string, z.ZodType>;
};

function compile(path: string): { pattern: RegExp; literalSegments: number } {
  const segments = path.split('/').filter(Boolean);
  const source = segments
    .map((s) => (/^\{.+\}$/.test(s) ? `(?<${s.slice(1, -1)}>[^/]+)` : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  // Case-sensitive, like the rest of /v1.
  return { pattern: new RegExp(`^/${source}$`), literalSegments: segments.filter((s) => !s.startsWith('{')).length };
}

/** The REST surface, read from the routers' trpc-to-openapi metadata (built once). */
export function buildRoutes(router: AnyTRPCRouter): Route[] {
  const routes: Route[] = [];
  forEachOpenApiProcedure(router._def.procedures, ({ path, type, procedure, meta }) => {
    const { inputParser } = getInputOutputParsers(procedure as never);
    const unwrapped = unwrapZodType(inputParser as never, true) as { shape?: Record<string, z.ZodType> };
    routes.push({
      method: meta.openapi.method,
      ...compile(meta.openapi.path),
      procedurePath: path,
      type: type as Route['type'],
      meta: meta as Meta,
      shape: unwrapped.shape ?? {},
    });
  });
  // A literal segment beats a parameter: /products/policy before /products/{id}.
  return routes.sort((a, b) => b.literalSegments - a.literalSegments);
}

export type Match =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong_method'; allow: string[] }
  | { kind: 'none' };

export function matchRoute(routes: Route[], method: string, path: string): Match {
  const allow = new Set<string>();
  for (const route of routes) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    if (route.method === method) {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(m.groups ?? {})) {
        // Undecodable escapes name no record: NUL, which no stored id holds, stands for them
        // (the framing step answers link_not_found for it, after authentication).
        try {
          params[k] = decodeURIComponent(v);
        } catch {
          params[k] = '\u0000';
        }
      }
      return { kind: 'found', route, params };
    }
    allow.add(route.method);
  }
  return allow.size ? { kind: 'wrong_method', allow: [...allow].sort() } : { kind: 'none' };
}
