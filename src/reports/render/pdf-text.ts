/**
 * Text on a PDF page through the font fallback chain. pdfkit draws a string in one font; a name
 * such as `東京 shop 🚀` needs three. Text one face covers (nearly all of it) goes straight to
 * pdfkit, which wraps it as before; text that needs several faces is wrapped here, piece by piece
 * with each piece measured in its own face, and drawn on a shared baseline, so a row's height is
 * known before it is drawn and a table never overlaps itself.
 */
import { reportFontChain, type FontChain } from './font-fallback.ts';

/** How a text is set: size in points, weight, box width, alignment and colour. */
export interface TextStyle {
  readonly size: number;
  readonly bold?: boolean;
  readonly width: number;
  readonly align?: 'left' | 'right';
  readonly colour?: string | undefined;
  /** One line only, never wrapped (a footer): what does not fit runs past the box. */
  readonly singleLine?: boolean;
}

interface Piece {
  readonly face: number;
  readonly text: string;
  readonly width: number;
}

interface Line {
  readonly pieces: Piece[];
  width: number;
}

/** The pdfkit font name of a face and weight (face 0 keeps the plain names the reports use). */
export function fontName(face: number, bold: boolean): string {
  const weight = bold ? 'bold' : 'regular';
  return face === 0 ? weight : `fallback-${face}-${weight}`;
}

/** Sets text with the fallback chain on one pdfkit document. */
export class PdfText {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chain: FontChain;

  constructor(doc: PDFKit.PDFDocument, chain: FontChain = reportFontChain()) {
    this.doc = doc;
    this.chain = chain;
    // Registered by path: pdfkit opens a file only when a text is drawn in it.
    chain.faces.forEach((face, i) => {
      doc.registerFont(fontName(i, false), face.regular);
      doc.registerFont(fontName(i, true), face.bold);
    });
    // The document's first font, opened under its registered name so pdfkit caches it by that
    // name: pdf-document.ts opens none by path (see there).
    doc.font(fontName(0, false));
  }

  /** Height `text` takes in `style`. */
  height(text: string, style: TextStyle): number {
    const runs = this.chain.runs(text);
    if (runs.length <= 1) {
      this.use(runs[0]?.face ?? 0, style);
      return this.doc.heightOfString(runs[0]?.text ?? text, { width: style.width });
    }
    return this.lines(runs, style).reduce((sum, line) => sum + this.lineHeight(line, style), 0);
  }

  /** Draws `text` at (x, y) and leaves `doc.y` under it; returns the height drawn. */
  draw(text: string, x: number, y: number, style: TextStyle): number {
    const runs = this.chain.runs(text);
    this.doc.fillColor(style.colour ?? '#1f2328');
    if (runs.length <= 1) {
      this.use(runs[0]?.face ?? 0, style);
      this.doc.text(runs[0]?.text ?? text, x, y, {
        width: style.width,
        align: style.align ?? 'left',
        ...(style.singleLine === true ? { lineBreak: false } : {}),
      });
      return this.doc.y - y;
    }
    let top = y;
    const lines = this.lines(runs, style.singleLine === true ? { ...style, width: Infinity } : style);
    for (const line of lines) {
      const ascent = Math.max(...line.pieces.map((p) => this.chain.metrics(p.face).ascent)) * style.size;
      let left = style.align === 'right' ? x + style.width - line.width : x;
      for (const piece of line.pieces) {
        this.use(piece.face, style);
        this.doc.text(piece.text, left, top + ascent, { lineBreak: false, baseline: 'alphabetic' });
        left += piece.width;
      }
      top += this.lineHeight(line, style);
    }
    this.doc.x = x;
    this.doc.y = top;
    return top - y;
  }

  private use(face: number, style: TextStyle): void {
    this.doc.font(fontName(face, style.bold === true)).fontSize(style.size);
  }

  private lineHeight(line: Line, style: TextStyle): number {
    const em = Math.max(
      ...line.pieces.map((p) => {
        const m = this.chain.metrics(p.face);
        return m.ascent - m.descent + m.lineGap;
      }),
    );
    return em * style.size;
  }

  private measure(face: number, text: string, style: TextStyle): Piece {
    this.use(face, style);
    return { face, text, width: this.doc.widthOfString(text) };
  }

  /**
   * Greedy wrapping: breaks after spaces, and anywhere in CJK and emoji runs (as those scripts
   * allow); a word wider than the box is broken between its characters.
   */
  private lines(runs: readonly { face: number; text: string }[], style: TextStyle): Line[] {
    const lines: Line[] = [{ pieces: [], width: 0 }];
    const place = (piece: Piece): void => {
      let line = lines.at(-1)!;
      if (line.width + piece.width > style.width && line.pieces.length > 0) {
        line = { pieces: [], width: 0 };
        lines.push(line);
        if (piece.text.trim() === '') return;
      }
      const last = line.pieces.at(-1);
      if (last !== undefined && last.face === piece.face) {
        line.pieces[line.pieces.length - 1] = this.measure(piece.face, last.text + piece.text, style);
        line.width += line.pieces.at(-1)!.width - last.width;
      } else {
        line.pieces.push(piece);
        line.width += piece.width;
      }
    };
    for (const run of runs) {
      const tokens = run.face === 0 ? run.text.split(/(?<=\s)/u) : [...graphemes(run.text)];
      for (const token of tokens) {
        if (token.includes('\n')) {
          // A line break in the text: what precedes it ends the line.
          const before = token.slice(0, token.indexOf('\n'));
          if (before.trim() !== '') place(this.measure(run.face, before, style));
          lines.push({ pieces: [], width: 0 });
          continue;
        }
        const piece = this.measure(run.face, token, style);
        if (piece.width <= style.width) place(piece);
        else for (const g of graphemes(token)) place(this.measure(run.face, g, style));
      }
    }
    return lines.filter((line) => line.pieces.length > 0);
  }
}

const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

function* graphemes(text: string): Iterable<string> {
  for (const { segment } of segmenter.segment(text)) yield segment;
}
