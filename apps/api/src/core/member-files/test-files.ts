// Files for the tests of the member file store and its users (imported by tests only).
import sharp from 'sharp';

/** The start of a Windows program ("MZ", the DOS stub's text), as an .exe renamed .jpg is. */
export const windowsExecutable = () =>
  Buffer.concat([
    Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000', 'hex'),
    Buffer.alloc(64),
    Buffer.from('This program cannot be run in DOS mode.\r\r\n$'),
    Buffer.alloc(512),
  ]);

/** A one-page PDF, smallest form. */
export const minimalPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** A 64 × 48 JPEG photo carrying EXIF with a GPS position, as a phone's camera writes it. */
export const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Camera 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100' },
    })
    .toBuffer();
