import pino, { DestinationStream, Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { chainLogFields } from '../messaging/envelope';

/**
 * The process's one pino logger: Nest's Logger (nestjs-pino) and the request log write through it.
 * Every line carries the running message chain's correlationId and causationId (for an HTTP
 * request, its request id). Tests pass a destination to read the lines.
 */
export function createRootLogger(config: AppConfig, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.env.LOG_LEVEL,
    mixin: chainLogFields,
    ...(config.env.LOG_FORMAT === 'pretty' &&
      !destination && {
        transport: { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname,req.id' } },
      }),
  };
  return destination ? pino(options, destination) : pino(options);
}
