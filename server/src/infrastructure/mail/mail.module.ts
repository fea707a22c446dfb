import { DynamicModule, Module, OnApplicationShutdown, Inject, Optional } from '@nestjs/common';
import { Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';
import { EmailDelivery } from './email-delivery';
import { DevMailboxController } from './dev-mailbox/dev-mailbox.controller';
import { SmtpSink } from './dev-mailbox/smtp-sink';
import { MAIL_TRANSPORT, createMailTransport } from './mail-transport';
import { MailProcessor } from './mail.processor';
import { MailQueue } from './mail-queue';
import { SentEmails } from './sent-emails';

export interface MailModuleOptions {
  /** Run the SMTP sink and mailbox page in this process (the API process in development). */
  devMailbox: boolean;
  /** Consume the `mail` queue in this process. */
  runWorker: boolean;
}

class MailShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(MAIL_TRANSPORT) private readonly transport: Transporter,
    @Optional() private readonly sink?: SmtpSink,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.transport.close();
    await this.sink?.close();
  }
}

@Module({})
export class MailModule {
  static register(options: MailModuleOptions): DynamicModule {
    const sinkProviders = options.devMailbox
      ? [
          {
            provide: SmtpSink,
            inject: [AppConfig],
            useFactory: async (config: AppConfig) => {
              const sink = new SmtpSink();
              await sink.listen(config.env.DEV_SMTP_PORT);
              return sink;
            },
          },
        ]
      : [];
    return {
      module: MailModule,
      global: true,
      controllers: options.devMailbox ? [DevMailboxController] : [],
      providers: [
        ...sinkProviders,
        {
          provide: MAIL_TRANSPORT,
          inject: [AppConfig, { token: SmtpSink, optional: true }],
          useFactory: (config: AppConfig, sink?: SmtpSink) => createMailTransport(sink?.url ?? config.smtpUrl),
        },
        MailQueue,
        MailShutdown,
        ...(options.runWorker ? [MailProcessor, EmailDelivery, SentEmails] : []),
      ],
      exports: [MailQueue, ...(options.runWorker ? [EmailDelivery] : []), ...(options.devMailbox ? [SmtpSink] : [])],
    };
  }
}
