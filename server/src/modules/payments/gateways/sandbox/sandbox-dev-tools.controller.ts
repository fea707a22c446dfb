import { Body, Controller, Get, Logger, Post, Query, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { formatCents } from '@rentwise/libs/money';
import { acceptsBody } from '../../../../infrastructure/http/cross-site-defences';
import { Public } from '../../../../infrastructure/http/public.decorator';
import { PaymentGatewayError } from '../../../../infrastructure/providers/provider-errors';
import { SandboxDevTools } from './sandbox-dev-tools';
import { DevToolsNotice, renderSandboxDevToolsPage, SANDBOX_DEV_TOOLS_PATH } from './sandbox-dev-tools-page';
import { SandboxMoney } from './sandbox-money';
import { SandboxBankDebits } from './sandbox-bank-debits';

type Fields = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * GET/POST /dev/sandbox: the sandbox's money tools (refund, open and close a dispute, pay out a
 * landlord's balance). Development and tests only: mounted with the sandbox gateway, which AppConfig
 * refuses in production, and never registered when NODE_ENV is production.
 */
@ApiExcludeController()
@Public()
@Controller()
export class SandboxDevToolsController {
  private readonly logger = new Logger(SandboxDevToolsController.name);

  constructor(
    private readonly devTools: SandboxDevTools,
    private readonly money: SandboxMoney,
    private readonly bankDebits: SandboxBankDebits,
  ) {}

  @Get('dev/sandbox')
  async page(@Query() query: Fields, @Res() reply: FastifyReply): Promise<void> {
    const notice: DevToolsNotice | undefined = text(query.done)
      ? { tone: 'done', text: text(query.done) }
      : text(query.problem)
        ? { tone: 'problem', text: text(query.problem) }
        : undefined;
    const html = renderSandboxDevToolsPage(await this.devTools.overview(), notice);
    void reply
      .status(200)
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
      .header('Cache-Control', 'no-store')
      // Its forms post back here: under no-referrer they would carry `Origin: null`, which is refused.
      .header('Referrer-Policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  @Post('dev/sandbox')
  @RouteConfig(acceptsBody('application/x-www-form-urlencoded'))
  async act(@Body() body: Fields, @Res() reply: FastifyReply): Promise<void> {
    let query: Record<string, string>;
    try {
      query = { done: await this.perform(body) };
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) this.logger.error(error);
      query = { problem: error instanceof Error ? error.message : String(error) };
    }
    void reply
      .status(303)
      .header('Cache-Control', 'no-store')
      .header('Location', `${SANDBOX_DEV_TOOLS_PATH}?${new URLSearchParams(query).toString()}`)
      .send();
  }

  private async perform(body: Fields): Promise<string> {
    const account = text(body.account);
    switch (text(body.action)) {
      case 'refund': {
        const refund = await this.money.refund(account, text(body.charge));
        return `Refunded ${formatCents(refund.amountCents)} of ${refund.chargeId} (${refund.refundId}).`;
      }
      case 'open-dispute': {
        const dispute = await this.money.openDispute(account, text(body.charge));
        return `Dispute ${dispute.disputeId} opened on ${dispute.chargeId}: ${formatCents(dispute.amountCents)} withdrawn from the landlord's balance.`;
      }
      case 'win-dispute':
      case 'lose-dispute': {
        const outcome = text(body.action) === 'win-dispute' ? 'won' : 'lost';
        const dispute = await this.money.closeDispute(account, text(body.dispute), outcome);
        return `Dispute ${dispute.disputeId} ${outcome}.`;
      }
      case 'settle-bank-debit':
      case 'return-bank-debit': {
        const settle = text(body.action) === 'settle-bank-debit';
        const decided = await this.bankDebits.decide(account, text(body.charge), settle ? 'settle' : 'return_insufficient_funds');
        if (!decided) return `${text(body.charge)} was no longer processing.`;
        return settle ? `Bank payment ${text(body.charge)} settled.` : `Bank payment ${text(body.charge)} returned: insufficient funds.`;
      }
      case 'pay-out': {
        const payout = await this.money.payOut(account);
        return payout
          ? `Paid out ${formatCents(payout.amountCents)} to the landlord's bank (${payout.payoutId}).`
          : 'Nothing to pay out on that account.';
      }
      default:
        throw new PaymentGatewayError('Unknown action');
    }
  }
}
