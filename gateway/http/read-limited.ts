import { bodyTooLarge } from './gateway-error';

/**
 * Collects a body stream, stopping with a 413 as soon as it passes `limitBytes` (a chunked body can lie by
 * omission). `awaitCancel: false` is for one branch of a tee, whose cancel settles only with the other branch.
 */
export async function readLimited(stream: ReadableStream<Uint8Array>, limitBytes: number, awaitCancel = true): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      const cancelled = reader.cancel().catch(() => undefined);
      if (awaitCancel) await cancelled;
      throw bodyTooLarge(limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
