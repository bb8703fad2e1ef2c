/**
 * flying-squid's packet handlers run inside the client socket's events; one
 * that throws on an unexpected packet (1.21.4 sends strings where it expects
 * numbers, for one) would throw out of the socket and take the whole process
 * down. Every client's emit is wrapped so such an error is logged and ends
 * that client's connection only.
 */
import type { SquidClient, SquidServer } from './flying-squid.js';

export function guardClients(serv: SquidServer, log: (message: string) => void): void {
  serv._server.on('connection', (client: SquidClient) => {
    const emit = client.emit.bind(client);
    client.emit = ((event: string | symbol, ...args: unknown[]) => {
      try {
        return emit(event, ...args);
      } catch (error) {
        log(`embedded game server: handling "${String(event)}" from ${client.username ?? 'a client'} failed, disconnecting it: ${(error as Error).stack ?? String(error)}`);
        try {
          client.end('Internal server error');
        } catch {
          // Already closed.
        }
        return true;
      }
    }) as SquidClient['emit'];
  });
}
