/**
 * Which embedded font draws which part of a text. DejaVu Sans covers Latin, Greek, Cyrillic and
 * much more, but not Chinese, Japanese, Korean or emoji, and a monitor named `東京ウェブサイト監視`
 * must still print. So text is split into runs, each drawn by the first face of a fallback chain
 * that has its glyphs: DejaVu Sans, then Noto Sans SC (Chinese, simplified and traditional, and
 * Japanese kana and kanji), Noto Sans KR (Hangul), Noto Emoji (monochrome emoji, ZWJ sequences
 * included). The Noto faces are optional npm dependencies (`npm ci --omit=optional` leaves them
 * out); a character no installed face has prints as U+FFFD, visibly, instead of as nothing.
 *
 * `splitRuns` is pure (coverage is passed in); `reportFontChain` opens the font files, lazily: a
 * report whose text DejaVu covers never reads the 10 MB CJK files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The first face of every chain, and the font of everything the reports draw as images or PDF:
 * DejaVu Sans (regular and bold) from the `dejavu-fonts-ttf` package, so a chart or a PDF looks the
 * same on a machine without fonts installed, and the PDFs can embed them. Paths of the TrueType
 * files only: nothing is loaded until used.
 */
export const REPORT_FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

/** One face of the chain: the TrueType files of its regular and bold weights. */
export interface FontFace {
  readonly family: string;
  readonly regular: string;
  readonly bold: string;
}

/** A stretch of text drawn by one face (an index into the chain). */
export interface TextRun {
  readonly face: number;
  readonly text: string;
}

/** Drawn instead of a character no face of the chain has. */
export const MISSING_GLYPH = '\uFFFD';

const EMOJI_PRESENTATION = 0xfe0f;
const ZERO_WIDTH_JOINER = 0x200d;
const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * Splits `text` into runs by face. A grapheme (a letter with its accents, an emoji sequence)
 * stays whole, drawn by the first face that has every code point of it; one asking for emoji
 * presentation (U+FE0F) tries the emoji face (`emojiFace`) first. White space (line breaks too)
 * stays with the text run it is in, so `東京 監視` is one run (but not with emoji: the emoji face's
 * space is 1 em wide). A grapheme no face has becomes U+FFFD in face 0.
 */
export function splitRuns(
  text: string,
  covers: readonly ((codePoint: number) => boolean)[],
  emojiFace = covers.length - 1,
): TextRun[] {
  const runs: { face: number; text: string }[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const codePoints = [...segment].map((c) => c.codePointAt(0)!);
    const current = runs.at(-1);
    let face: number;
    let drawn = segment;
    if (/^\s+$/u.test(segment)) {
      // White space (a line break too) is drawn by no glyph of its own: never a missing one.
      face = current !== undefined && current.face !== emojiFace ? current.face : 0;
    } else {
      face = faceOf(codePoints, covers, emojiFace);
      if (face < 0) {
        face = 0;
        drawn = MISSING_GLYPH;
      }
    }
    if (current !== undefined && current.face === face) current.text += drawn;
    else runs.push({ face, text: drawn });
  }
  return runs;
}

function faceOf(
  codePoints: readonly number[],
  covers: readonly ((codePoint: number) => boolean)[],
  emojiFace: number,
): number {
  const order = covers.map((_, i) => i);
  if (codePoints.includes(EMOJI_PRESENTATION) && emojiFace > 0) {
    order.splice(emojiFace, 1);
    order.unshift(emojiFace);
  }
  const full = order.find((i) => codePoints.every(covers[i]!));
  if (full !== undefined) return full;
  // A sequence no face has whole (an emoji joined to a letter): the face of its first character.
  const base = codePoints.find((c) => c !== ZERO_WIDTH_JOINER && c !== EMOJI_PRESENTATION) ?? codePoints[0]!;
  return order.find((i) => covers[i]!(base)) ?? -1;
}

/** The faces of the chain that are installed, DejaVu Sans first. */
export function installedFaces(): readonly FontFace[] {
  const faces: FontFace[] = [{ family: 'DejaVu Sans', ...REPORT_FONTS }];
  const optional: readonly [string, string, string][] = [
    ['Noto Sans SC', 'noto-sans-sc', 'NotoSansSC'],
    ['Noto Sans KR', 'noto-sans-kr', 'NotoSansKR'],
    ['Noto Emoji', 'noto-emoji', 'NotoEmoji'],
  ];
  for (const [family, pkg, file] of optional) {
    try {
      faces.push({
        family,
        regular: require.resolve(`@expo-google-fonts/${pkg}/400Regular/${file}_400Regular.ttf`),
        bold: require.resolve(`@expo-google-fonts/${pkg}/700Bold/${file}_700Bold.ttf`),
      });
    } catch {
      // Not installed (an install without optional dependencies): its characters print as U+FFFD.
    }
  }
  return faces;
}

