import { BadRequestException, PipeTransform } from '@nestjs/common';
import { ZodType } from 'zod';

/** Parses a request part with the shared libs schema; the first problem becomes the 400 message. */
export class ZodPipe<Output> implements PipeTransform<unknown, Output> {
  // Public so the reliability suite can find which schema guards which operation.
  constructor(readonly schema: ZodType<Output>) {}

  transform(value: unknown): Output {
    const result = this.schema.safeParse(value);
    if (!result.success) throw new BadRequestException(result.error.issues[0].message);
    return result.data;
  }
}
