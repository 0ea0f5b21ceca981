import type { CandleView, MarketInterval } from '@app/contracts';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useColourScheme } from '../../../lib/use-colour-scheme.ts';

// TradingView's lightweight-charts (a canvas), loaded with this module only: the pair's page
// imports it lazily, so no other screen downloads the library.

const INTERVAL_SECONDS: Record<MarketInterval, number> = {
  '1m': 60,
  '15m': 900,
  '1h': 3_600,
  '4h': 14_400,
  '1d': 86_400,
};

type Props = {
  candles: CandleView[];
  interval: MarketInterval;
  /** The live price: moves the forming candle (or opens the next one) between fetches. */
  rate: string | null;
  /** The chart's accessible description. */
  label: string;
  height: number | Record<string, number>;
};

const toBar = (candle: CandleView): CandlestickData<UTCTimestamp> => ({
  time: candle.time as UTCTimestamp,
  open: Number(candle.open),
  high: Number(candle.high),
  low: Number(candle.low),
  close: Number(candle.close),
});

const precisionOf = (price: number) => (price >= 100 ? 2 : price >= 1 ? 4 : 6);

export default function CandleChart({ candles, interval, rate, label, height }: Props) {
  const theme = useTheme();
  // A canvas takes colours, not the theme's CSS variables: the scheme on screen's own.
  const scheme = useColourScheme();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const lastBar = useRef<CandlestickData<UTCTimestamp> | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const { palette } = theme.colorSchemes[scheme] ?? theme;
    const created = createChart(container.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: palette.background.paper },
        textColor: palette.text.secondary,
        fontFamily: theme.typography.fontFamily,
      },
      grid: {
        vertLines: { color: palette.divider },
        horzLines: { color: palette.divider },
      },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
    });
    series.current = created.addSeries(CandlestickSeries, {
      upColor: palette.success.main,
      downColor: palette.error.main,
      wickUpColor: palette.success.main,
      wickDownColor: palette.error.main,
      borderVisible: false,
    });
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, [theme, scheme]);

  useEffect(() => {
    const bars = candles.map(toBar);
    const precision = precisionOf(bars.at(-1)?.close ?? 1);
    series.current?.applyOptions({
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
    series.current?.setData(bars);
    chart.current?.applyOptions({ timeScale: { timeVisible: interval !== '1d' } });
    chart.current?.timeScale().fitContent();
    lastBar.current = bars.at(-1) ?? null;
  }, [candles, interval, theme]);

  useEffect(() => {
    const last = lastBar.current;
    const price = Number(rate);
    if (!last || rate === null || !Number.isFinite(price)) return;
    const width = INTERVAL_SECONDS[interval];
    const now = Math.floor(Date.now() / 1000);
    const bar: CandlestickData<UTCTimestamp> =
      now >= last.time + width
        ? {
            time: (Math.floor(now / width) * width) as UTCTimestamp,
            open: last.close,
            high: Math.max(last.close, price),
            low: Math.min(last.close, price),
            close: price,
          }
        : {
            ...last,
            high: Math.max(last.high, price),
            low: Math.min(last.low, price),
            close: price,
          };
    series.current?.update(bar);
    lastBar.current = bar;
  }, [rate, interval]);

  return <Box ref={container} role="figure" aria-label={label} sx={{ height, width: '100%' }} />;
}
