import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPost {
  body: any;
  at: number;
}

/**
 * A chat webhook endpoint on 127.0.0.1 that records what it receives.
 * `respond` decides each answer (status, headers, body); by default 204.
 */
export async function startWebhookReceiver(
  respond: (index: number, request: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string; hang?: boolean } = () => ({ status: 204 }),
) {
  const received: ReceivedPost[] = [];
  let requests = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const answer = respond(requests++, request);
      if (answer.hang) return;
      if (answer.status >= 200 && answer.status < 300) received.push({ body: JSON.parse(text), at: Date.now() });
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
