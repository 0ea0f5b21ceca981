import { sql, type SQL } from 'drizzle-orm';
import { bigint, timestamp } from 'drizzle-orm/pg-core';

// Column kinds every schema file uses, written once: money and instants.

/** Micro-dollars: a bigint read as a JS bigint, never a number. */
export const micros = (name: string) => bigint(name, { mode: 'bigint' });

/** An instant (timestamptz) read as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When the row was written. */
export const createdAt = () => instant('created_at').notNull();

/**
 * A check's list of allowed values, `('a', 'b')`, from the contracts' list of the same values,
 * so the database refuses exactly what the contracts do not name. The values are constants of
 * our own (lower-case words), never input, so they are written into the SQL as they are.
 */
export const oneOf = (values: readonly string[]): SQL =>
  sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`);
