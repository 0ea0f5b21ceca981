import { paths } from '../config/paths.ts';

/** The member's balances: in the top bar of every signed-in screen, and the dashboard's wallets. */
export const WALLET_BALANCE_REQUEST = 'auth/wallet-balance';

/**
 * The GETs a signed-in visit's first screen shows: the frame's (balances, notifications) on
 * every signed-in screen, plus a screen's own. The early script (build/preload-signed-in.ts)
 * sends them as the page arrives, beside the app's own scripts; prefetchFirstScreen asks for
 * the same ones, and the API client takes the early answers (lib/early-responses.ts) instead
 * of asking again, so the data is not a round trip behind the code on a phone network.
 */
export const FRAME_REQUESTS = [WALLET_BALANCE_REQUEST, 'notification'];

export const SCREEN_REQUESTS: Record<string, string[]> = {
  // The verification banner sits above the wallets: drawn with them, it moves nothing later.
  [paths.dashboard]: [
    'auth/me',
    'package/todays-claim-status',
    'auth/unique-referal',
    'verification',
  ],
};
