import { Controller, Get, Header, NotFoundException, Param, ParseIntPipe, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../../config/app-config';
import { Public } from '../../http/public.decorator';
import { mailboxPagePolicy, renderMailboxPage } from './mailbox-page';
import { ReceivedEmail, SmtpSink } from './smtp-sink';

/** The page is /dev/mailbox; the JSON is /api/dev/mailbox/messages. Only mounted outside production, and only when no real SMTP server is configured. */
@ApiExcludeController()
@Public()
@Controller()
export class DevMailboxController {
  constructor(
    private readonly sink: SmtpSink,
    private readonly config: AppConfig,
  ) {}

  @Get('dev/mailbox')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  page(@Res({ passthrough: true }) reply: FastifyReply): string {
    // Its own policy: the emails' frames and the images they show (the logo at PUBLIC_URL).
    void reply.header('Content-Security-Policy', mailboxPagePolicy(this.config.env.PUBLIC_URL));
    return renderMailboxPage(this.sink.list());
  }

  @Get('dev/mailbox/messages')
  list(): { status: 'success'; rows: ReceivedEmail[] } {
    return { status: 'success', rows: this.sink.list() };
  }

  @Get('dev/mailbox/messages/:id')
  one(@Param('id', ParseIntPipe) id: number): ReceivedEmail {
    const message = this.sink.find(id);
    if (!message) throw new NotFoundException('No such message');
    return message;
  }
}
