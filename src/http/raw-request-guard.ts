import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ServiceError } from '../domain/errors';
import type { Logger } from '../logger';
import { httpStatusOf } from './error-status';
import { errorBody } from './errors';

/**
 * Answers, with the service's JSON error body, the requests Node's HTTP server settles before Koa sees them:
 * an unknown method token (`FOO / HTTP/1.1`, refused by the parser: 501 `not_implemented`), CONNECT (Node
 * closes the connection without a word unless someone listens: 501 too), and any other request that is not
 * HTTP (a NUL or control character in a header, say: 400 `invalid_argument`). Node's own answer to these is a
 * bare 400 or nothing. Logged at info: a client's malformed request is not the service's fault.
 */
export function guardRawRequests(server: Server, logger: Logger): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || !error.code?.startsWith('HPE_')) {
      socket.destroy();
      return;
    }
    const refusal =
      error.code === 'HPE_INVALID_METHOD'
        ? new ServiceError('not_implemented', 'This service does not implement that method')
        : new ServiceError('invalid_argument', 'The request is not valid HTTP', { reason: error.code });
    writeRefusal(socket, refusal, logger);
  });
  server.on('connect', (_request, socket: Duplex) => {
    writeRefusal(
      socket,
      new ServiceError('not_implemented', 'This service does not implement CONNECT'),
      logger,
    );
  });
}

function writeRefusal(socket: Duplex, error: ServiceError, logger: Logger): void {
  const requestId = randomUUID();
  const status = httpStatusOf[error.code];
  const body = JSON.stringify(errorBody(error, requestId));
  logger.info(
    { requestId, status, code: error.code, reason: error.details?.reason },
    'request refused unparsed',
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
