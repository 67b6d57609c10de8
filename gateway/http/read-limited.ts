import { bodyCutOff, bodyTooLarge } from './gateway-error';

/** Past the limit, the rest of a body is read and dropped up to this size, so the 413 reaches a client still sending. */
const DISCARD_MAX_BYTES = 16 * 1024 * 1024;
/** …and for at most this long, so a client trickling bytes cannot hold the request open. */
const DISCARD_MAX_MS = 2000;

type Reader = ReadableStreamDefaultReader<Uint8Array>;

async function readChunk(reader: Reader): ReturnType<Reader['read']> {
  try {
    return await reader.read();
  } catch {
    throw bodyCutOff();
  }
}

/**
 * Collects a body stream, stopping with a 413 as soon as it passes `limitBytes` (a chunked body can lie by
 * omission). The rest is then read and dropped (up to 16 MiB, 2 s), so the client, still sending, gets the 413 instead
 * of a reset; only a body beyond that is cut off by closing the stream. `sibling`, the other branch of a tee, is
 * cancelled first, so it does not hold on to what is dropped.
 */
export async function readLimited(
  stream: ReadableStream<Uint8Array>,
  limitBytes: number,
  sibling?: ReadableStream<Uint8Array>,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await readChunk(reader);
    if (done) return Buffer.concat(chunks);
    total += value.byteLength;
    if (total > limitBytes) {
      sibling?.cancel().catch(() => undefined);
      await discardRest(reader, total);
      throw bodyTooLarge(limitBytes);
    }
    chunks.push(value);
  }
}

/** Reads and drops what is left of a body within the discard limits; past them, cancels the stream. */
async function discardRest(reader: Reader, seen: number): Promise<void> {
  let total = seen;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DISCARD_MAX_MS);
  });
  try {
    while (total <= DISCARD_MAX_BYTES) {
      const result = await Promise.race([reader.read(), late]);
      if (result === 'late') break;
      if (result.done) return;
      total += result.value.byteLength;
    }
    // Never awaited: on one branch of a tee the cancel settles only once the other branch is cancelled too.
    reader.cancel().catch(() => undefined);
  } catch {
    // The client broke off while its body was being dropped: nothing is left to read.
  } finally {
    clearTimeout(timer);
  }
}
