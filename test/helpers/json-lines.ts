import type { Socket } from 'node:net';

/**
 * Calls `onMessage` with each JSON object the socket sends, one per line, as
 * the bridge protocol frames them; for the tests' stand-ins of either side.
 */
export function onJsonLines(socket: Socket, onMessage: (message: any) => void): void {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const message = JSON.parse(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      onMessage(message);
    }
  });
}
