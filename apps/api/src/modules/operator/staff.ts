import { and, desc, eq, gt, isNull, max } from 'drizzle-orm';
import {
  OPERATOR_EMAIL_TAKEN,
  OPERATOR_INVITE_INVALID,
  OPERATOR_INVITE_TTL_HOURS,
  OPERATOR_NOT_INVITED,
  OPERATOR_SELF_CHANGE,
  type OperatorRole,
  type StaffOperatorView,
} from '@app/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { operatorInvitations } from '../../db/schema/console.ts';
import { auditLog, operators, operatorSessions } from '../../db/schema/operators.ts';
import { withTransaction } from '../../ledger/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createToken, sha256 } from '../../lib/secrets.ts';
import { recordAudit } from '../../core/audit.ts';
import { queueInvitationMail } from './invitation-mail.ts';
import type { SessionOperator } from '../../core/sessions/operator-sessions.ts';

// Admins manage the people who run the platform: invite by email (the invited operator sets
// their own password through a one-time link), change a role, disable and enable. Nobody is
// deleted: the audit log keeps pointing at every operator who ever acted.

const HOUR_MS = 3_600_000;

/** Who acted and from where, for the audit row. */
export type Actor = { operator: SessionOperator; ip: string };

const notFound = () => new AppError('NOT_FOUND', 'Operator not found');

export async function listOperators(db: Db): Promise<StaffOperatorView[]> {
  const lastSignIn = db
    .select({ operatorId: auditLog.operatorId, at: max(auditLog.createdAt).as('at') })
    .from(auditLog)
    .where(eq(auditLog.action, 'auth.login'))
    .groupBy(auditLog.operatorId)
    .as('last_sign_in');
  const rows = await db
    .select({
      id: operators.id,
      email: operators.email,
      role: operators.role,
      status: operators.status,
      createdAt: operators.createdAt,
      lastSignInAt: lastSignIn.at,
    })
    .from(operators)
    .leftJoin(lastSignIn, eq(lastSignIn.operatorId, operators.id))
    .orderBy(desc(operators.createdAt));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
  }));
}

/** A fresh one-time invitation for `operatorId`; returns the token to mail (stored hashed). */
/** A new invitation link, its mail written in the same transaction; returns the mail's id. */
async function issueInvitation(
  tx: Executor,
  invited: { operatorId: string; email: string; publicUrl: string },
  actor: Actor,
  now: Date,
): Promise<string> {
  const token = createToken();
  const expiresAt = new Date(now.getTime() + OPERATOR_INVITE_TTL_HOURS * HOUR_MS);
  await tx.insert(operatorInvitations).values({
    operatorId: invited.operatorId,
    tokenHash: sha256(token),
    invitedBy: actor.operator.operatorId,
    createdAt: now,
    expiresAt,
  });
  const { email: to, publicUrl } = invited;
  return queueInvitationMail(tx, { to, token, publicUrl, expiresAt }, now);
}

/**
 * Invites a new operator. Their password hash is of a random secret nobody knows, so the
 * account cannot be signed in to until the invitation is accepted.
 */
export async function inviteOperator(
  db: Db,
  input: { email: string; role: OperatorRole; publicUrl: string },
  actor: Actor,
  now: Date,
): Promise<{ operator: StaffOperatorView; mailId: string }> {
  const unusableHash = await hashPassword(createToken());
  return withTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({
        email: input.email,
        passwordHash: unusableHash,
        role: input.role,
        status: 'invited',
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('CONFLICT', OPERATOR_EMAIL_TAKEN);
    const invited = { operatorId: created.id, email: created.email, publicUrl: input.publicUrl };
    const mailId = await issueInvitation(tx, invited, actor, now);
    await recordAudit(tx, {
      operatorId: actor.operator.operatorId,
      action: 'operator.invite',
      targetType: 'operator',
      targetId: created.id,
      detail: { email: created.email, role: created.role },
      ip: actor.ip,
      now,
    });
    return {
      mailId,
      operator: {
        id: created.id,
        email: created.email,
        role: created.role,
        status: created.status,
        createdAt: created.createdAt.toISOString(),
        lastSignInAt: null,
      },
    };
  });
}

