import { SEED_COUNT } from './announcement-seeds';

/** The most announcements a development gateway generates (the bench asks for 1,000). */
export const MAX_DEV_ANNOUNCEMENTS = 5000;

/**
 * How many announcements the gateway serves: `DEV_ANNOUNCEMENTS` (12 … 5,000) in local mode or with the test-only
 * fault switch, so the bench can list 1,000; everywhere else only the 12 seeds, whatever the setting says.
 */
export function announcementCountOf(env: NodeJS.ProcessEnv, isDevelopment: boolean): number {
  const raw = env.DEV_ANNOUNCEMENTS;
  if (!isDevelopment || raw === undefined || raw === '') return SEED_COUNT;
  const count = /^[0-9]{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(count >= SEED_COUNT && count <= MAX_DEV_ANNOUNCEMENTS)) {
    throw new Error(`DEV_ANNOUNCEMENTS must be ${SEED_COUNT}-${MAX_DEV_ANNOUNCEMENTS}, got ${raw}`);
  }
  return count;
}
