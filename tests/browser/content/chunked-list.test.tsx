import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { RENDER_CHUNK, useChunkedCount } from '../../../src/content/use-chunked-count';
import '../ui/helpers';

const ROWS = Array.from({ length: 1000 }, (_, i) => `Announcement ${i + 1}`);

function ChunkedList({ rows, onCommit }: { rows: readonly string[]; onCommit?: (rendered: number) => void }) {
  const shown = useChunkedCount(rows.length);
  useLayoutEffect(() => {
    onCommit?.(shown);
  });
  return (
    <ul data-testid="list">
      {rows.slice(0, shown).map((row) => (
        <li key={row}>
          <a href={`#${row}`}>{row}</a>
        </li>
      ))}
    </ul>
  );
}

describe('useChunkedCount', () => {
  it('renders 1,000 rows a chunk per task, ending with every row in the DOM in order', async () => {
    const counts: number[] = [];
    const screen = await render(<ChunkedList rows={ROWS} onCommit={(n) => counts.push(n)} />);
    const list = screen.container.querySelector('ul')!;
    await expect.poll(() => list.children.length, { timeout: 10_000 }).toBe(1000);
    expect(counts[0]).toBe(RENDER_CHUNK);
    expect(counts.length).toBeGreaterThanOrEqual(1000 / RENDER_CHUNK);
    // Each commit added at most one chunk: no single task rendered the whole list.
    for (let i = 1; i < counts.length; i += 1) expect(counts[i]! - counts[i - 1]!).toBeLessThanOrEqual(RENDER_CHUNK);
    expect(list.lastElementChild?.textContent).toBe('Announcement 1000');
  });

  it('shows a shorter list at once when the rows shrink', async () => {
    const screen = await render(<ChunkedList rows={ROWS} />);
    const list = screen.container.querySelector('ul')!;
    await expect.poll(() => list.children.length, { timeout: 10_000 }).toBe(1000);
    await screen.rerender(<ChunkedList rows={ROWS.slice(0, 10)} />);
    expect(list.children.length).toBe(10);
  });
});