/** A new link for an operator who has not accepted yet; earlier links stop working. */
export async function resendInvitation(
  db: Db,
  invited: { operatorId: string; publicUrl: string },
  actor: Actor,
  now: Date,
): Promise<{ mailId: string }> {
  const { operatorId, publicUrl } = invited;
  return withTransaction(db, async (tx) => {
    const [operator] = await tx
      .select()
      .from(operators)
      .where(eq(operators.id, operatorId))
      .for('update');
    if (!operator) throw notFound();
    if (operator.status !== 'invited') throw new AppError('CONFLICT', OPERATOR_NOT_INVITED);
    await tx
      .update(operatorInvitations)
      .set({ expiresAt: now })
      .where(
        and(
          eq(operatorInvitations.operatorId, operatorId),
          isNull(operatorInvitations.acceptedAt),
          gt(operatorInvitations.expiresAt, now),
        ),
      );
    const mailId = await issueInvitation(
      tx,
      { operatorId, email: operator.email, publicUrl },
      actor,
      now,
    );
    await recordAudit(tx, {
      operatorId: actor.operator.operatorId,
      action: 'operator.resend-invite',
      targetType: 'operator',
      targetId: operatorId,
      ip: actor.ip,
      now,
    });
    return { mailId };
  });
}

/** Invited at some point and never accepted (operators made from configuration have no invitation). */
async function neverAccepted(tx: Executor, operatorId: string): Promise<boolean> {
  const rows = await tx
    .select({ acceptedAt: operatorInvitations.acceptedAt })
    .from(operatorInvitations)
    .where(eq(operatorInvitations.operatorId, operatorId));
  return rows.length > 0 && rows.every((row) => row.acceptedAt === null);
}

/**
 * Changes a role or enables/disables an operator. An admin cannot change themselves (no one
 * locks the platform out by accident, and nobody promotes or demotes their own account).
 * Disabling ends the operator's sessions at once; an invited operator stays invited until
 * they accept, whatever the status asked.
 */
export async function updateOperator(
  db: Db,
  operatorId: string,
  change: { role?: OperatorRole; status?: 'active' | 'disabled' },
  actor: Actor,
  now: Date,
): Promise<void> {
  if (operatorId === actor.operator.operatorId)
    throw new AppError('CONFLICT', OPERATOR_SELF_CHANGE);
  await withTransaction(db, async (tx) => {
    const [operator] = await tx
      .select()
      .from(operators)
      .where(eq(operators.id, operatorId))
      .for('update');
    if (!operator) throw notFound();
    // Disabling an invited operator withdraws the invitation (accepting needs `invited`);
    // enabling one who never accepted makes them invited again, so a resent link can reach
    // them; otherwise an invited operator stays invited until they accept.
    let status = change.status ?? operator.status;
    if (operator.status === 'invited' && status === 'active') status = 'invited';
    if (status === 'active' && operator.status === 'disabled') {
      if (await neverAccepted(tx, operatorId)) status = 'invited';
    }
    const role = change.role ?? operator.role;
    await tx.update(operators).set({ role, status }).where(eq(operators.id, operatorId));
    if (status === 'disabled') {
      await tx
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(
          and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)),
        );
    }
    await recordAudit(tx, {
      operatorId: actor.operator.operatorId,
      action: 'operator.update',
      targetType: 'operator',
      targetId: operatorId,
      detail: {
        email: operator.email,
        from: { role: operator.role, status: operator.status },
        to: { role, status },
      },
      ip: actor.ip,
      now,
    });
  });
}

/**
 * Accepts an invitation: sets the password and activates the operator, once. An unknown,
 * used or expired link gets one answer. The caller then signs the operator in.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; password: string; ip: string },
  now: Date,
): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  return withTransaction(db, async (tx) => {
    const [invitation] = await tx
      .select({ id: operatorInvitations.id, operatorId: operatorInvitations.operatorId })
      .from(operatorInvitations)
      .innerJoin(operators, eq(operators.id, operatorInvitations.operatorId))
      .where(
        and(
          eq(operatorInvitations.tokenHash, sha256(input.token)),
          isNull(operatorInvitations.acceptedAt),
          gt(operatorInvitations.expiresAt, now),
          eq(operators.status, 'invited'),
        ),
      )
      .for('update');
    if (!invitation) throw new AppError('VALIDATION', OPERATOR_INVITE_INVALID);
    await tx
      .update(operatorInvitations)
      .set({ acceptedAt: now })
      .where(eq(operatorInvitations.id, invitation.id));
    const [operator] = await tx
      .update(operators)
      .set({ passwordHash, status: 'active' })
      .where(eq(operators.id, invitation.operatorId))
      .returning({ email: operators.email });
    await recordAudit(tx, {
      operatorId: invitation.operatorId,
      action: 'operator.accept-invite',
      targetType: 'operator',
      targetId: invitation.operatorId,
      ip: input.ip,
      now,
    });
    return { email: operator!.email };
  });
}
