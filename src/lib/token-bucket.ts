/**
 * Token buckets by name: each holds up to `capacity` requests and refills
 * `capacity` every `windowSeconds`, smoothly, so a client may burst up to the
 * capacity and then goes at the window's pace. Kept in memory: each process
 * counts its own requests.
 */
export interface BucketPolicy {
  capacity: number;
  windowSeconds: number;
}

export interface BucketTake {
  allowed: boolean;
  /** Whole requests left after this one. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  fullInSeconds: number;
  /** When refused: seconds until one request is allowed. */
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  at: number;
  policy: BucketPolicy;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Takes one request from `name`'s bucket (made full, or re-made when the policy changed). */
  take(name: string, policy: BucketPolicy): BucketTake {
    const at = this.now();
    let bucket = this.buckets.get(name);
    if (!bucket || bucket.policy.capacity !== policy.capacity || bucket.policy.windowSeconds !== policy.windowSeconds) {
      bucket = { tokens: policy.capacity, at, policy };
      this.buckets.set(name, bucket);
    }
    const perMs = policy.capacity / (policy.windowSeconds * 1000);
    bucket.tokens = Math.min(policy.capacity, bucket.tokens + (at - bucket.at) * perMs);
    bucket.at = at;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    return {
      allowed,
      remaining: Math.floor(bucket.tokens),
      fullInSeconds: Math.ceil((policy.capacity - bucket.tokens) / perMs / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)),
    };
  }

  forget(name: string): void {
    this.buckets.delete(name);
  }
}
