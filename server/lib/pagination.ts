import { z } from 'zod';
import { answerSchema } from '../contracts/common';

// The one pagination helper: page query fields, the list envelope and has_more detection.

export const pageQuery = (max: number, fallback: number) => ({
  limit: z.number().int().min(1).max(max).default(fallback),
  offset: z.number().int().min(0).default(0),
});

/** The list envelope; `max` is the most items one answer holds (a page's upper limit), `extra` what a list adds. */
export const listOf = <T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(item: T, max = 200, extra?: E) =>
  answerSchema(z.object({
    ...(extra as E),
    object: z.literal('list'),
    resource: z.string().max(64),
    limit: z.number().int(),
    offset: z.number().int(),
    has_more: z.boolean(),
    data: z.array(item).max(max),
  }));

export type Page = { limit: number; offset: number };

/** Runs `fetch` for one row more than the page to learn has_more without a count query. */
export async function listPage<Row, Item>(
  resource: string,
  page: Page,
  fetch: (limit: number, offset: number) => Promise<Row[]>,
  present: (row: Row) => Item,
) {
  const rows = await fetch(page.limit + 1, page.offset);
  return {
    object: 'list' as const,
    resource,
    limit: page.limit,
    offset: page.offset,
    has_more: rows.length > page.limit,
    data: rows.slice(0, page.limit).map(present),
  };
}
