/** How the PostgreSQL store reaches its database: `storage.postgresql` in config.yml, address split into host and port. */
export interface PostgresSettings {
  host: string;
  port: number;
  database: string;
  username: string;
  password: string;
  /** Connections kept open at most; a unit of work holds one until it ends. */
  poolSize: number;
  /** Put before every table, index, sequence and function name, so several applications (or networks) can share a database. */
  tablePrefix: string;
}

export const defaultPostgresPort = 5432;

/** Letters, digits and `_`, starting with a letter or `_`: the prefix goes into SQL unquoted. */
export const tablePrefixPattern = '^([a-z_][a-z0-9_]{0,23})?$';

/**
 * `host`, `host:port`, `[v6]` or `[v6]:port` (as LuckPerms writes it);
 * undefined when it is none of these.
 */
export function parseAddress(address: string): { host: string; port: number } | undefined {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]\s]+))(?::(\d{1,5}))?$/.exec(address.trim());
  if (!match) return undefined;
  const port = match[3] === undefined ? defaultPostgresPort : Number(match[3]);
  if (port < 1 || port > 65535) return undefined;
  return { host: match[1] ?? match[2]!, port };
}
