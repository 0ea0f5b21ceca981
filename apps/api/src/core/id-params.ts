import { z } from 'zod';
import { AppError } from '../lib/errors.ts';

/** The path parameters of every `/:id` route. */
export const idParams = z.object({ id: z.string().describe('The record id (a UUID)') });

const uuid = z.uuid();
export const isUuid = (value: string) => uuid.safeParse(value).success;

/**
 * The id of a `/:id` route, when it could name a record. Any other text names none, so it gets
 * the route's 404, exactly as an unknown id or another member's does: never a 422 that would
 * tell a prober the id's format was the problem.
 */
export function recordId(id: string, notFoundMessage: string): string {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', notFoundMessage);
  return id;
}
