import { request as httpRequest, type ClientRequest } from 'node:http';

export { sleep, until } from '../../testing/wait.ts';

// A browser's price stream over a real socket, for the stream tests.

export type Stream = {
  request: ClientRequest;
  /** The data of each `pairs` event received so far. */
  events: string[];
  status: number;
  headers: Record<string, unknown>;
  /** The whole body of an answer that was not a stream (a refusal's envelope). */
  text: () => string;
  /** Settles once the connection is gone (the server ended the stream, or the test did). */
  closed: Promise<void>;
};

/** Opens GET market/stream and collects the data of each `pairs` event. */
export function openStream(port: number, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let body = '';
    let markClosed: () => void = () => undefined;
    const stream: Stream = {
      request: undefined as never,
      events: [],
      status: 0,
      headers: {},
      text: () => body,
      closed: new Promise((done) => (markClosed = done)),
    };
    stream.request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/market/stream',
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        agent: false,
      },
      (response) => {
        stream.status = response.statusCode ?? 0;
        stream.headers = response.headers;
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (/^event: pairs$/m.test(frame) && data) stream.events.push(data);
            end = buffer.indexOf('\n\n');
          }
        });
        response.on('error', () => undefined);
        response.on('close', markClosed);
        if (stream.status === 200) resolve(stream);
        else response.on('end', () => resolve(stream));
      },
    );
    stream.request.on('error', reject);
    stream.request.end();
  });
}
