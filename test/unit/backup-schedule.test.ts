/**
 * When backups are due (a time of day, an interval counted from the last
 * one), which archives retention keeps, and the schedule running in the
 * service: a backup that fails is not taken again at once.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { parseBackupSchedule } from '../../src/config/backup-schedule.js';
import { archivesToDelete } from '../../src/features/backups/retention.js';
import { nextBackupAt } from '../../src/features/backups/schedule.js';
import { BackupService } from '../../src/features/backups/service.js';
import { allStoreParts } from '../../src/features/index.js';
import { JsonStore } from '../../src/store/json/index.js';
import { FakeGame } from '../helpers/fake-game.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

const at = (text: string) => new Date(text);

describe('backup schedules and retention', function () {
  it('reads off, a time of day and an interval, and refuses the rest', function () {
    expect(parseBackupSchedule('off')).to.deep.equal({ kind: 'off' });
    expect(parseBackupSchedule('04:00')).to.deep.equal({ kind: 'daily', hour: 4, minute: 0 });
    expect(parseBackupSchedule('every 6h')).to.deep.equal({ kind: 'every', minutes: 360 });
    expect(parseBackupSchedule('every 30m')).to.deep.equal({ kind: 'every', minutes: 30 });
    for (const wrong of ['24:00', '4pm', 'every 2m', 'every 0h', 'every 745h', 'daily', '']) expect(parseBackupSchedule(wrong), wrong).to.equal(undefined);
  });

  it('is due at the next time of day, and an interval after the last backup (at once when overdue)', function () {
    const daily = { kind: 'daily', hour: 4, minute: 0 } as const;
    const now = new Date(2026, 10, 23, 3, 0);
    expect(nextBackupAt(daily, now, null)).to.deep.equal(new Date(2026, 10, 23, 4, 0));
    expect(nextBackupAt(daily, new Date(2026, 10, 23, 4, 0), null)).to.deep.equal(new Date(2026, 10, 24, 4, 0));
    const every = { kind: 'every', minutes: 360 } as const;
    expect(nextBackupAt(every, now, null)).to.deep.equal(new Date(now.getTime() + 6 * 3600_000));
    expect(nextBackupAt(every, now, new Date(now.getTime() - 3600_000))).to.deep.equal(new Date(now.getTime() + 5 * 3600_000));
    expect(nextBackupAt(every, now, new Date(now.getTime() - 7 * 3600_000))).to.deep.equal(now);
    expect(nextBackupAt({ kind: 'off' }, now, null)).to.equal(null);
  });

  it('keeps the newest archive of each of the last N days and M weeks, and everything when both are 0', function () {
    const archives = ['2026-11-23T10:00', '2026-11-23T04:00', '2026-11-22T04:00', '2026-11-21T04:00', '2026-11-14T04:00', '2026-11-07T04:00', '2026-10-31T04:00'].map((time) => ({
      name: time,
      createdAt: at(time),
    }));
    const deleted = (daily: number, weekly: number) => archivesToDelete(archives, daily, weekly).map((archive) => archive.name);
    // Two days: the 23rd's newest and the 22nd's; two weeks: the week of the 23rd (Monday) and the week before (its newest, the 22nd).
    expect(deleted(2, 2)).to.deep.equal(['2026-11-23T04:00', '2026-11-21T04:00', '2026-11-14T04:00', '2026-11-07T04:00', '2026-10-31T04:00']);
    expect(deleted(0, 3)).to.deep.equal(['2026-11-23T04:00', '2026-11-21T04:00', '2026-11-07T04:00', '2026-10-31T04:00']);
    expect(deleted(0, 0)).to.deep.equal([]);
  });

  it('does not take a failing scheduled backup again at once, but a schedule later', async function () {
    const directory = await temporaryDirectory('gatehouse-backup-schedule-');
    const store = await JsonStore.open(path.join(directory, 'data'), { parts: allStoreParts() });
    // The backups directory cannot be made: every backup fails.
    await writeFile(path.join(directory, 'not-a-folder'), '');
    const backups = new BackupService({
      directory: path.join(directory, 'not-a-folder', 'backups'),
      dataDirectory: path.join(directory, 'data'),
      serverId: 'main',
      storage: 'json',
      schedule: { kind: 'every', minutes: 5 },
      keepDaily: 0,
      keepWeekly: 0,
      store,
      game: new FakeGame(),
      now: () => new Date(),
      log: () => undefined,
      logError: () => undefined,
    });
    let failures = 0;
    backups.events.on('failed', () => {
      failures += 1;
    });
    try {
      // The last backup a day ago: one is overdue.
      backups.startSchedule(async () => new Date(Date.now() - 86_400_000));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(failures, 'backups taken in half a second').to.equal(1);
    } finally {
      await backups.stop();
      await store.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
