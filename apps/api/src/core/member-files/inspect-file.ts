import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  MEMBER_FILE_EMPTY,
  MEMBER_FILE_MAX_BYTES,
  MEMBER_FILE_TOO_LARGE,
  MEMBER_FILE_TYPE_REFUSED,
  MEMBER_FILE_UNREADABLE,
  type MemberFileMediaType,
} from '@app/contracts';
import { fieldError } from '../../lib/errors.ts';

// What a member's file is, from its bytes alone (the name and the Content-Type are the
// sender's word): JPEG, PNG, HEIC where sharp decodes it, or PDF. Images are decoded and
// encoded again, which drops every piece of metadata (EXIF with its GPS position, XMP, IPTC,
// comments) and anything hidden after the image data; a PDF is kept as sent.

/** Decoding stops past this many pixels (a 12,000 × 8,000 photo): a small file may unpack huge. */
const MAX_INPUT_PIXELS = 100_000_000;

export type CleanFile = { bytes: Buffer; mediaType: MemberFileMediaType };

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/heic', 'image/heif']);

/** The file cleaned for storage; refuses (422 naming `field`) a type, size or image it cannot take. */
export async function cleanMemberFile(bytes: Buffer, field = 'file'): Promise<CleanFile> {
  if (bytes.length === 0) throw fieldError(field, MEMBER_FILE_EMPTY);
  if (bytes.length > MEMBER_FILE_MAX_BYTES) throw fieldError(field, MEMBER_FILE_TOO_LARGE);
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === 'application/pdf') return { bytes, mediaType: 'application/pdf' };
  if (!detected || !IMAGE_TYPES.has(detected.mime))
    throw fieldError(field, MEMBER_FILE_TYPE_REFUSED);
  return reencodeImage(bytes, detected.mime === 'image/png', field);
}

/**
 * The image drawn again as JPEG (or PNG for a PNG: screenshots of text stay sharp), turned
 * upright by its EXIF orientation first, since the orientation goes with the rest. HEIC
 * becomes JPEG, which every browser shows.
 */
async function reencodeImage(bytes: Buffer, png: boolean, field: string): Promise<CleanFile> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    return png
      ? { bytes: await image.png().toBuffer(), mediaType: 'image/png' }
      : {
          bytes: await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer(),
          mediaType: 'image/jpeg',
        };
  } catch {
    // A HEIC sharp cannot decode (HEVC-coded, as most phones write them), or a damaged image.
    throw fieldError(field, MEMBER_FILE_UNREADABLE);
  }
}
