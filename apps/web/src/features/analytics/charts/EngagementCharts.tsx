import { Bar, Column, Funnel, Line } from '@ant-design/plots';
import type { EngagementDimension } from '@jokes/contracts';
import type { ReactNode } from 'react';
import { DIMENSION_LABELS, type BarPoint, type SeriesPoint } from '../utils/engagement';
import type { FunnelStageTotal } from '../utils/funnel';
import './charts.css';

// This module is the only one that imports @ant-design/plots (G2, several
// hundred kB): the dashboard loads it lazily, after its figures and table.

const THEME = 'classicDark';
const HEIGHT = 260;

function ChartFigure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <figure className="analytics-chart" aria-label={title}>
      <figcaption className="analytics-chart__title">{title}</figcaption>
      {children}
    </figure>
  );
}

export interface EngagementChartsProps {
  by: EngagementDimension;
  /** Generated, rated and shared per day, whatever the table is grouped by. */
  perDay: SeriesPoint[];
  /** The same per key of the chosen dimension (unused when that is the day). */
  perKey: SeriesPoint[];
  histogram: BarPoint[];
  platforms: BarPoint[];
}

export function EngagementCharts({ by, perDay, perKey, histogram, platforms }: EngagementChartsProps) {
  return (
    <div className="analytics-charts">
      <ChartFigure title="Jokes generated, rated and shared per day">
        <Line data={perDay} xField="x" yField="value" colorField="series" height={HEIGHT} theme={THEME} />
      </ChartFigure>
      {by !== 'day' && (
        <ChartFigure title={`Jokes by ${DIMENSION_LABELS[by].toLowerCase()}`}>
          <Bar data={perKey} xField="x" yField="value" colorField="series" group height={HEIGHT} theme={THEME} />
        </ChartFigure>
      )}
      <ChartFigure title="Ratings (1 to 5 stars)">
        <Column data={histogram} xField="x" yField="value" height={HEIGHT} theme={THEME} />
      </ChartFigure>
      <ChartFigure title="Shares per platform">
        <Bar data={platforms} xField="x" yField="value" height={HEIGHT} theme={THEME} />
      </ChartFigure>
    </div>
  );
}

export function FunnelChart({ stages }: { stages: FunnelStageTotal[] }) {
  return (
    <ChartFigure title="Funnel over the days shown">
      <Funnel data={stages} xField="stage" yField="value" height={HEIGHT} theme={THEME} />
    </ChartFigure>
  );
}
