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
  let response: Response;
  try {
    response = await fetch(path, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new FetchFailure('network');
  }
  try {
    return await response.json();
  } catch {
    throw new FetchFailure('bad-reply');
  }
}
