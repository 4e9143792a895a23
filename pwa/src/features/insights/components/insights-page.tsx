import type { Insights } from '@ot/contracts/insights/insights-views.ts';
import { stages } from '@ot/contracts/insights/stages.ts';
import { statusLabel } from '@ot/contracts/orders/item-status.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { addDays, format } from 'date-fns';
import { type ReactNode, useMemo, useState } from 'react';
import { BackLink } from '../../../components/back-link.tsx';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { type DayRange, insightsQuery } from '../api/insights-queries.ts';
import { BarChart, type BarSeries } from './bar-chart.tsx';

const BLUE = '#2563eb';
const AMBER = '#d97706';
const GREEN = '#16a34a';
const STAGE_COLOURS = ['#94a3b8', BLUE, AMBER, GREEN];

const defaultRange = (): DayRange => {
  const today = new Date();
  return { from: format(addDays(today, -365), 'yyyy-MM-dd'), to: format(today, 'yyyy-MM-dd') };
};

const stageIndex = (stage: string) => stages.findIndex((s) => s.stage === stage);

function Figure({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  return (
    <Card>
      <CardBody className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <div>{chart}</div>
          <div className="overflow-x-auto">{table}</div>
        </div>
      </CardBody>
    </Card>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-gray-200 text-xs text-gray-700 uppercase dark:border-gray-800 dark:text-gray-300">
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" className="px-2 py-1.5 font-semibold">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={head.length} className="px-2 py-3 text-gray-700 dark:text-gray-300">
              No data in this date range.
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.join('|')} className="border-b border-gray-100 dark:border-gray-800">
              {row.map((cell, i) => (
                <td key={`${head[i]}`} className="px-2 py-1.5">
                  {cell}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

interface FigureData {
  title: string;
  labels: string[];
  series: BarSeries[];
  stacked?: boolean;
  caption: string;
  head: string[];
  rows: (string | number)[][];
}

/** The page's four figures, each a chart and the table of the same numbers. */
function figuresOf(data: Insights): FigureData[] {
  const lead = [...data.leadTimes].sort(
    (a, b) => (a.manufacturer ?? '').localeCompare(b.manufacturer ?? '') || stageIndex(a.stage) - stageIndex(b.stage),
  );
  const makerOf = (g: { manufacturer: string | null }) => g.manufacturer ?? 'No manufacturer';
  // One bar per manufacturer, its stages' medians stacked: how long an item usually takes, and where.
  const makers = [...new Set(lead.map(makerOf))];
  return [
    {
      title: 'Lead time per manufacturer and stage',
      labels: makers,
      series: stages.map(({ stage }, index) => ({
        label: `${stage} (median days)`,
        data: makers.map((maker) => lead.find((g) => makerOf(g) === maker && g.stage === stage)?.medianDays ?? 0),
        color: STAGE_COLOURS[index] ?? BLUE,
      })),
      stacked: true,
      caption: 'Lead time per manufacturer and stage',
      head: ['Manufacturer', 'Stage', 'Items', 'Median days', '80th percentile days'],
      rows: lead.map((g) => [makerOf(g), g.stage, g.count, g.medianDays, g.p80Days]),
    },
    {
      title: 'On-time rate per month',
      labels: data.onTime.map((m) => m.month),
      series: [
        { label: 'Ready by first ETA (%)', data: data.onTime.map((m) => percent(m.onTime, m.ready)), color: GREEN },
      ],
      caption: 'Items ready by their first ETA, per month',
      head: ['Month', 'Items ready', 'By first ETA', 'On-time rate'],
      rows: data.onTime.map((m) => [m.month, m.ready, m.onTime, `${percent(m.onTime, m.ready)}%`]),
    },
    {
      title: 'Items now in each stage',
      labels: data.inStage.map((s) => statusLabel(s.status)),
      series: [{ label: 'Items', data: data.inStage.map((s) => s.count), color: BLUE }],
      caption: 'Open items per status',
      head: ['Status', 'Items'],
      rows: data.inStage.map((s) => [statusLabel(s.status), s.count]),
    },
    {
      title: 'Orders completed per month',
      labels: data.completed.map((m) => m.month),
      series: [{ label: 'Orders', data: data.completed.map((m) => m.count), color: GREEN }],
      caption: 'Orders completed per month',
      head: ['Month', 'Orders completed'],
      rows: data.completed.map((m) => [m.month, m.count]),
    },
  ];
}

/** /admin/insights: what the studio's own history says about its manufacturers, over a date range. */
export function InsightsPage() {
  const [range, setRange] = useState(defaultRange);
  const insights = useQuery({ ...insightsQuery(range), placeholderData: keepPreviousData });
  const figures = useMemo(() => (insights.data ? figuresOf(insights.data) : null), [insights.data]);
  return (
    <div className="flex flex-col gap-5">
      <BackLink to="/admin/dashboard">Back to Admin Dashboard</BackLink>
      <div>
        <h1 className="text-2xl font-bold">Insights</h1>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Lead times and on-time delivery from the studio's own history.
        </p>
      </div>
      <form className="flex flex-wrap items-end gap-3" aria-label="Date range" onSubmit={(e) => e.preventDefault()}>
        <Field id="insights-from" label="From">
          <Input
            id="insights-from"
            type="date"
            value={range.from}
            max={range.to}
            onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })}
          />
        </Field>
        <Field id="insights-to" label="To">
          <Input
            id="insights-to"
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })}
          />
        </Field>
      </form>
      {insights.isError && <p role="alert">The insights could not be loaded. Please try again later.</p>}
      {insights.isPending && <p aria-busy="true">Loading insights...</p>}
      {figures?.map((figure) => (
        <Figure
          key={figure.title}
          title={figure.title}
          chart={
            <BarChart title={figure.title} labels={figure.labels} series={figure.series} stacked={figure.stacked} />
          }
          table={<Table caption={figure.caption} head={figure.head} rows={figure.rows} />}
        />
      ))}
    </div>
  );
}
