/**
 * One POST to a webhook: the body as it is, with the headers given (a
 * signature), on a connection of its own whose address is checked against
 * private ranges where it connects (./address.ts). Redirects are not
 * followed. Only the status of a refusal is reported: the answer's body is
 * the webhook's, and echoing it would turn this into a way to read internal
 * services.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress } from './address.js';

export type Attempt =
  | { ok: true; status: number }
  | {
      ok: false;
      /** The status it answered, undefined when it did not answer. */
      status?: number;
      /** What a 429 asked to wait (Retry-After, or Discord's retry_after). */
      retryAfterMs?: number;
      /** Whether trying again may help (no answer, 429, 5xx). */
      retryable: boolean;
      reason: string;
    };

export interface SendOptions {
  timeoutMs: number;
  /** chat.allow-private-addresses: let a webhook be a loopback or LAN address. */
  allowPrivateAddresses: boolean;
}

export function postToWebhook(url: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<Attempt> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ ok: false, retryable: false, reason: 'the webhook URL is not a URL' });
    }
    // An address written in the URL is connected to without a lookup: check it here.
    const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
    if (!options.allowPrivateAddresses && isIP(literal) && isPrivateAddress(literal)) {
      return resolve({ ok: false, retryable: false, reason: `refused: ${literal} is a private address (chat.allow-private-addresses is off)` });
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      lookup: guardedLookup(options.allowPrivateAddresses) as never,
      // A connection of its own each time: every post is checked against private addresses where it connects.
      agent: false,
      timeout: options.timeoutMs,
    });
    const timer = setTimeout(() => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })), options.timeoutMs);
    timer.unref();
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === 'EPRIVATE') return resolve({ ok: false, retryable: false, reason: `refused: ${error.message} (chat.allow-private-addresses is off)` });
      if (error.code === 'ETIMEDOUT') return resolve({ ok: false, retryable: true, reason: `no answer within ${options.timeoutMs} ms` });
      resolve({ ok: false, retryable: true, reason: `cannot reach the webhook: ${error.code ?? error.message}` });
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      // Read a little for Discord's retry_after; never more, and never shown to anyone.
      response.on('data', (chunk: string) => {
        if (text.length < 4096) text += chunk;
      });
      response.on('error', () => undefined);
      response.on('end', () => {
        clearTimeout(timer);
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve({ ok: true, status });
        if (status === 429) {
          const header = response.headers['retry-after'];
          return resolve({ ok: false, status, retryable: true, retryAfterMs: retryAfterMs(typeof header === 'string' ? header : null, text), reason: 'rate limited (429)' });
        }
        resolve({ ok: false, status, retryable: status >= 500, reason: `the webhook answered ${status}` });
      });
    });
    request.end(body);
  });
}

/** Retry-After in seconds (header), or Discord's `retry_after` (seconds, may be fractional) in the body. */
function retryAfterMs(header: string | null, body: string): number {
  if (header && /^\d+(\.\d+)?$/.test(header.trim())) return Math.ceil(Number(header) * 1000);
  try {
    const seconds = (JSON.parse(body) as { retry_after?: unknown }).retry_after;
    if (typeof seconds === 'number' && seconds >= 0) return Math.ceil(seconds * 1000);
  } catch {
    // No JSON body: fall through to a default wait.
  }
  return 1000;
}
