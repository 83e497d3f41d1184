import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { sweepPictures } from '../modules/pictures/index.ts';
import type { Storage } from '../providers/storage/index.ts';
import { type JobHandler, scheduleJob } from './runner.ts';

export const PICTURES_SWEEP_JOB = 'pictures-sweep';
const HOUR_MS = 60 * 60 * 1000;

export interface PicturesSweepDeps {
  db: Database;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/** Schedules the run of the hour that starts at or after `at`, once however many ask. */
export function schedulePicturesSweep(db: Database, at: Date) {
  const hour = new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);
  return scheduleJob(
    db,
    PICTURES_SWEEP_JOB,
    hour,
    {},
    `${PICTURES_SWEEP_JOB}:${hour.toISOString()}`,
  );
}

/**
 * The hourly job: schedules the next hour's run first, then deletes the files of the pictures
 * nothing shows any more (taken off what showed them, or uploaded and never saved).
 */
export function picturesSweepHandler(deps: PicturesSweepDeps): JobHandler {
  return async (_payload, job) => {
    await schedulePicturesSweep(deps.db, new Date(job.now.getTime() + 1));
    const deleted = await sweepPictures(deps, job.now);
    if (deleted.length > 0) deps.log.info({ deleted: deleted.length }, 'unused pictures deleted');
  };
}
