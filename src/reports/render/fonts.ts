/**
 * The fonts of everything the reports draw as images or PDF: DejaVu Sans (regular and bold) from
 * the `dejavu-fonts-ttf` package, so a chart or a PDF looks the same on a machine without fonts
 * installed, and the PDFs can embed them. Paths only: nothing is loaded until used.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Paths of the TrueType files. */
export const REPORT_FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;
