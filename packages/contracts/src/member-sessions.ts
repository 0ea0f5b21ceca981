import { z } from 'zod';

// A member's live sessions, one a signed-in browser (decision 0043): GET auth/sessions lists
// them, DELETE auth/sessions/:id and POST auth/sessions/end-others end them, and the console
// reads and ends a member's through operator/members/:id/sessions.

/** One answer for an unknown id, another member's session and one that has already ended. */
export const SESSION_NOT_FOUND = 'This session has already ended';
export const SESSION_ENDED = 'Session ended';
/** The answer when the session ended was the one asking: the member is signed out. */
export const SESSION_ENDED_HERE = 'Signed out';

/** What kind of machine a user agent names, for the icon beside it. */
export const DEVICE_KINDS = ['computer', 'phone', 'tablet', 'other'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export const memberSessionView = z.object({
  id: z.string(),
  /** "Chrome 131"; null when the user agent names no browser. */
  browser: z.string().nullable(),
  /** "Windows 10", "iOS 18.1"; null when it names no system. */
  os: z.string().nullable(),
  /** "Apple iPhone", "Computer", or "Unknown device". */
  device: z.string(),
  deviceKind: z.enum(DEVICE_KINDS),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** Its latest request (recorded at most once a minute); the asking session's is now. */
  lastActiveAt: z.string(),
  /** The session making this request; never true in the console. */
  current: z.boolean(),
});
export type MemberSessionView = z.infer<typeof memberSessionView>;

/** Live sessions, latest activity first: not ended, not idle for 30 minutes, not 12 hours old. */
export const memberSessionsData = z.object({ sessions: z.array(memberSessionView) });
export type MemberSessions = z.infer<typeof memberSessionsData>;

/** POST auth/sessions/end-others and the console's end-all: how many sessions were ended. */
export const endedSessionsData = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.infer<typeof endedSessionsData>;

/** "1 other session ended", "3 sessions ended", "No other session was signed in". */
export function endedSessionsMessage(ended: number, others: boolean): string {
  if (ended === 0) return others ? 'No other session was signed in' : 'No session was signed in';
  const noun = ended === 1 ? 'session' : 'sessions';
  return `${ended} ${others ? `other ${noun}` : noun} ended`;
}

/**
 * A session as a member recognises it: "Chrome 131 on Windows 10", "Unknown browser on Linux",
 * "Chrome 131", else the device's name ("Unknown device").
 */
export function sessionTitle(session: Pick<MemberSessionView, 'browser' | 'os' | 'device'>) {
  if (session.os) return `${session.browser ?? 'Unknown browser'} on ${session.os}`;
  return session.browser ?? session.device;
}
