import { lookup, type LookupAddress, type LookupOneOptions } from 'node:dns';
import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook (the chat's, or a subscription's) may point. An admin token must not become a way to
 * reach services inside the network (a router's admin page, a database,
 * cloud metadata at 169.254.169.254), so loopback, link-local, private,
 * shared and multicast ranges are refused unless the owner allows them
 * (`chat.allow-private-addresses`, for a relay on the LAN). The check runs
 * when the URL is set and again at connect time on the address actually
 * used, so a name that later resolves elsewhere gains nothing.
 */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return privateRanges.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Resolves the URL's host and refuses it when any of its addresses is private (unless allowed). */
export async function checkWebhookUrl(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate || url === '') return;
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((entry) => entry.address);
    } catch {
      throw new WebhookAddressError(`its host ${host} cannot be resolved`);
    }
  }
  const blocked = addresses.find(isPrivateAddress);
  if (blocked)
    throw new WebhookAddressError(`its host ${host} is ${blocked}, a loopback, private or link-local address (set chat.allow-private-addresses in config.yml to allow one)`);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses private addresses at connect time. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOneOptions, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      const blocked = allowPrivate ? undefined : list.find((entry) => isPrivateAddress(entry.address));
      if (blocked) return callback(Object.assign(new Error(`${hostname} is ${blocked.address}, a private address`), { code: 'EPRIVATE' }), '');
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
