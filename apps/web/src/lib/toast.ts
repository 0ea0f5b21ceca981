/** Client contract: toasts disappear after 3 seconds. */
export const TOAST_DURATION_MS = 3000;

// react-toastify comes when the first toast does (the container, app/toaster.tsx, after the
// first screen): no first screen shows one, and it was a sixth of the first script's code.
// Toasts raised before the container mounts wait in its queue; in the order they were raised,
// as each waits for the same import.
const toastify = () => import('./toastify.ts').then(({ toast }) => toast);

// The message doubles as the toast id: the same error raised by several requests at once
// (say, a 401 on every query of a screen) shows once instead of stacking copies.
export function notifyError(message: string): void {
  void toastify().then((toast) => toast.error(message, { toastId: `error:${message}` }));
}

export function notifySuccess(message: string): void {
  void toastify().then((toast) => toast.success(message, { toastId: `success:${message}` }));
}

/** Clears what no longer applies, e.g. a refused sign-in once the next attempt succeeds. */
export function dismissToasts(): void {
  void toastify().then((toast) => toast.dismiss());
}
