/**
 * minecraft-protocol writes every packet to a client through one stream: a
 * packet that cannot be written (a value past its field) fails that stream,
 * and from then on the client is sent nothing, keep-alives included, while
 * it still counts as online until it times out. Each client's stream is
 * made to drop such a packet instead and carry on; the failure is logged
 * once per kind of packet per server start.
 */
import type { SquidClient, SquidServer } from './flying-squid.js';

type Done = (error?: Error | null, data?: unknown) => void;

interface PacketStream {
  _transform(packet: { name: string }, encoding: BufferEncoding, done: Done): void;
}

export function guardSends(serv: SquidServer, log: (message: string) => void): void {
  const reported = new Set<string>();
  const guarded = new WeakSet<PacketStream>();
  const guard = (client: SquidClient, stream: PacketStream) => {
    guarded.add(stream);
    const transform = stream._transform.bind(stream);
    stream._transform = (packet, encoding, done) =>
      transform(packet, encoding, (error, data) => {
        if (!error) return done(null, data);
        if (!reported.has(packet.name)) {
          reported.add(packet.name);
          log(
            `embedded game server: a "${packet.name}" packet to ${client.username ?? 'a client'} could not be written and was dropped ` +
              `(${error.message}); such failures of "${packet.name}" are not logged again until the next start`,
          );
        }
        done();
      });
  };
  serv._server.on('connection', (client: SquidClient) => {
    const write = client.write.bind(client);
    // The stream is replaced at each change of protocol state: the one in use is guarded at its first packet.
    client.write = (name, params) => {
      const stream = (client as unknown as { serializer?: PacketStream }).serializer;
      if (stream && !guarded.has(stream)) guard(client, stream);
      write(name, params);
    };
  });
}
