import pino, { DestinationStream, Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import { AppConfig } from '../config/app-config';
import { chainLogFields } from '../messaging/envelope';

/** A failed query's parameters are people's data (emails, names, hashes): the SQL text is enough. */
function serializeError(error: Error): ReturnType<typeof pino.stdSerializers.err> {
  const serialized = pino.stdSerializers.err(error);
  delete serialized.parameters;
  return serialized;
}

/** Nest's account of its own start (each module loaded, each route mapped): nothing for a person to do. */
const NEST_START_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

export interface LogLine {
  msg?: string;
  context?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** A line's words in a person's terminal: 'GET /api/tenant/payments 201 34 ms' for a request, else 'Context: message'. */
export function terminalMessage(log: LogLine): string {
  if (log.req && log.res) return `${log.req.method} ${log.req.url} ${log.res.statusCode} ${log.responseTime} ms`;
  return `${log.context ? `${log.context}: ` : ''}${log.msg ?? ''}`;
}

/** Whether a line is Nest telling how it started, below a warning: left out of a person's terminal. */
export function isNestStartLine(fields: unknown, level: number): boolean {
  const context = typeof fields === 'object' && fields !== null ? (fields as LogLine).context : undefined;
  return level < pino.levels.values.warn && context !== undefined && NEST_START_CONTEXTS.has(context);
}

/**
 * `LOG_FORMAT=pretty` (development, `npm start`): one short line a person reads, made in the process
 * (not a worker thread) so the line's words can be chosen (terminalMessage), with an error's stack
 * below it. The message chain's ids stay in the JSON format.
 */
function terminal(): DestinationStream {
  // Loaded only here: pino-pretty is a development dependency, and production refuses `pretty`.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pinoPretty = require('pino-pretty') as typeof PinoPretty;
  return pinoPretty({
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,correlationId,causationId,context,req,res,responseTime',
    messageFormat: terminalMessage,
  });
}

/**
 * The process's one pino logger: Nest's Logger (nestjs-pino) and the request log write through it.
 * Every line carries the running message chain's correlationId and causationId (for an HTTP
 * request, its request id). Tests pass a destination to read the lines.
 */
export function createRootLogger(config: AppConfig, destination?: DestinationStream): Logger {
  const forPerson = config.env.LOG_FORMAT === 'pretty' && !destination;
  const options: pino.LoggerOptions = {
    level: config.env.LOG_LEVEL,
    mixin: chainLogFields,
    serializers: { err: serializeError },
    ...(forPerson && {
      hooks: {
        logMethod(args, write, level) {
          if (!isNestStartLine(args[0], level)) write.apply(this, args);
        },
      },
    }),
  };
  if (destination) return pino(options, destination);
  return forPerson ? pino(options, terminal()) : pino(options);
}
