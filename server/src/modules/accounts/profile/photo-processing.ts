import sharp from 'sharp';

/** Formats a person may upload, read from the bytes (never from the name or declared type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);
/** The names a photo may have: an image that comes as photo.php or photo.svg is refused, whatever is inside. */
export const PHOTO_FILE_EXTENSIONS: ReadonlySet<string> = new Set(['jpg', 'jpeg', 'jpe', 'jfif', 'png', 'webp', 'gif', 'heic', 'heif', 'tif', 'tiff']);
/** Refuses decompression bombs before decoding: 40 megapixels is more than any phone camera. */
const MAX_INPUT_PIXELS = 40_000_000;
export const PHOTO_SIZE_PX = 512;
export const PHOTO_CONTENT_TYPE = 'image/webp';

export class NotAnImageError extends Error {}

/**
 * A square 512 px WebP of the upload: turned upright from its EXIF orientation, then re-encoded,
 * which drops every piece of metadata (location, camera, comments) and anything hidden in the file.
 */
export async function normalisePhoto(upload: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw new NotAnImageError('Not a readable image');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new NotAnImageError(`Refused format: ${format ?? 'unknown'}`);
  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new NotAnImageError('Image could not be decoded');
  }
}
