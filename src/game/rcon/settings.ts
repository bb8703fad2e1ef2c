/** Where the vanilla server is and how to reach it: `game.rcon` in config.yml, as the RCON adapter takes it. */
export interface RconSettings {
  host: string;
  port: number;
  password: string;
  /** The server's directory (ops.json, whitelist.json, server.properties, logs/); empty when not on this machine. */
  serverDirectory: string;
  /** The server's log to follow for joins, leaves and refusals; empty for none. */
  logFile: string;
  requestTimeoutMs: number;
  /** The Server Management Protocol (1.21.9+): `ws://host:port`; empty when not used. */
  managementUrl: string;
  managementSecret: string;
}
