/**
 * Charts as PNG images: vega-lite spec -> vega View -> SVG -> @resvg/resvg-js -> PNG. exceljs
 * cannot write native charts, and this path needs no native build (resvg ships prebuilt
 * binaries in npm) and no browser.
 */
import type { TopLevelSpec } from 'vega-lite';
import { REPORT_FONTS } from './fonts.ts';

/** A rendered chart: PNG bytes at 2x, and the size in pixels to place it at (half the PNG's). */
export interface ChartImage {
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
}

type ChartLibraries = [typeof import('vega'), typeof import('vega-lite'), typeof import('@resvg/resvg-js')];
let libraries: Promise<ChartLibraries> | undefined;

function chartLibraries(): Promise<ChartLibraries> {
  libraries ??= Promise.all([import('vega'), import('vega-lite'), import('@resvg/resvg-js')]);
  return libraries;
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
      // a machine without fonts installed; system fonts stay available for other scripts.
      font: {
        fontFiles: [REPORT_FONTS.regular, REPORT_FONTS.bold],
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
