import pino, { DestinationStream, Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { chainLogFields } from '../messaging/envelope';

/**
 * The process's one pino logger: Nest's Logger (nestjs-pino) and the request log write through it.
 * Every line carries the running message chain's correlationId and causationId (for an HTTP
 * request, its request id). Tests pass a destination to read the lines.
 */
/** A failed query's parameters are people's data (emails, names, hashes): the SQL text is enough. */
function serializeError(error: Error): ReturnType<typeof pino.stdSerializers.err> {
  const serialized = pino.stdSerializers.err(error);
  delete serialized.parameters;
  return serialized;
}

export function createRootLogger(config: AppConfig, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.env.LOG_LEVEL,
    mixin: chainLogFields,
    serializers: { err: serializeError },
    ...(config.env.LOG_FORMAT === 'pretty' &&
      !destination && {
        transport: { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname,req.id' } },
      }),
  };
  return destination ? pino(options, destination) : pino(options);
}
