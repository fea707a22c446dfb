import sharp from 'sharp';
import { normalisePhoto, NotAnImageError, PHOTO_SIZE_PX } from './photo-processing';

const image = (format: 'png' | 'jpeg', width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

describe('photo processing', () => {
  it('turns a landscape JPEG into a 512 px square WebP', async () => {
    const output = await normalisePhoto(await image('jpeg'));
    const metadata = await sharp(output).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: PHOTO_SIZE_PX, height: PHOTO_SIZE_PX });
  });

  it('drops EXIF, ICC and XMP metadata and applies the orientation', async () => {
    const tagged = await sharp(await image('jpeg', 400, 200))
      .withExif({ IFD0: { Copyright: 'secret camera owner' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();

    const metadata = await sharp(await normalisePhoto(tagged)).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('refuses text dressed as an image, and SVG', async () => {
    await expect(normalisePhoto(Buffer.from('not an image at all'))).rejects.toThrow(NotAnImageError);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await expect(normalisePhoto(svg)).rejects.toThrow(NotAnImageError);
  });

  it('refuses a truncated image', async () => {
    const png = await image('png');
    await expect(normalisePhoto(png.subarray(0, 100))).rejects.toThrow(NotAnImageError);
  });
});
