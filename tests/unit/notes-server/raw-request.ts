import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Body bytes handed to the connection before the answer arrived. */
  bytesSent: number;
}

export interface RawRequestOptions {
  method?: string;
  /** Sent byte for byte: fetch would resolve `..` and re-encode escapes before the server saw them. */
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string;
  /**
   * Streams `bytes` of body in 64 KiB chunks, stopping as soon as an answer arrives; with
   * `end: false` the request is left open after them, as a slow client would.
   */
  stream?: { bytes: number; end?: boolean };
  timeoutMs?: number;
}

/** One HTTP/1.1 request on its own connection, answered or rejected within `timeoutMs`. */
export function rawRequest(origin: string, options: RawRequestOptions): Promise<RawAnswer> {
  const { method = 'GET', path, headers = {}, body, stream, timeoutMs = 4000 } = options;
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const request = httpRequest({ host: hostname, port, method, path, headers, agent: false });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`No answer to ${method} ${path} within ${timeoutMs} ms.`));
    }, timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(timer);
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
          bytesSent,
        });
      });
    });
    // Once answered, the server may close while the rest of the body is still being written.
    request.on('error', (error) => {
      if (!answered) fail(error);
    });
    if (!stream) {
      bytesSent = body === undefined ? 0 : Buffer.byteLength(body);
      request.end(body);
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (!answered && bytesSent < stream.bytes) {
        const size = Math.min(chunk.length, stream.bytes - bytesSent);
        bytesSent += size;
        if (!request.write(chunk.subarray(0, size))) {
          request.once('drain', pump);
          return;
        }
      }
      if (!answered && stream.end !== false) request.end();
    };
    pump();
  });
}
