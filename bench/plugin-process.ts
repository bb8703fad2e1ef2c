/**
 * The Node stand-in plugin with 500 players online, in a process of its
 * own, for the players benchmark: the real plugin runs in the game's JVM,
 * so its work (the list made and written out at each read) and its garbage
 * collection stay out of the process being measured. Arguments: the
 * bridge's port and the token. It reports `{ connected: true }` once the
 * sidecar took its hello, and ends when its parent goes.
 */
import { FakePlugin } from '../test/helpers/fake-plugin.js';

const [port, token] = process.argv.slice(2);
const plugin = await FakePlugin.connect(Number(port));
const players = Array.from({ length: 500 }, (_, index) => ({
  name: `Crowd${index}`,
  uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  ipAddress: `10.0.${Math.floor(index / 250)}.${index % 250}`,
  location: { world: 'world', x: index, y: 64, z: -index, yaw: 0, pitch: 0 },
  gameMode: 'survival',
  ping: 20 + (index % 40),
}));
plugin.handlers.set('operators.isOperator', () => false);
plugin.handlers.set('players.online', () => players);
plugin.handlers.set('teleports.worlds', () => ['world', 'world_nether', 'world_the_end']);
plugin.handlers.set('performance.ticks', () => ({ oneMinute: 19.98, fiveMinutes: 19.99, fifteenMinutes: 20, millisecondsPerTick: 12.5 }));
plugin.handlers.set('performance.memory', () => ({ usedBytes: 2_000_000_000, maxBytes: 4_000_000_000 }));
const answer = await plugin.hello(token!, ['operators', 'teleports', 'performance', 'whitelist', 'messaging']);
if (answer.error) throw new Error(`the sidecar refused the stand-in's hello: ${answer.error.message}`);
process.send!({ connected: true });
process.on('disconnect', () => {
  plugin.close();
  process.exit(0);
});
