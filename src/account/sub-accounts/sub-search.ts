/** The search params of the sub-account settings pages: which sub-account (`?userId=`). */
export interface SubSearch {
  userId?: string;
}

const ACCOUNT_ID = /^[0-9]{1,20}$/;

/** Reads `userId` as the router parsed it (a number for a bare `?userId=123`, else a string); anything else is dropped. */
export function subSearch(search: Record<string, unknown>): SubSearch {
  const raw = search.userId;
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
  return typeof text === 'string' && ACCOUNT_ID.test(text) ? { userId: text } : {};
}
