import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { setLocale } from '../../../../src/i18n/i18n';
import { OrderFormSlider } from '../../../../src/trade/order-form/OrderFormSlider';
import '../../../../src/trade/order-form/trade-form.css';
import { rect, useDesktop } from '../../ui/helpers';

afterEach(async () => {
  await setLocale('en');
});

/** The slider as the form holds it: its percent follows the input and the marks. */
function Slider() {
  const [percent, setPercent] = useState(0);
  return (
    <div style={{ inlineSize: 320 }}>
      <OrderFormSlider percent={percent} isEnabled onPercent={setPercent} />
      <output data-testid="percent">{percent}</output>
    </div>
  );
}

const input = () => page.getByRole('slider').element() as HTMLInputElement;
const shown = () => Number(page.getByTestId('percent').element().textContent);
/** Clicks the range input 6 px inside its left or right edge. */
async function clickNear(side: 'left' | 'right') {
  const box = rect(input());
  await userEvent.click(page.getByRole('slider'), {
    position: { x: side === 'left' ? 6 : box.width - 6, y: box.height / 2 },
  });
}

describe('OrderFormSlider direction', () => {
  it('in RTL puts 0 % at the right and 100 % at the left, the marks in the same order', async () => {
    await useDesktop();
    await setLocale('ar');
    document.documentElement.dir = 'rtl';
    await render(<Slider />);
    await expect.element(page.getByRole('slider')).toBeVisible();
    expect(getComputedStyle(input()).direction).toBe('rtl');

    await clickNear('left');
    await expect.poll(shown).toBeGreaterThan(95);
    await clickNear('right');
    await expect.poll(shown).toBeLessThan(5);

    const marks = [...document.querySelectorAll('.trade-slider__mark')].map((mark) => rect(mark));
    // The first mark (0 %) is rightmost, the last (100 %) leftmost.
    expect(marks[0]!.left).toBeGreaterThan(marks[4]!.left);
    expect(marks.map((box) => box.left)).toEqual([...marks.map((box) => box.left)].sort((a, b) => b - a));
    // The ends line up with the track's ends.
    expect(Math.abs(marks[0]!.right - rect(input()).right)).toBeLessThan(2);
    expect(Math.abs(marks[4]!.left - rect(input()).left)).toBeLessThan(2);
  });

  it('in LTR keeps 0 % at the left and 100 % at the right', async () => {
    await useDesktop();
    await render(<Slider />);
    await expect.element(page.getByRole('slider')).toBeVisible();
    await clickNear('right');
    await expect.poll(shown).toBeGreaterThan(95);
    await clickNear('left');
    await expect.poll(shown).toBeLessThan(5);
    const marks = [...document.querySelectorAll('.trade-slider__mark')].map((mark) => rect(mark));
    expect(marks[0]!.left).toBeLessThan(marks[4]!.left);
  });

  it('moves by arrow keys in the direction the thumb goes', async () => {
    await setLocale('ar');
    document.documentElement.dir = 'rtl';
    await render(<Slider />);
    await userEvent.click(page.getByRole('button', { name: /50/ }));
    await expect.poll(shown).toBe(50);
    input().focus();
    // In a mirrored range, the left arrow grows the value, as the thumb moves left.
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(shown).toBe(51);
  });
});
