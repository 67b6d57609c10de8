import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LOCALES, type Locale } from '../../../engine/rules/locales';
import { LanguagePicker } from '../../../src/app/LanguagePicker';
import '../ui/helpers';

function Harness({ onChoose }: { onChoose: (locale: Locale) => void }) {
  const [locale, setLocale] = useState<Locale>('ja');
  return (
    <LanguagePicker
      locale={locale}
      onChoose={(next) => {
        onChoose(next);
        setLocale(next);
      }}
    />
  );
}

describe('LanguagePicker', () => {
  it('renders no language list until it is opened, only the current name in its own language', async () => {
    const screen = await render(<Harness onChoose={() => {}} />);
    const button = screen.getByTestId('language-select');
    await expect.element(button).toHaveTextContent('日本語');
    expect(button.element().querySelector('[lang="ja-JP"]')).not.toBeNull();
    // Laying out 25 names in their own scripts is the cost the button avoids on first render.
    expect(document.querySelectorAll('option, [data-locale]')).toHaveLength(0);
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a dialog of every language with focus on the current one, and a choice closes it', async () => {
    const onChoose = vi.fn();
    const screen = await render(<Harness onChoose={onChoose} />);
    await screen.getByTestId('language-select').click();
    const list = screen.getByTestId('language-list');
    await expect.element(list).toBeVisible();
    const items = [...document.querySelectorAll<HTMLButtonElement>('[data-locale]')];
    expect(items.map((item) => item.dataset.locale)).toEqual(LOCALES.map((entry) => entry.locale));
    const current = document.querySelector<HTMLButtonElement>('[data-locale="ja"]');
    expect(current?.getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(current);
    expect(document.querySelector('[data-locale="ar"]')?.getAttribute('dir')).toBe('rtl');
    await screen.getByRole('button', { name: 'Deutsch', exact: true }).click();
    expect(onChoose).toHaveBeenCalledWith('de');
    await expect.element(list).not.toBeInTheDocument();
    await expect.element(screen.getByTestId('language-select')).toHaveTextContent('Deutsch');
  });

  it('closes on Escape without choosing, and gives focus back to the button', async () => {
    const onChoose = vi.fn();
    const screen = await render(<Harness onChoose={onChoose} />);
    await screen.getByTestId('language-select').click();
    await expect.element(screen.getByTestId('language-list')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByTestId('language-list')).not.toBeInTheDocument();
    expect(onChoose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByTestId('language-select').element());
  });

  it('choosing the current language changes nothing', async () => {
    const onChoose = vi.fn();
    const screen = await render(<Harness onChoose={onChoose} />);
    await screen.getByTestId('language-select').click();
    await screen.getByRole('button', { name: '日本語', exact: true }).click();
    await expect.element(screen.getByTestId('language-list')).not.toBeInTheDocument();
    expect(onChoose).not.toHaveBeenCalled();
  });
});
