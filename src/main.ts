/**
 * `npm start`: loads config.yml, starts the Gatehouse API and the embedded
 * game server, and reads console commands from stdin. Ctrl-C stops both.
 */
import { ConfigError, loadConfig, type Config } from './config/config.js';
import { startConsole } from './console.js';
import { startGatehouse, type Logger } from './gatehouse.js';
import { portalDirectory } from './http/portal.js';

const logger: Logger = {
  info: (message) => console.log(`[${new Date().toISOString()}] ${message}`),
  error: (message) => console.error(`[${new Date().toISOString()}] ERROR ${message}`),
};

// A console that went away (the terminal closed, the parent died) makes every
// write fail with EPIPE; that must not become an error of its own, let alone a
// loop of logging the failure to log.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

// Errors that escape every handler are logged, never allowed to end the process: a
// player or a client must not be able to stop the server by finding a bug.
process.on('unhandledRejection', (reason) => logger.error(`unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}`));
process.on('uncaughtException', (error) => {
  if ((error as NodeJS.ErrnoException).code === 'EPIPE') return;
  logger.error(`uncaught exception: ${error.stack ?? String(error)}`);
});

async function main(): Promise<void> {
  let config: Config;
  try {
    config = await loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Gatehouse cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const gatehouse = await startGatehouse(config, logger);
  const apiHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  logger.info(`Gatehouse API listening on http://${apiHost}:${gatehouse.apiPort}/api (bound to ${config.host})`);
  logger.info(
    portalDirectory()
      ? `Gatehouse portal on http://${apiHost}:${gatehouse.apiPort}/ (API at http://${apiHost}:${gatehouse.apiPort}/api)`
      : 'Gatehouse portal not built (npm run build makes it): only the API is served',
  );
  if (!config.portal.publicUrl) {
    logger.info(
      `/register sends players to the portal at ${gatehouse.portalAddress()}: set portal.public-url in config.yml to the address players reach it at (this machine's LAN address, or a public one)`,
    );
  }
  const [whereGameIs, ...ownerNotes] = gatehouse.game.describeForOwner();
  if (whereGameIs) logger.info(whereGameIs);
  if (config.game.connection === 'embedded' && !isLoopback(config.game.embedded.host)) {
    logger.info(
      `Anyone who can reach the game port can join under any name, an operator's too (offline mode: names are not checked with Mojang). To let in only players on this machine, set game.embedded.host: 127.0.0.1 in config.yml.`,
    );
  }
  logger.info(`Data directory: ${config.dataDirectory}`);
  for (const note of ownerNotes) logger.info(note);

  const { events } = gatehouse.game;
  events.on('join', ({ player, ipAddress }) => logger.info(`${player.name} joined the game from ${ipAddress}`));
  events.on('quit', ({ player }) => logger.info(`${player.name} left the game`));
  events.on('loginRefused', ({ name, ipAddress, reason }) => logger.info(`refused login of ${name} from ${ipAddress}: ${reason.split('\n')[0]}`));

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    logger.info('Stopping...');
    gatehouse
      .stop()
      .then(() => {
        logger.info('Stopped.');
        process.exit(0);
      })
      .catch((error: Error) => {
        logger.error(`while stopping: ${error.stack ?? error.message}`);
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const consoleInput = startConsole(gatehouse, stop);
  // Started by the Paper plugin, stdin is a pipe from the server: its end means the server is gone
  // (even killed with -9), and a sidecar left behind would hold the ports and an old token.
  if (process.env.GATEHOUSE_HOSTED === '1') {
    consoleInput.on('close', () => {
      logger.info('The Paper server that started this sidecar is gone (stdin closed); stopping');
      stop();
    });
  }
}

/** Only this machine can reach a server bound to it. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

main().catch((error: Error) => {
  console.error(`Gatehouse cannot start: ${error.message}`);
  process.exit(1);
});
