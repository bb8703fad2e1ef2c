import { expect } from 'chai';
import { FailureThrottle } from '../../src/lib/failure-throttle.js';

describe('FailureThrottle', function () {
  let now = 0;
  const clock = () => now;
  beforeEach(function () {
    now = 1_000_000;
  });

  it('blocks a key after the limit within the window and says for how long', function () {
    const throttle = new FailureThrottle(3, 60_000, clock);
    throttle.recordFailure(['address:1']);
    now += 10_000;
    throttle.recordFailure(['address:1']);
    expect(throttle.retryAfterSeconds(['address:1'])).to.equal(0);
    throttle.recordFailure(['address:1']);
    expect(throttle.retryAfterSeconds(['address:1'])).to.equal(50);
    expect(throttle.retryAfterSeconds(['address:2'])).to.equal(0);
  });

  it('lets a key through again once its oldest counted failure leaves the window', function () {
    const throttle = new FailureThrottle(2, 60_000, clock);
    throttle.recordFailure(['k']);
    now += 30_000;
    throttle.recordFailure(['k']);
    expect(throttle.retryAfterSeconds(['k'])).to.equal(30);
    now += 30_001;
    expect(throttle.retryAfterSeconds(['k'])).to.equal(0);
  });

  it('checks every key given and answers the longest wait', function () {
    const throttle = new FailureThrottle(1, 60_000, clock);
    throttle.recordFailure(['account:a']);
    now += 20_000;
    throttle.recordFailure(['address:x']);
    expect(throttle.retryAfterSeconds(['address:y', 'account:a'])).to.equal(40);
    expect(throttle.retryAfterSeconds(['account:a', 'address:x'])).to.equal(60);
  });

  it('forgets the oldest keys beyond its bound', function () {
    const throttle = new FailureThrottle(1, 60_000, clock, 3);
    for (const key of ['a', 'b', 'c', 'd']) throttle.recordFailure([key]);
    expect(throttle.retryAfterSeconds(['a'])).to.equal(0);
    expect(throttle.retryAfterSeconds(['d'])).to.be.greaterThan(0);
  });
});
