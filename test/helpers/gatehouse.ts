import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config/config.js';
import { startGatehouse, type Gatehouse, type Logger } from '../../src/gatehouse.js';
import type { GamePort } from '../../src/game/port.js';

export interface TestGatehouse {
  gatehouse: Gatehouse;
  config: Config;
  baseUrl: string;
  dataDirectory: string;
  errors: string[];
  stop(): Promise<void>;
}

/** A throwaway data directory, removed by the caller. */
export async function temporaryDirectory(prefix = 'gatehouse-test-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

/**
 * A real Gatehouse on ephemeral ports (API and embedded game) with its own
 * temporary data directory, bound to 127.0.0.1. `adjust` edits the config
 * before start; bcrypt runs at its lowest cost to keep tests quick. New
 * accounts open with nothing unless `adjust` gives a starting balance, so a
 * test counts only the money it moves (the shipped default, 100, is
 * test/integration/new-player.test.ts's).
 */
export async function startTestGatehouse(
  adjust: (config: Config) => void = () => undefined,
  /** `checkAnswers` (on unless false): every answer checked against its schema; benchmarks turn it off to measure what production does. */
  overrides: { game?: GamePort; dataDirectory?: string; onInfo?: (line: string) => void; checkAnswers?: boolean } = {},
): Promise<TestGatehouse> {
  const dataDirectory = overrides.dataDirectory ?? (await temporaryDirectory());
  const config = await loadConfig(
    { GATEHOUSE_DATA: dataDirectory, GATEHOUSE_BACKUPS_DIRECTORY: `${dataDirectory}-backups`, GATEHOUSE_PORT: '0', GATEHOUSE_GAME_PORT: '0', GATEHOUSE_HOST: '127.0.0.1' },
    dataDirectory,
  );
  config.game.embedded.host = '127.0.0.1';
  config.accounts.bcryptRounds = 4;
  config.settings.economy.startingBalance = 0;
  // The tests' webhook receivers listen on loopback.
  config.chatAllowPrivateAddresses = true;
  // Backups beside the data directory (never in it, above), and none on a schedule unless the test says so.
  config.backups.schedule = { kind: 'off' };
  adjust(config);
  const errors: string[] = [];
  const logger: Logger = { info: overrides.onInfo ?? (() => undefined), error: (message) => errors.push(message) };
  const gatehouse = await startGatehouse(config, logger, { game: overrides.game, checkAnswers: overrides.checkAnswers ?? true });
  return {
    gatehouse,
    config,
    baseUrl: `http://127.0.0.1:${gatehouse.apiPort}`,
    dataDirectory,
    errors,
    stop: async () => {
      await gatehouse.stop();
      if (!overrides.dataDirectory) await rm(dataDirectory, { recursive: true, force: true });
      if (config.backups.directory === `${dataDirectory}-backups`) await rm(config.backups.directory, { recursive: true, force: true });
    },
  };
}

/**
 * A test Gatehouse whose game is the bridge: it waits on an ephemeral port for a plugin with `token`.
 * `adjust` edits the rest of the config (a shop.yml of the test's, a starting balance) before start.
 */
export function startBridgeGatehouse(token: string, requestTimeoutMs: number, options: { checkAnswers?: boolean; adjust?: (config: Config) => void } = {}): Promise<TestGatehouse> {
  return startTestGatehouse(
    (config) => {
      config.token = token;
      config.game.connection = 'bridge';
      config.game.bridge = { host: '127.0.0.1', port: 0, requestTimeoutMs };
      options.adjust?.(config);
    },
    { checkAnswers: options.checkAnswers },
  );
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** One HTTP request; a JSON body is sent with its content type unless `rawBody` is given. */
export async function api(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(baseUrl + urlPath, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the test sees the text.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}
