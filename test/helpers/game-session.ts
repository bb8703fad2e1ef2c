import type { Bot } from 'mineflayer';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { joinBot, leave } from './bots.js';
import { api, startTestGatehouse, type ApiResponse, type TestGatehouse } from './gatehouse.js';

export interface GameSession {
  readonly server: TestGatehouse;
  readonly gamePort: number;
  /** A request with the service token (an admin). */
  admin(method: string, urlPath: string, body?: unknown): Promise<ApiResponse>;
  /** A bot that joins now and leaves after the test. */
  join(name: string): Promise<Bot>;
}

/**
 * Mocha hooks for a suite that plays on one Gatehouse with its embedded
 * server: started before the suite, bots sent away after each test, stopped
 * after the suite. Call inside `describe`.
 */
export function useGameSession(serviceToken: string): GameSession {
  let server: TestGatehouse | undefined;
  const bots: Bot[] = [];
  const session: GameSession = {
    get server() {
      if (!server) throw new Error('the session has not started');
      return server;
    },
    get gamePort() {
      return (session.server.gatehouse.game as EmbeddedGameServer).port;
    },
    admin: (method, urlPath, body) => api(session.server.baseUrl, method, urlPath, { token: serviceToken, body }),
    join: async (name) => {
      const bot = await joinBot(session.gamePort, name);
      bots.push(bot);
      return bot;
    },
  };
  before(async function () {
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
    });
  });
  afterEach(async function () {
    await Promise.all(bots.splice(0).map((bot) => leave(bot)));
  });
  after(async function () {
    await server?.stop();
  });
  return session;
}
