import { applyDecorators, HttpStatus, type Type } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

/**
 * A write sent with an idempotency key answers 201 when it did the work now, and 200 with the first
 * answer when the same key comes again, so the client can tell a repeat from new work.
 */
export function ApiIdempotentAnswer(type: Type<unknown>, descriptions: { doneNow?: string; sentAgain: string }) {
  return applyDecorators(ApiCreatedResponse({ type, description: descriptions.doneNow }), ApiOkResponse({ type, description: descriptions.sentAgain }));
}

/** Sets the status ApiIdempotentAnswer documents: `created` is false when the key had done the work before. */
export function replyIdempotent(reply: FastifyReply, created: boolean): void {
  void reply.status(created ? HttpStatus.CREATED : HttpStatus.OK);
}
