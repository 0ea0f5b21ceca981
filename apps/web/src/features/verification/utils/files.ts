import {
  MEMBER_FILE_MAX_BYTES,
  MEMBER_FILE_MEDIA_TYPES,
  MEMBER_FILE_TOO_LARGE,
  MEMBER_FILE_TYPE_REFUSED,
} from '@app/contracts';

const EXTENSIONS = /\.(jpe?g|png|heic|heif|pdf)$/i;

/**
 * What is wrong with a chosen file before it is sent, or null: the server checks the bytes
 * again; this only saves a phone the upload of a file that cannot pass. Some phones give a
 * HEIC photo no type, so the name's ending counts too.
 */
export function fileProblem(file: File): string | null {
  if (file.size > MEMBER_FILE_MAX_BYTES) return MEMBER_FILE_TOO_LARGE;
  const typed = (MEMBER_FILE_MEDIA_TYPES as readonly string[]).includes(file.type);
  if (!typed && !EXTENSIONS.test(file.name)) return MEMBER_FILE_TYPE_REFUSED;
  return null;
}

/** Whether the browser can draw it as a preview (HEIC and PDF are shown as a named file). */
export const isPreviewable = (file: File) =>
  file.type === 'image/jpeg' || file.type === 'image/png';

/** 1.2 MB, 340 KB. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
