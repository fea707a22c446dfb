import { Injectable, NestMiddleware } from '@nestjs/common';
import { IncomingMessage, ServerResponse } from 'node:http';
import { requestIdOf } from '../http/request-id';
import { MessageChain } from './envelope';

/** Every HTTP request starts a message chain whose correlation id is the request id. */
@Injectable()
export class MessageChainMiddleware implements NestMiddleware {
  use(request: IncomingMessage, _response: ServerResponse, next: () => void): void {
    MessageChain.start(requestIdOf(request), next);
  }
}
