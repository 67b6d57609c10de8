import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { useT } from '../../src/i18n/i18n';
import { StateView } from '../../src/ui/StateView';
import { lazyWorker, WorkerCallError } from '../../src/workers';
import type { ProbeApi } from './fixtures/probe.worker';

const probeWorker = () =>
  lazyWorker<ProbeApi>(
    'probe',
    () => new Worker(new URL('./fixtures/probe.worker.ts', import.meta.url), { type: 'module' }),
  );

describe('lazyWorker', () => {
  it('answers a real call through Comlink in a module worker', async () => {
    const worker = probeWorker();
    await expect(worker.call((api) => api.add(2, 3))).resolves.toBe(5);
    worker.terminate();
  });

  it('times out a hung call, then serves the next call from a fresh worker', async () => {
    const worker = probeWorker();
    const started = performance.now();
    const error = await worker.call((api) => api.spin(), { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerCallError);
    expect((error as WorkerCallError).kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(2000);
    await expect(worker.call((api) => api.add(1, 1))).resolves.toBe(2);
    worker.terminate();
  });

  it('passes an error thrown by the API through to the caller', async () => {
    const worker = probeWorker();
    await expect(worker.call((api) => api.fail())).rejects.toThrow('probe failure');
    worker.terminate();
  });

  it('fails pending calls at once when the worker script breaks on load', async () => {
    const worker = lazyWorker<ProbeApi>(
      'broken',
      () => new Worker(new URL('./fixtures/broken.worker.ts', import.meta.url), { type: 'module' }),
    );
    const error = await worker.call((api) => api.add(1, 2), { timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerCallError);
    expect((error as WorkerCallError).kind).toBe('failed');
  });
});

function ProbePanel({ timeoutMs }: { timeoutMs: number }) {
  const t = useT();
  const [state, setState] = useState<'loading' | 'error' | number>('loading');
  useEffect(() => {
    const worker = probeWorker();
    worker
      .call((api) => api.spin(), { timeoutMs })
      .then(
        () => setState(0),
        () => setState('error'),
      );
    return () => worker.terminate();
  }, [timeoutMs]);
  if (state === 'loading') return <StateView state="loading" />;
  if (state === 'error')
    return <StateView state="error" message={t('error.workerTimeout')} onRetry={() => setState('loading')} />;
  return <p>{state}</p>;
}

describe('a hung worker call in the UI', () => {
  it('turns from loading into a visible, localized error with a retry', async () => {
    const screen = await render(<ProbePanel timeoutMs={250} />);
    await expect.element(screen.getByRole('status')).toBeVisible();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('A background task took too long. Please try again.');
    await expect.element(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
