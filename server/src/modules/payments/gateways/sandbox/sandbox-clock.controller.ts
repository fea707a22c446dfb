import { BadRequestException, Body, Controller, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock, MovableClock } from '../../../../infrastructure/clock/clock';
import { Public } from '../../../../infrastructure/http/public.decorator';
import { DueRentChargesRun, PostDueRentCharges } from '../../contracts/post-due-rent-charges.command';
import { AutopayRunSummary, RunAutopay } from '../../contracts/run-autopay.command';

/**
 * POST /dev/clock: moves the server's clock forward (`{ "to": "<ISO time>" }`) or back to the
 * system's time (`{ "reset": true }`), then runs the rent charge and late fee job and the autopay job
 * at once, so a browser test can pass a grace period or reach a debit day without waiting (decisions
 * 0040, 0042). Development and tests only:
 * mounted with the sandbox's dev tools, never when NODE_ENV is production, and it answers 404 unless
 * the clock is the MovableClock that only a non-production AppModule builds. It moves this process's
 * clock: a worker in a process of its own (`npm run worker`) keeps the system's time.
 */
@ApiExcludeController()
@Public()
@Controller()
export class SandboxClockController {
  constructor(
    private readonly clock: Clock,
    private readonly commands: CommandBus,
  ) {}

  @Post('dev/clock')
  @HttpCode(200)
  async move(@Body() body: { to?: unknown; reset?: unknown } | undefined): Promise<{ status: 'success'; now: string; ran: DueRentChargesRun & { autopay: AutopayRunSummary } }> {
    if (!(this.clock instanceof MovableClock)) throw new NotFoundException(MESSAGES.notFound);
    if (body?.reset === true) {
      this.clock.reset();
    } else {
      const to = typeof body?.to === 'string' ? new Date(body.to) : null;
      if (!to || Number.isNaN(to.getTime()) || to.getTime() < this.clock.now().getTime()) {
        throw new BadRequestException('Send { "to": "<an ISO time later than the clock’s now>" } or { "reset": true }.');
      }
      this.clock.moveTo(to);
    }
    const charges = await this.commands.execute(new PostDueRentCharges());
    const autopay = await this.commands.execute(new RunAutopay());
    return { status: 'success', now: this.clock.now().toISOString(), ran: { ...charges, autopay } };
  }
}
