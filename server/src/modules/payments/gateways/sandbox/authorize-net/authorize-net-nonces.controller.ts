import { Body, Controller, HttpCode, NotFoundException, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppConfig } from '../../../../../infrastructure/config/app-config';
import { Public } from '../../../../../infrastructure/http/public.decorator';
import { ZodPipe } from '../../../../../infrastructure/http/zod-body.pipe';
import { AcceptJsAnswer, AuthorizeNetSandbox, SANDBOX_ANET_NONCES_PATH } from './authorize-net.sandbox';

/** Accept.js's dispatchData: the merchant's login id and public key, and the card, as the Authorize.Net card form sends them. */
const secureDataSchema = z.strictObject({
  authData: z.strictObject({ apiLoginID: z.string().max(25), clientKey: z.string().max(100) }),
  cardData: z.strictObject({
    cardNumber: z.string().max(23),
    month: z.string().max(2),
    year: z.string().max(4),
    cardCode: z.string().max(4),
  }),
});

/**
 * The offline Authorize.Net's stand-in for Accept.js: turns a test card into a single-use payment nonce
 * of the merchant its login id and public key name. Outside /api (card data never reaches the product's API), never
 * mounted in production, and it refuses to answer there even if it were.
 */
@ApiExcludeController()
@Public()
@Controller(SANDBOX_ANET_NONCES_PATH)
export class AuthorizeNetNoncesController {
  constructor(
    private readonly config: AppConfig,
    private readonly sandbox: AuthorizeNetSandbox,
  ) {}

  @Post()
  @HttpCode(200)
  async createNonce(
    @Body(new ZodPipe(secureDataSchema)) { authData, cardData }: z.infer<typeof secureDataSchema>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AcceptJsAnswer> {
    if (this.config.isProduction) throw new NotFoundException();
    const answer = await this.sandbox.createNonce(authData, cardData);
    if (answer.messages.resultCode === 'Error') void reply.status(400);
    return answer;
  }
}
