/**
 * The app's "now" for what the shop shows by schedule (home banners' dates). Outside production
 * a journey may move it (`POST /api/dev/clock`) to see tomorrow's banners today; production never
 * registers that route, so there the offset stays 0.
 */
export interface AppClock {
  now(): Date;
  /** Milliseconds "now" is ahead of the machine's clock (behind when negative). */
  readonly offsetMs: number;
  shift(offsetMs: number): void;
  reset(): void;
}

export function createClock(): AppClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    get offsetMs() {
      return offset;
    },
    shift(offsetMs) {
      offset = offsetMs;
    },
    reset() {
      offset = 0;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** "Now" of the shop's schedules (banners); moved only by the dev clock route. */
    clock: AppClock;
  }
}
