// The heaps of a page's dedicated workers, read through the page's own DevTools session: Playwright gives no session
// of a worker, so this one attaches to them unflattened and speaks to each through `Target.sendMessageToTarget`.
import type { CDPSession } from 'playwright-core';

/** One worker's heap in use after a full collection. */
export interface WorkerHeap {
  /** The worker's script, without its origin and folder. */
  script: string;
  usedBytes: number;
}

/** A worker's answer to one command. */
interface Reply {
  result?: unknown;
  error?: { message: string };
}

interface Attached {
  sessionId: string;
  targetInfo: { type: string; url: string };
}

/** Attaches to the page's workers (those running and any started later); `read()` collects and reads each heap. */
export async function attachWorkerHeaps(cdp: CDPSession): Promise<{ read(): Promise<WorkerHeap[]> }> {
  const workers = new Map<string, string>();
  const waiting = new Map<number, (reply: Reply) => void>();
  let nextId = 1;
  cdp.on('Target.attachedToTarget', (event) => {
    const { sessionId, targetInfo } = event as unknown as Attached;
    if (targetInfo.type === 'worker') workers.set(sessionId, targetInfo.url.split('/').pop() ?? targetInfo.url);
  });
  cdp.on('Target.detachedFromTarget', (event) => workers.delete((event as { sessionId: string }).sessionId));
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const reply = JSON.parse((event as { message: string }).message) as Reply & { id?: number };
    if (reply.id === undefined) return;
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  const send = (sessionId: string, method: string) =>
    new Promise<Reply>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      void cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params: {} }) })
        .catch((error: unknown) => {
          waiting.delete(id);
          resolve({ error: { message: String(error) } });
        });
    });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  return {
    async read() {
      const heaps: WorkerHeap[] = [];
      for (const [sessionId, script] of workers) {
        await send(sessionId, 'HeapProfiler.collectGarbage');
        const usage = await send(sessionId, 'Runtime.getHeapUsage');
        const usedSize = (usage.result as { usedSize?: number } | undefined)?.usedSize;
        if (typeof usedSize === 'number') heaps.push({ script, usedBytes: usedSize });
      }
      return heaps;
    },
  };
}
