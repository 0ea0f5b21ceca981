import { describe, expect, it } from 'vitest';
import { endedSessionsMessage, sessionTitle } from './member-sessions.ts';

describe('sessionTitle', () => {
  it.each([
    [{ browser: 'Chrome 131', os: 'Windows 10' }, 'Chrome 131 on Windows 10'],
    [{ browser: null, os: 'debian 12' }, 'Unknown browser on debian 12'],
    [{ browser: 'Firefox 133', os: null }, 'Firefox 133'],
    [{ browser: null, os: null }, 'Unknown device'],
  ])('%o → %s', (names, title) => {
    expect(sessionTitle({ ...names, device: 'Unknown device' })).toBe(title);
  });
});

describe('endedSessionsMessage', () => {
  it('counts the sessions a member or an operator ended', () => {
    expect(endedSessionsMessage(0, true)).toBe('No other session was signed in');
    expect(endedSessionsMessage(1, true)).toBe('1 other session ended');
    expect(endedSessionsMessage(3, true)).toBe('3 other sessions ended');
    expect(endedSessionsMessage(0, false)).toBe('No session was signed in');
    expect(endedSessionsMessage(1, false)).toBe('1 session ended');
    expect(endedSessionsMessage(2, false)).toBe('2 sessions ended');
  });
});
