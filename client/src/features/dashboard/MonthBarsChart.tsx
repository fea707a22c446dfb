import { useState } from 'react';
import { formatCents } from '@rentwise/libs/money';

export interface MonthBars {
  month: string;
  dueCents: number;
  receivedCents: number;
}

const wholeDollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

/** Up to five round steps from zero to at least the largest value: $500, $1,000, $2,500, ... */
export function axisTicks(maxCents: number): number[] {
  if (maxCents <= 0) return [0];
  const rough = maxCents / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s * 4 >= maxCents) ?? 10 * power;
  const ticks = [];
  for (let value = 0; value < maxCents + step; value += step) ticks.push(value);
  return ticks;
}

const percentOf = (value: number, top: number) => `${(value / top) * 100}%`;

/**
 * Rent due and received side by side for each month: plain elements and CSS, so the dashboard does
 * not load a chart library (recharts was 87 KB brotli) for twelve pairs of bars.
 */
export function MonthBarsChart({ data, label }: { data: MonthBars[]; label: string }) {
  const [active, setActive] = useState<number | null>(null);
  const ticks = axisTicks(Math.max(...data.flatMap((d) => [d.dueCents, d.receivedCents])));
  const top = ticks[ticks.length - 1] || 1;
  const columns = { gridTemplateColumns: `repeat(${data.length}, minmax(0, 1fr))` };

  return (
    <div className="month-bars" role="img" aria-label={label}>
      <div className="month-bars__plot">
        {ticks.map((tick) => (
          <div key={tick} className="month-bars__grid" style={{ bottom: percentOf(tick, top) }}>
            <span className="month-bars__tick tabular">{wholeDollars(tick)}</span>
          </div>
        ))}
        <div className="month-bars__months" style={columns} onMouseLeave={() => setActive(null)}>
          {data.map((d, index) => (
            <div key={d.month} className="month-bars__month" onMouseEnter={() => setActive(index)}>
              {d.dueCents > 0 && <div className="month-bars__bar month-bars__bar--due" style={{ height: percentOf(d.dueCents, top) }} />}
              {d.receivedCents > 0 && (
                <div className="month-bars__bar month-bars__bar--received" style={{ height: percentOf(d.receivedCents, top) }} />
              )}
              {active === index && (
                <div className={`month-bars__tip month-bars__tip--${index < data.length / 2 ? 'start' : 'end'}`}>
                  <strong>{d.month}</strong>
                  <span>
                    Due <span className="tabular">{formatCents(d.dueCents)}</span>
                  </span>
                  <span>
                    Received <span className="tabular">{formatCents(d.receivedCents)}</span>
                  </span>
                </div>
              )}
            </div>
          ))}
        </div>
      </div>
      <div className="month-bars__labels" style={columns}>
        {data.map((d) => (
          <span key={d.month}>{d.month}</span>
        ))}
      </div>
      <div className="month-bars__legend">
        <span>
          <i className="month-bars__swatch month-bars__bar--due" /> Due
        </span>
        <span>
          <i className="month-bars__swatch month-bars__bar--received" /> Received
        </span>
      </div>
    </div>
  );
}
