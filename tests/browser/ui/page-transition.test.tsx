import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { PageTransition, useMarkAppShown } from '../../../src/ui/PageTransition';

function Shell({ page }: { page: string }) {
  useMarkAppShown();
  return (
    <PageTransition key={page}>
      <h1>{page}</h1>
    </PageTransition>
  );
}

function Navigator() {
  const [page, setPage] = useState('Markets');
  return (
    <>
      <button type="button" onClick={() => setPage('Account')}>
        go
      </button>
      <Shell page={page} />
    </>
  );
}

describe('PageTransition', () => {
  it('shows the first page in the first commit and a page navigated to one transition later', async () => {
    const screen = await render(<Navigator />);
    // The first page is there at once: the first load must not wait a frame.
    expect(document.querySelector('h1')?.textContent).toBe('Markets');
    await screen.getByRole('button', { name: 'go' }).click();
    await expect.element(screen.getByRole('heading', { name: 'Account' })).toBeVisible();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });
});
