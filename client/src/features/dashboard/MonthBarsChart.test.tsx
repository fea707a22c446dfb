import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axisTicks, MonthBarsChart } from './MonthBarsChart';

describe('month bars chart', () => {
  it('steps its axis in round amounts from $0 to at least the largest month', () => {
    expect(axisTicks(2_110_000)).toEqual([0, 1_000_000, 2_000_000, 3_000_000]);
    expect(axisTicks(150_000)).toEqual([0, 50_000, 100_000, 150_000]);
    expect(axisTicks(90_000)).toEqual([0, 25_000, 50_000, 75_000, 100_000]);
    expect(axisTicks(0)).toEqual([0]);
  });

  it('draws a bar for each amount above zero, as a share of the top of the axis', () => {
    render(
      <MonthBarsChart
        label="Rent by month"
        data={[
          { month: 'Jan', dueCents: 150_000, receivedCents: 75_000 },
          { month: 'Feb', dueCents: 150_000, receivedCents: 0 },
        ]}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Rent by month' });
    const bars = [...chart.querySelectorAll<HTMLElement>('.month-bars__bar')].map((bar) => bar.style.height);
    expect(bars).toEqual(['100%', '50%', '100%']);
    expect(screen.getByText('$1,500')).toBeInTheDocument();
  });
});