/** What the layout needs of a face: its characters and its vertical metrics, in em. */
export interface FaceMetrics {
  readonly characters: ReadonlySet<number>;
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
}

/** The chain with the coverage of each face, read from its regular weight on first need. */
export class FontChain {
  readonly faces: readonly FontFace[];
  readonly #widths = new Map<string, number>();

  constructor(faces: readonly FontFace[] = installedFaces()) {
    this.faces = faces;
  }

  /** True when the first face has every character: the common case, with no other file read. */
  primaryCovers(text: string): boolean {
    const set = this.metrics(0).characters;
    for (const c of text) if (!set.has(c.codePointAt(0)!) && !/\s/u.test(c)) return false;
    return true;
  }

  /** The runs of `text` (one run in face 0 when it covers everything). */
  runs(text: string): TextRun[] {
    if (this.primaryCovers(text)) return text === '' ? [] : [{ face: 0, text }];
    const covers = this.faces.map((_, i) => (c: number) => this.metrics(i).characters.has(c));
    const emoji = this.faces.findIndex((f) => f.family === 'Noto Emoji');
    return splitRuns(text, covers, emoji > 0 ? emoji : this.faces.length - 1);
  }

  /** The font files a text needs (for an SVG renderer that does its own fallback). */
  filesFor(texts: Iterable<string>): string[] {
    const faces = new Set<number>([0]);
    for (const text of texts) for (const run of this.runs(text)) faces.add(run.face);
    return [...faces].sort((a, b) => a - b).flatMap((i) => [this.faces[i]!.regular, this.faces[i]!.bold]);
  }

  metrics(face: number): FaceMetrics {
    return readMetrics(this.faces[face]!.regular);
  }

  /**
   * Advance width of `text` at `size` (any unit), each run measured in its own face, kerning
   * included. Remembered per text, size and weight: a chart's layout measures each label several
   * times, and laying out a text with fontkit costs far more than looking it up.
   */
  width(text: string, size: number, bold = false): number {
    const key = `${bold ? 'b' : 'r'}${size}|${text}`;
    const known = this.#widths.get(key);
    if (known !== undefined) return known;
    let width = 0;
    for (const run of this.runs(text)) {
      const face = this.faces[run.face]!;
      const font = openFont(bold ? face.bold : face.regular);
      width += (font.layout(run.text).advanceWidth / font.unitsPerEm) * size;
    }
    if (this.#widths.size >= MAX_REMEMBERED_WIDTHS) this.#widths.clear();
    this.#widths.set(key, width);
    return width;
  }

  /**
   * Opens the first face, both weights, and lays out a text in each, so that loading fontkit and
   * reading the fonts' tables (a tenth of a second on this project's machine) happens before the
   * first label is measured: a report calls this while it waits for the warehouse.
   */
  warmUp(): void {
    this.width('0', 1);
    this.width('0', 1, true);
  }
}

/** Widths remembered by a chain at most (labels of every chart of a report are far fewer). */
const MAX_REMEMBERED_WIDTHS = 20_000;

const fontCache = new Map<string, import('fontkit').Font>();

function openFont(path: string): import('fontkit').Font {
  let font = fontCache.get(path);
  if (font === undefined) {
    // fontkit is pdfkit's own font engine: reading the file here costs what pdfkit pays anyway.
    const fontkit = require('fontkit') as typeof import('fontkit');
    const opened = fontkit.create(readFileSync(path));
    if (!('characterSet' in opened)) throw new Error(`${path} is a font collection, not one font`);
    font = opened;
    fontCache.set(path, font);
  }
  return font;
}

const metricsCache = new Map<string, FaceMetrics>();

function readMetrics(path: string): FaceMetrics {
  let metrics = metricsCache.get(path);
  if (metrics === undefined) {
    const font = openFont(path);
    const em = font.unitsPerEm;
    metrics = {
      characters: new Set(font.characterSet),
      ascent: font.ascent / em,
      descent: font.descent / em,
      lineGap: font.lineGap / em,
    };
    metricsCache.set(path, metrics);
  }
  return metrics;
}

let shared: FontChain | undefined;

/** The process-wide chain of installed faces (coverage read once per process). */
export function reportFontChain(): FontChain {
  shared ??= new FontChain();
  return shared;
}
