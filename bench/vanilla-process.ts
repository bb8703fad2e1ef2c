/**
 * The stand-in vanilla server in a process of its own, for the RCON
 * benchmark: its work and garbage collection stay out of the process being
 * measured, as a real server's would. Driven over IPC: `{ join: name }`
 * answers `{ joined: name }`; it reports `{ port, logFile }` once listening.
 */
import { VanillaStandIn } from '../test/helpers/vanilla-stand-in.js';

const [password, directory] = process.argv.slice(2);
const standIn = await VanillaStandIn.start({ password: password!, directory: directory! });
process.on('message', (message: { join?: { name: string; at: [number, number, number] }; commands?: true }) => {
  if (message.join) void standIn.join(message.join.name, '10.0.0.1', message.join.at).then(() => process.send!({ joined: message.join!.name }));
  if (message.commands) process.send!({ commands: standIn.commands.length });
});
process.on('disconnect', () => void standIn.stop().then(() => process.exit(0)));
process.send!({ port: standIn.port, logFile: standIn.logFile });
