// The demo's published sign-ins (README, start-up log). They exist only outside production, and
// no operator password configured for real use may be one of them.

export const DEMO_OPERATOR_EMAIL = 'operator@example.com';
export const DEMO_OPERATOR_PASSWORD = 'demo-operator-2026';
/**
 * Two finance operators with the same password, so the four-eyes adjustment (one proposes,
 * another approves) can be tried in the demo.
 */
export const DEMO_FINANCE_EMAILS = ['finance@example.com', 'finance2@example.com'] as const;
/** DEMOROOT's and the demo team's password unless DEMO_PASSWORD says otherwise. */
export const DEFAULT_DEMO_PASSWORD = 'demo-pass-2026';

export const isPublishedDemoPassword = (password: string) =>
  password === DEMO_OPERATOR_PASSWORD || password === DEFAULT_DEMO_PASSWORD;
