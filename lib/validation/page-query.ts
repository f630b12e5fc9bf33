import { z } from "@/lib/validation/zod";

/** Every list's page bounds (the public list, the studio's lists): limit at most 100, 20 by default. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE = 10_000_000;

const wholeNumber = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${name} must be a whole number of 1 or more` })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: `${name} must be 1 or more` }));

/**
 * `page` and `limit` of a studio list's query (inquiries, reports), as the public list reads them:
 * page from 1 (default 1, at most `maxPage`), limit clamped to `maxPageSize` (default `defaultPageSize`).
 */
export function pageQueryShape(bounds: { maxPage: number; maxPageSize: number; defaultPageSize: number }) {
  return {
    page: wholeNumber("page")
      .pipe(z.number().max(bounds.maxPage, { error: `page must be at most ${bounds.maxPage}` }))
      .optional()
      .transform((v) => v ?? 1)
      .meta({ description: "Page number, from 1 (default 1)" }),
    limit: wholeNumber("limit")
      .transform((v) => Math.min(v, bounds.maxPageSize))
      .optional()
      .transform((v) => v ?? bounds.defaultPageSize)
      .meta({ description: `Items per page (default ${bounds.defaultPageSize}); values above ${bounds.maxPageSize} are clamped` }),
  };
}
