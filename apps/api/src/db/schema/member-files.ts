import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { members } from './members.ts';

/** Raw bytes (bytea), read and written as a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Files a member sent (identity documents, ticket attachments), sealed with AES-256-GCM
 * (core/member-files): a copy of the database alone gives none of them up. In PostgreSQL, so
 * every instance reads the same store. `key_id` names the key that sealed the row, so a new
 * key can be introduced while older rows still open (decision 0055).
 */
export const memberFiles = pgTable(
  'member_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** What the file is for ('verification', 'ticket'): which feature may hand it out. */
    purpose: text('purpose').notNull(),
    /** The type read from the bytes as stored (after re-encoding), never the name's. */
    mediaType: text('media_type').notNull(),
    /** The plaintext's size in bytes. */
    byteSize: integer('byte_size').notNull(),
    keyId: text('key_id').notNull(),
    nonce: bytes('nonce').notNull(),
    authTag: bytes('auth_tag').notNull(),
    ciphertext: bytes('ciphertext').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_files_member_idx').on(t.memberId, t.purpose),
    index('member_files_key_idx').on(t.keyId),
  ],
);
