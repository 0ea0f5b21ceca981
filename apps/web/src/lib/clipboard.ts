import { notifyError, notifySuccess } from './toast.ts';

/** Copies text and says so; a browser that refuses (no permission, plain HTTP) is told too. */
export async function copyToClipboard(text: string, copiedMessage: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(copiedMessage);
  } catch {
    notifyError('Copying is blocked by the browser; select the text and copy it instead');
  }
}
