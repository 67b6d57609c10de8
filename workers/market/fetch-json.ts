import { CACHED_AT_HEADER } from '../../engine/rules/storage-areas';

/** How long a REST read may take, as the request layer's timeout (spec §7.1). */
const FETCH_TIMEOUT_MS = 10_000;

/** A REST read that failed: no answer (`network`) or an answer that is not JSON (`bad-reply`). */
export class FetchFailure extends Error {
  constructor(readonly reason: 'network' | 'bad-reply') {
    super(reason);
  }
}

/** GETs a same-origin JSON resource of the market REST API; failures are {@link FetchFailure}s. */
export async function getJson(path: string): Promise<unknown> {
  return (await getJsonReply(path)).body;
}

/**
 * As {@link getJson}, and when the network failed and the service worker answered with its last kept reply, the time
 * it was kept (its `x-cached-at` header, ms); null for a reply from the server.
 */
export async function getJsonReply(path: string): Promise<{ body: unknown; cachedAt: number | null }> {
  let response: Response;
  try {
    response = await fetch(path, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new FetchFailure('network');
  }
  const kept = Number(response.headers.get(CACHED_AT_HEADER) ?? Number.NaN);
  try {
    return { body: await response.json(), cachedAt: Number.isFinite(kept) ? kept : null };
  } catch {
    throw new FetchFailure('bad-reply');
  }
}
