import { bigint, timestamp } from 'drizzle-orm/pg-core';

// Column kinds every schema file uses, written once: money and instants.

/** Micro-dollars: a bigint read as a JS bigint, never a number. */
export const micros = (name: string) => bigint(name, { mode: 'bigint' });

/** An instant (timestamptz) read as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When the row was written. */
export const createdAt = () => instant('created_at').notNull();
