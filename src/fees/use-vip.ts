import { fresh, useRead } from '../api/use-read';
import { fetchVipOverview, fetchVipSchedule } from './vip-api';

const readSchedule = fresh(fetchVipSchedule);
const readOverview = fresh(fetchVipOverview);

/** The public fee schedule, for anyone. */
export const useVipSchedule = () => useRead(readSchedule, { needsSession: false });

/** The signed-in account's level, volumes and rates (read again at a sign-in or sign-out, in this tab or another). */
export const useVipOverview = () => useRead(readOverview);
