import { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  /** The sender's Message-ID: the same on every copy of one outbox row's email. */
  messageId: string | null;
  text: string;
  html: string | null;
  receivedAt: string;
}

const KEPT_MESSAGES = 500;

/**
 * A real SMTP server that keeps what it receives in memory: the development and test
 * stand-in for a mail provider. Loopback only, no auth.
 */
export class SmtpSink {
  private readonly messages: ReceivedEmail[] = [];
  private nextId = 1;
  private readonly server: SMTPServer;
  private boundPort = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.store({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
              subject: parsed.subject ?? '',
              messageId: parsed.messageId ?? null,
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  async listen(port: number, host = '127.0.0.1'): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    this.boundPort = (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.boundPort}`;
  }

  /** Newest first. */
  list(): ReceivedEmail[] {
    return [...this.messages].reverse();
  }

  find(id: number): ReceivedEmail | undefined {
    return this.messages.find((message) => message.id === id);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private store(message: Omit<ReceivedEmail, 'id' | 'receivedAt'>): void {
    this.messages.push({ ...message, id: this.nextId++, receivedAt: new Date().toISOString() });
    if (this.messages.length > KEPT_MESSAGES) this.messages.shift();
  }
}
