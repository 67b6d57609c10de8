import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { PageTransition, useMarkAppShown } from '../../../src/ui/PageTransition';
import { selectWidthFor } from '../../../src/ui/select-width';

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

describe('selectWidthFor', () => {
  it('sizes a select to its shown text, counting CJK characters as two columns', () => {
    expect(selectWidthFor('English')).toBe('calc(7ch + 2.75em)');
    expect(selectWidthFor('日本語')).toBe('calc(6ch + 2.75em)');
  });

  it('fits the shown language name without measuring the other options', async () => {
    const select = document.createElement('select');
    select.style.inlineSize = selectWidthFor('Español (Latinoamérica)');
    select.style.font = '14px sans-serif';
    for (const name of ['Español (Latinoamérica)', '日本語', 'العربية', 'ภาษาไทย']) select.add(new Option(name));
    document.body.append(select);
    const probe = document.createElement('span');
    probe.style.font = '14px sans-serif';
    probe.textContent = 'Español (Latinoamérica)';
    document.body.append(probe);
    // The shown name is never cut: the box is wider than its text.
    expect(select.getBoundingClientRect().width).toBeGreaterThan(probe.getBoundingClientRect().width);
    select.remove();
    probe.remove();
  });
});
