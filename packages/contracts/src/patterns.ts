// Patterns fixed by the client contract.
/** Local part of letters, digits, dot, underscore or hyphen; @; domain; a final dot + 2–4 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/;
/** Exactly 10 digits, the first being 6 to 9. */
export const PHONE_PATTERN = /^[6-9]\d{9}$/;
/** The joined `mobile_number` of registration: a dial code (+ and 1–7 digits or hyphens) then the 10-digit number. */
export const MOBILE_NUMBER_PATTERN = /^\+\d[\d-]{0,6}[6-9]\d{9}$/;
/**
 * Registered ID / invitation id: 8 characters from an alphabet without look-alikes
 * (no 0/O, 1/I/L). Input is upper-cased before it is checked.
 */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_PATTERN = /^[2-9A-HJKMNP-Z]{8}$/;
/**
 * What an entered id may look like: codes are generated from the alphabet above, but some
 * (the demo's DEMOROOT, operator-chosen vanity ids) are not, so input only has to be plausible.
 */
export const REFERRAL_CODE_INPUT_PATTERN = /^[A-Z0-9]{6,16}$/;
export const MOBILE_MAX_LENGTH = 10;
export const OTP_PATTERN = /^\d{6}$/;
