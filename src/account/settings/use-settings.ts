import { fresh, useRead } from '../../api/use-read';
import { readOverview } from './settings-api';

const readSettings = fresh(readOverview);

/** The signed-in account's settings; `refresh` reads them again (after a change), keeping what is shown meanwhile. */
export const useSettings = () => useRead(readSettings);
