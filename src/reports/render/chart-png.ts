/**
 * Charts as PNG images: vega-lite spec -> vega View -> SVG -> @resvg/resvg-js -> PNG. exceljs
 * cannot write native charts, and this path needs no native build (resvg ships prebuilt
 * binaries in npm) and no browser.
 */
import type { TopLevelSpec } from 'vega-lite';
import { reportFontChain } from './font-fallback.ts';

/** A rendered chart: PNG bytes at 2x, and the size in pixels to place it at (half the PNG's). */
export interface ChartImage {
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
}

// vega exports its text measurer (the hook its own Node tools use); its type declarations omit it.
declare module 'vega' {
  export const textMetrics: {
    width: (
      item: { fontSize?: number; fontWeight?: string | number; limit?: number },
      text: string | number | null | undefined,
    ) => number;
  };
}

type ChartLibraries = [typeof import('vega'), typeof import('vega-lite'), typeof import('@resvg/resvg-js')];
let libraries: Promise<ChartLibraries> | undefined;

function chartLibraries(): Promise<ChartLibraries> {
  libraries ??= Promise.all([import('vega'), import('vega-lite'), import('@resvg/resvg-js')]).then(
    (loaded) => {
      measureTextWithFonts(loaded[0]);
      // The fonts too, while a report that preloads the libraries still waits for its figures.
      reportFontChain().warmUp();
      return loaded;
    },
  );
  return libraries;
}

/**
 * Without a canvas, vega guesses a text's width as 0.8 em a character: a CJK name (1 em a
 * character) was cut off at the chart's edge, and Latin labels got more room than they use. vega
 * takes a measuring function in its place (as its own Node tools do): the widths of the fonts the
 * PNG is drawn with. `limit` is the label's room: a longer label is cut to it with an ellipsis.
 */
function measureTextWithFonts(vega: typeof import('vega')): void {
  const chain = reportFontChain();
  const metrics = vega.textMetrics;
  metrics.width = (item, text) => {
    const size = item.fontSize ?? 11;
    const value = text == null ? '' : String(text).trim();
    if (size <= 0 || value === '') return 0;
    const bold = item.fontWeight === 'bold' || Number(item.fontWeight) >= 600;
    const width = chain.width(value, size, bold);
    return item.limit !== undefined && item.limit > 0 ? Math.min(width, item.limit) : width;
  };
}

/**
 * Starts loading the chart libraries, so that a report can have them load while it waits for the
 * warehouse (they take a few hundred milliseconds of the main thread) instead of after.
 */
export function preloadChartRenderer(): void {
  // A failure surfaces where the libraries are used.
  chartLibraries().catch(() => undefined);
}

/**
 * Renders a vega-lite spec to PNG at 2x (placed at 1x it stays sharp on HiDPI screens). vega and vega-lite are loaded on first use: they are
 * ESM with top-level await and take a moment to load, which commands without charts should not pay.
 */
export async function renderChartPng(spec: TopLevelSpec): Promise<ChartImage> {
  const [vega, vegaLite, { Resvg }] = await chartLibraries();
  const compiled = vegaLite.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    const svg = await view.toSVG();
    const resvg = new Resvg(svg, {
      fitTo: { mode: 'zoom', value: 2 },
      background: 'white',
      // The DejaVu Sans of the npm package (the PDFs embed the same), so a chart has its text on
      // a machine without fonts installed, plus the fallback faces its names need (CJK, emoji),
      // which resvg falls back to by itself; system fonts stay available for other scripts.
      font: {
        fontFiles: reportFontChain().filesFor([svg]),
        loadSystemFonts: true,
        defaultFontFamily: 'DejaVu Sans',
      },
    });
    const image = resvg.render();
    return {
      png: Buffer.from(image.asPng()),
      width: Math.round(image.width / 2),
      height: Math.round(image.height / 2),
    };
  } finally {
    view.finalize();
  }
}
