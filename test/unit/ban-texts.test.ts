import { expect } from 'chai';
import { banRefusal, timeLeft } from '../../src/game/ban-texts.js';

describe('ban texts', function () {
  it('say the time left in its two largest units, at least a second', function () {
    expect(timeLeft(2 * 86_400_000 + 3 * 3_600_000 + 59_000)).to.equal('2d 3h');
    expect(timeLeft(5 * 3_600_000 + 12 * 60_000 + 7000)).to.equal('5h 12m');
    expect(timeLeft(3 * 60_000 + 20_000)).to.equal('3m 20s');
    expect(timeLeft(3_600_000)).to.equal('1h');
    expect(timeLeft(44_200)).to.equal('45s');
    expect(timeLeft(-5000)).to.equal('1s');
  });

  it('fill the reason, and the time left for a ban with an end', function () {
    const texts = { temporary: 'Banned: {reason} ({time} left)', permanent: 'Banned: {reason}' };
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(banRefusal(texts, { reason: 'griefing', expires: '2026-05-01T12:30:00Z' }, now)).to.equal('Banned: griefing (30m left)');
    expect(banRefusal(texts, { reason: 'griefing', expires: null }, now)).to.equal('Banned: griefing');
    expect(banRefusal(texts, { reason: 'said {time}', expires: '2026-05-01T12:00:45Z' }, now)).to.equal('Banned: said {time} (45s left)');
  });
});
