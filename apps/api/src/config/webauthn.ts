import { isIP } from 'node:net';

// Where passkeys are valid (decision 0048). A passkey is bound to a domain, the relying party id:
// by default the host of PUBLIC_URL, and the browser's answers must come from that origin. A
// deployment serving the app under more origins (a www. name, say) lists them all.

export type WebauthnConfig = {
  /** The domain passkeys are made for ("invest.example.com"). */
  rpId: string;
  /** The name the browser shows when it asks ("Member Invest"). */
  rpName: string;
  /** Origins whose answers are accepted ("https://invest.example.com"). */
  origins: string[];
};

/**
 * The relying party from PUBLIC_URL, WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS (comma-separated), or
 * null when the id is an IP address: browsers refuse passkeys for those, so the feature is off.
 */
export function webauthnConfigOf(input: {
  publicUrl: string;
  rpId: string | undefined;
  origins: string | undefined;
  rpName: string;
}): WebauthnConfig | null {
  const rpId = input.rpId ?? new URL(input.publicUrl).hostname;
  if (isIP(rpId.replace(/^\[|\]$/g, ''))) return null;
  const listed = (input.origins ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const origins = listed.length > 0 ? listed : [new URL(input.publicUrl).origin];
  return { rpId, rpName: input.rpName, origins };
}
