import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { proxy, useSnapshot } from 'valtio';
import { RequestError } from '../../../src/api/request';
import { type CursorPage, useMorePages } from '../../../src/api/use-more-pages';
import { authState } from '../../../src/session/auth-state';
import '../ui/helpers';

/** Pages the test answers by hand, each with the cursor it was asked for. */
function manualPages() {
  const pending: {
    cursor: string | null;
    resolve: (page: CursorPage<string>) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const load = vi.fn(
    (cursor: string | null) =>
      new Promise<CursorPage<string>>((resolve, reject) => {
        pending.push({ cursor, resolve, reject });
      }),
  );
  const take = async () => {
    await expect.poll(() => pending.length).toBeGreaterThan(0);
    return pending.shift()!;
  };
  return { load, take };
}

const filter = proxy({ category: 'all' });

function List({ load }: { load: (cursor: string | null) => Promise<CursorPage<string>> }) {
  const { category } = useSnapshot(filter);
  const { state, more, loadMore } = useMorePages(load, { key: category, needsSession: false });
  if (state.status !== 'ready') return <p data-testid="state">{state.status}</p>;
  return (
    <>
      <ul data-testid="rows">
        {state.data.rows.map((row) => (
          <li key={row}>{row}</li>
        ))}
      </ul>
      <p data-testid="more">{more.status}</p>
      {state.data.next !== null && (
        <button type="button" onClick={loadMore}>
          More
        </button>
      )}
    </>
  );
}

const rows = () => Array.from(page.getByTestId('rows').element().querySelectorAll('li'), (li) => li.textContent);

afterEach(() => {
  filter.category = 'all';
  authState.status = 'anonymous';
});

describe('useMorePages', () => {
  it('appends the next page to the first, and stops at the last', async () => {
    authState.status = 'anonymous';
    const pages = manualPages();
    await render(<List load={pages.load} />);
    (await pages.take()).resolve({ rows: ['a', 'b'], next: 'c2' });
    await userEvent.click(page.getByRole('button', { name: 'More' }));
    const second = await pages.take();
    expect(second.cursor).toBe('c2');
    await expect.element(page.getByTestId('more')).toHaveTextContent('loading');
    second.resolve({ rows: ['c'], next: null });
    await expect.poll(rows).toEqual(['a', 'b', 'c']);
    await expect.element(page.getByRole('button', { name: 'More' })).not.toBeInTheDocument();
  });

  it('keeps the rows when the next page fails, and drops a next page of a list the page has left', async () => {
    const pages = manualPages();
    await render(<List load={pages.load} />);
    (await pages.take()).resolve({ rows: ['a'], next: 'c2' });
    await userEvent.click(page.getByRole('button', { name: 'More' }));
    (await pages.take()).reject(new RequestError('http', 'busy', { status: 500, shown: false }));
    await expect.element(page.getByTestId('more')).toHaveTextContent('failed');
    expect(rows()).toEqual(['a']);
    // Asked again, then the filter changes before that page arrives: the new list's first page is not mixed with it.
    await userEvent.click(page.getByRole('button', { name: 'More' }));
    const late = await pages.take();
    filter.category = 'listing';
    (await pages.take()).resolve({ rows: ['listing 1'], next: null });
    await expect.poll(rows).toEqual(['listing 1']);
    late.resolve({ rows: ['all 2'], next: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rows()).toEqual(['listing 1']);
  });
});
