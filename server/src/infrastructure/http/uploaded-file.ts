import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { FastifyRequest } from 'fastify';

/**
 * Reads the one uploaded file of a multipart request. Everything that can fail here is in the
 * request itself (not multipart, no boundary, a body cut off mid-file, a part without headers,
 * a file over the limit), so every failure is the client's: 413 for size, 400 for the rest,
 * with `message` for the person to act on.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  message: string,
  { extensions }: { extensions?: ReadonlySet<string> } = {},
): Promise<Buffer> {
  try {
    const file = await request.file();
    if (file && extensions && !hasAllowedExtension(file.filename, extensions)) {
      // Refused before reading: whatever is inside, a file named photo.php or photo.svg is not what we take.
      file.file.resume();
      throw new BadRequestException(message);
    }
    if (file) return await file.toBuffer();
  } catch (error) {
    if (error instanceof BadRequestException) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeException(message);
    // busboy's own errors ('Multipart: Boundary not found', 'Unexpected end of form') carry no code.
    throw new BadRequestException(message);
  }
  throw new BadRequestException(message);
}

/** A name without an extension passes (the content decides); one with an extension must end in an allowed one. */
function hasAllowedExtension(filename: string, extensions: ReadonlySet<string>): boolean {
  const name = filename.split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return !/[<>"]/.test(name);
  return extensions.has(name.slice(dot + 1).toLowerCase());
}
