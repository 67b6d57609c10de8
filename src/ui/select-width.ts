/** Characters that take two columns: CJK, kana, hangul and full-width forms. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * A CSS width that fits a select's shown text. A select without a set width measures every option
 * to size itself; for the language list that means shaping Japanese, Chinese, Thai and Arabic texts
 * with font fallback before the first paint, a 60-100 ms layout on a throttled phone.
 */
export function selectWidthFor(text: string): string {
  let columns = 0;
  for (const char of text) columns += WIDE.test(char) ? 2 : 1;
  // The padding and the native arrow take about 2.75em whatever the text.
  return `calc(${columns}ch + 2.75em)`;
}
