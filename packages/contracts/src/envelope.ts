import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';

// The response envelope (decision 0002). Every answer of the API has one of these shapes.
export type ValidationResult = { field: string; reason: string };

export type SuccessEnvelope<T> = { status: 'success'; message: string; data: T };
export type ValidationErrorEnvelope = {
  status: 'error';
  message: [{ validation_results: ValidationResult[] }];
};
export type ErrorEnvelope = {
  status: 'error';
  message: string;
  error: ErrorCode;
  requestId?: string;
  /** What the client needs to go on, for the few errors that carry it (SECOND_FACTOR_REQUIRED). */
  data?: unknown;
};
export type Envelope<T> = SuccessEnvelope<T> | ValidationErrorEnvelope | ErrorEnvelope;

export type Page<T> = { data: T[]; page: number; pageSize: number; total: number };

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), message: z.string(), data });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), page: z.number(), pageSize: z.number(), total: z.number() });

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'Enter valid page.' })
    .int('Enter valid page.')
    .min(1, 'Enter valid page.')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Enter valid pageSize.' })
    .int('Enter valid pageSize.')
    .min(1, 'Enter valid pageSize.')
    .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** A business day in a query (YYYY-MM-DD). */
export const businessDay = z.iso.date('Enter valid date (YYYY-MM-DD).');

/** The optional `from` and `to` days of a list's date filter, both included. */
export const dayRangeShape = { from: businessDay.optional(), to: businessDay.optional() };

/** Refinement of a query with `dayRangeShape`: a To before From names `to`. */
export const isOrderedRange = (query: { from?: string | undefined; to?: string | undefined }) =>
  !(query.from && query.to && query.from > query.to);
export const reversedRange = { path: ['to'], message: 'To must not be before From' };
