import { BadRequestException, PipeTransform } from '@nestjs/common';
import { MESSAGES } from '@rentwise/libs/messages';
import { z } from 'zod/mini';

/**
 * Parses a request part with the shared libs schema; the first problem becomes the 400 message.
 * A problem the schema has no words for (a body that is not an object, a field of the wrong type)
 * gets the catalogue's invalidRequest, never zod's own 'Invalid input: expected object, received null'.
 */
export class ZodPipe<Output> implements PipeTransform<unknown, Output> {
  // Public so the reliability suite can find which schema guards which operation.
  // Any zod 4 schema: the shared libs schemas are zod/mini (light in the browser), a few server-only ones classic.
  constructor(readonly schema: z.core.$ZodType<Output>) {}

  transform(value: unknown): Output {
    // Per-parse messages rank below the schema's own, so this only fills the gaps.
    const result = z.safeParse(this.schema, value, { error: () => MESSAGES.invalidRequest });
    if (!result.success) throw new BadRequestException(result.error.issues[0].message);
    return result.data;
  }
}
