/**
 * A pass-through that counts and hashes what flows through it: an archive's
 * entry as it is written (its size and SHA-256 go into the manifest) and as
 * it is read back (checked against the manifest).
 */
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

export interface ChecksumStream {
  stream: Transform;
  /** What went through, once it all has: its size and SHA-256 (hex). Asked once. */
  checksum(): { bytes: number; sha256: string };
}

/** `onChunk` is told each chunk's size as it passes (a progress count). */
export function checksumStream(onChunk: (bytes: number) => void = () => undefined): ChecksumStream {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform: (chunk: Buffer, _encoding, done) => {
      hash.update(chunk);
      bytes += chunk.length;
      onChunk(chunk.length);
      done(null, chunk);
    },
  });
  return { stream, checksum: () => ({ bytes, sha256: hash.digest('hex') }) };
}
