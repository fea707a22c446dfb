import { ArgumentMetadata, BadRequestException, PipeTransform } from '@nestjs/common';
import { MESSAGES } from '@rentwise/libs/messages';
import { isAcceptableText } from '@rentwise/libs/text';

const CHECKED = new Set<ArgumentMetadata['type']>(['body', 'query', 'param']);

/**
 * Runs before every endpoint's own pipes: a body, query or path parameter holding a string (or a
 * key) with a NUL byte or a lone surrogate is refused with a 400 here, once, instead of failing
 * as a 500 wherever PostgreSQL or a UTF-8 encoder meets it; so is one with a control character
 * (tab and line breaks aside) or a bidirectional control, in every text field alike, with the
 * same message. Walks iteratively, so deep JSON cannot overflow the stack.
 */
export class AcceptableTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (CHECKED.has(metadata.type) && !isAcceptable(value)) {
      throw new BadRequestException(MESSAGES.unsupportedCharacters);
    }
    return value;
  }
}

function isAcceptable(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!isAcceptableText(value)) return false;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, entry] of Object.entries(value)) {
        if (!isAcceptableText(key)) return false;
        pending.push(entry);
      }
    }
  }
  return true;
}
