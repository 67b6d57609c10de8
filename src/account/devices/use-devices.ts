import { fresh, useRead } from '../../api/use-read';
import { listDevices } from './devices-api';

/** How often the open page reads the list again: "last active" stays fresh, and an ended session finds out. */
export const DEVICES_REFRESH_MS = 10_000;

const readDevices = fresh(listDevices);

/** The account's devices, read now and every {@link DEVICES_REFRESH_MS} while the page is seen. */
export const useDevices = () => useRead(readDevices, { refreshMs: DEVICES_REFRESH_MS });
