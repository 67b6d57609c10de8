import { useId, useState } from 'react';
import { useT } from '../i18n/i18n';
import type { ValuationPoint } from './asset-api';
import { LtrFigures } from './LtrFigures';

export interface ValuationChartProps {
  points: readonly ValuationPoint[];
  /** A point's value as shown (in the valuation unit, or hidden). */
  valueText: (point: ValuationPoint) => string;
}

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 6;

/**
 * The 30-day valuation line: an SVG path (no chart library for one line), its shape described in words for screen
 * readers, and the day under the pointer or the arrow keys named below it. Pixels are the only floats here.
 */
export function ValuationChart({ points, valueText }: ValuationChartProps) {
  const t = useT();
  const titleId = useId();
  const [active, setActive] = useState<number | null>(null);
  if (points.length < 2) return <p className="asset-chart__empty">{t('asset.chart.empty')}</p>;
  const values = points.map((point) => Number(point.usdt));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / (points.length - 1);
  const y = (v: number) => HEIGHT - PAD - ((v - low) * (HEIGHT - 2 * PAD)) / span;
  const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join('');
  const area = `${line}L${x(points.length - 1).toFixed(1)},${HEIGHT}L${x(0).toFixed(1)},${HEIGHT}Z`;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const shown = active === null ? null : points[active]!;
  const pick = (clientX: number, box: DOMRect) => {
    const ratio = (clientX - box.left) / box.width;
    const index = Math.round(ratio * (points.length - 1));
    setActive(Math.max(0, Math.min(points.length - 1, index)));
  };
  return (
    <figure className="asset-chart">
      <figcaption id={titleId} className="asset-chart__title">
        {t('asset.chart.title')}
      </figcaption>
      {/* The line is explored like a slider: arrows move along the days, and the day is read out as its value. */}
      <div
        className="asset-chart__explorer"
        role="slider"
        tabIndex={0}
        aria-labelledby={titleId}
        aria-describedby={`${titleId}-summary`}
        aria-valuemin={0}
        aria-valuemax={points.length - 1}
        aria-valuenow={active ?? points.length - 1}
        aria-valuetext={t('asset.chart.point', {
          day: (shown ?? last).day,
          value: valueText(shown ?? last),
        })}
        onPointerMove={(event) => pick(event.clientX, event.currentTarget.getBoundingClientRect())}
        onPointerLeave={() => setActive(null)}
        onBlur={() => setActive(null)}
        onKeyDown={(event) => {
          // Time runs left to right in every language (as on price charts), so the arrows follow the screen.
          const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
          if (step === 0) return;
          event.preventDefault();
          const from = active ?? points.length - 1;
          setActive(Math.max(0, Math.min(points.length - 1, from + step)));
        }}
        data-testid="valuation-chart"
      >
        <svg
          className="asset-chart__svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          <path d={area} className="asset-chart__area" />
          <path d={line} className="asset-chart__line" vectorEffect="non-scaling-stroke" />
          {active !== null && (
            <line
              x1={x(active)}
              x2={x(active)}
              y1={0}
              y2={HEIGHT}
              className="asset-chart__cursor"
              vectorEffect="non-scaling-stroke"
            />
          )}
        </svg>
      </div>
      <p id={`${titleId}-summary`} className="asset-chart__summary" aria-live="polite">
        {shown ? (
          <LtrFigures t={t} messageKey="asset.chart.point" figures={{ day: shown.day, value: valueText(shown) }} />
        ) : (
          <LtrFigures
            t={t}
            messageKey="asset.chart.summary"
            figures={{ firstDay: first.day, first: valueText(first), lastDay: last.day, last: valueText(last) }}
          />
        )}
      </p>
    </figure>
  );
}
