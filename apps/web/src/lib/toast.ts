import { toast } from 'react-toastify';

/** Client contract: toasts disappear after 3 seconds. */
export const TOAST_DURATION_MS = 3000;

// The message doubles as the toast id: the same error raised by several requests at once
// (say, a 401 on every query of a screen) shows once instead of stacking copies.
export function notifyError(message: string): void {
  toast.error(message, { toastId: `error:${message}` });
}

export function notifySuccess(message: string): void {
  toast.success(message, { toastId: `success:${message}` });
}

/** Clears what no longer applies, e.g. a refused sign-in once the next attempt succeeds. */
export function dismissToasts(): void {
  toast.dismiss();
}
