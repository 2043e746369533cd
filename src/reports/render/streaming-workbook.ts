/**
 * exceljs's streaming workbook (`stream.xlsx.WorkbookWriter`), made to write what the reports'
 * workbooks need: a committed row leaves memory, so a sheet of 10,000 monitors costs its XML, not
 * an object per cell (docs/reports.md, "Large accounts"). Two things exceljs's streaming writer
 * lacks are added here:
 *
 * - a sheet opens its part at its first written row, not when it is created: its page setup
 *   (fit to page) and frozen header are written then, so they can be set after the sheet is made,
 *   as in document mode;
 * - a writer can wait for the zip to take in a sheet's XML (caughtUp), which exceljs pushes into
 *   the deflate stream without waiting;
 * - pictures (the Summary charts): a drawing part per sheet with pictures, anchored by their
 *   top-left cell and size as exceljs's document mode anchors them.
 *
 * Excel tables are not written in this mode: a streamed table is a plain range with a frozen
 * header and a filter on it (SheetWriter.table).
 */
import { createRequire } from 'node:module';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import type { FileHandle } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import { collectGarbage } from '../../heap-collection.ts';

const DRAWING_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing';
const IMAGE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
/** EMUs per pixel at 96 dpi. */
const EMU_PER_PIXEL = 9525;

/** A picture placed on a sheet: 0-based top-left cell, size in pixels. */
interface Placed {
  readonly media: string;
  readonly at: { readonly col: number; readonly row: number };
  readonly size: { readonly width: number; readonly height: number };
}

/** Uncompressed XML a sheet may have waiting for the zip before its writer waits (caughtUp). */
const CAUGHT_UP_BYTES = 1 << 20;

/** ArrayBuffer memory past which the spent ones are collected (releaseSpentBuffers). */
const SPENT_BUFFER_BYTES = 16 << 20;

/**
 * Collects the buffers the zip is done with once the process holds more than SPENT_BUFFER_BYTES
 * of them. Every row's XML passes through a Buffer on its way into the deflate stream; most
 * outlive a scavenge while they wait there, and V8 frees them only at a full collection, which it
 * starts for external memory after some 64 MB more. A 10,000-monitor workbook's peak was 58 MB of
 * such spent buffers (report sla, compiled: 260 MB before, 205–209 MB at 24 MB; 138–141 MB at
 * 1,000). At 16 MB, with the collections of heap-collection.ts: 181–190 MB at 10,000 monitors
 * against 189–195 at 24 MB, for about a fifth more CPU there (9.2–9.4 s against 7.3–7.4 s, the
 * same wall time: the report waits on the warehouse) and none at 1,000.
 */
export function releaseSpentBuffers(): void {
  if (process.memoryUsage().arrayBuffers > SPENT_BUFFER_BYTES) collectGarbage();
}

/** The parts of exceljs's streaming classes this file uses (they ship untyped). */
interface StreamSheetBase {
  id: number;
  name: string;
  committed: boolean;
  pageSetup: Partial<ExcelJS.PageSetup>;
  headerFooter: Partial<ExcelJS.HeaderFooter>;
  autoFilter: ExcelJS.AutoFilter | null;
  _views: Partial<ExcelJS.WorksheetView>[];
  _sheetRelsWriter: {
    addRelationship(rel: { Type: string; Target: string }): string;
    addHyperlink(link: { address: string; target: string }): void;
    _hyperlinks: { rId: string; address: string; target?: string }[];
  };
  /** exceljs's StreamBuf: what it pipes into (the zip's deflate stream) once the zip reads it. */
  stream: {
    write(text: string): void;
    pipes?: readonly (Writable & { readonly _writableState?: { readonly length: number } })[];
  };
  _workbook: StreamBook;
  _writeOpenWorksheet(): void;
  _writeRow(row: unknown): void;
  _writeLegacyData(): void;
  commit(): void;
  getRow(row: number): ExcelJS.Row;
  getColumn(column: number): ExcelJS.Column;
  mergeCells(top: number, left: number, bottom: number, right: number): void;
  addConditionalFormatting(cf: ExcelJS.ConditionalFormattingOptions): void;
}
interface StreamBook {
  creator: string;
  created: Date;
  modified: Date;
  media: { name: string }[];
  zip: {
    append(data: string, options: { name: string }): void;
    on(event: 'entry', listener: (entry: { name: string }) => void): void;
  };
  _zipped: Map<string, () => void>;
  _zippedNames: Set<string>;
  /** The drawing parts its content types list (exceljs fills it only in document mode). */
  _drawings: { name: string }[];
  addImage(image: { buffer: Buffer; extension: 'png' }): number;
  addWorksheet(name: string): StreamSheetBase;
  addContentTypes(): Promise<void>;
  commit(): Promise<unknown>;
}
type SheetClass = new (options: Record<string, unknown>) => StreamSheetBase;
type BookClass = new (options: Record<string, unknown>) => StreamBook;

/** A worksheet of the streaming workbook; see the head of this file. */
export interface StreamedSheet extends StreamSheetBase {
  /** Resolves when the committed sheet's part has been compressed into the file. */
  zipped(): Promise<void>;
  /**
   * Resolves once the zip has taken in what the sheet wrote so far (at least one turn of the event
   * loop). exceljs writes a sheet's XML into the deflate stream without waiting for it, so rows
   * written faster than they are compressed waited in memory as uncompressed XML (56 MB of it for
   * a 10,000-monitor workbook): a table streamed row by row waits here every few hundred rows.
   */
  caughtUp(): Promise<void>;
  /** Places a picture (drawn when the sheet is committed). */
  addPicture(png: Buffer, at: Placed['at'], size: Placed['size']): void;
  views: Partial<ExcelJS.WorksheetView>[];
}

/** A streaming workbook whose bytes go to a sink as they are zipped. */
export interface StreamedWorkbook {
  readonly book: StreamBook;
  addWorksheet(name: string): StreamedSheet;
  /** Commits every sheet not yet committed and waits until the sink holds every byte. */
  finish(): Promise<void>;
}

/** Where a streaming workbook's zipped bytes go. */
export interface WorkbookSink {
  readonly stream: Writable;
  /** Resolves once every byte is written; rejects with the error a write failed with. */
  written(): Promise<void>;
}

/** A sink keeping the bytes in memory (tests, and a workbook that is not a file). */
export function memorySink(): WorkbookSink & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done): void {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, written: () => finishedWriting(stream, () => null), bytes: () => Buffer.concat(chunks) };
}

/**
 * A sink writing into an open file, so the workbook is never held whole in memory (7 MB at
 * 10,000 monitors, twice over while it was joined). A failed write is remembered and the rest of
 * the bytes are dropped, never an error event: the zip and a sheet waiting for it would wait for
 * a drain that never comes. `written()` then rejects with it.
 */
export function fileSink(handle: Pick<FileHandle, 'write'>): WorkbookSink {
  let failure: Error | null = null;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done): void {
      if (failure !== null) return done();
      handle.write(chunk).then(
        () => done(),
        (error: unknown) => {
          failure = error instanceof Error ? error : new Error(String(error));
          done();
        },
      );
    },
  });
  return { stream, written: () => finishedWriting(stream, () => failure) };
}

async function finishedWriting(stream: Writable, failure: () => Error | null): Promise<void> {
  if (!stream.writableFinished) await once(stream, 'finish');
  const error = failure();
  if (error !== null) throw error;
}

let classes: { Sheet: SheetClass; Book: BookClass } | undefined;

function streamingClasses(): { Sheet: SheetClass; Book: BookClass } {
  if (classes !== undefined) return classes;
  // In the command's bundle `require` is the bundle's own and these calls are bundled, as the
  // document-mode Workbook is (exceljs-workbook.ts); from src/ or dist/ the package is loaded as installed.
  const bundled = typeof require === 'function';
  const load = bundled ? undefined : createRequire(import.meta.url);
  /* eslint-disable @typescript-eslint/no-require-imports -- the bundle's require, which esbuild follows */
  const BaseSheet = (
    bundled
      ? require('exceljs/lib/stream/xlsx/worksheet-writer.js')
      : load!('exceljs/lib/stream/xlsx/worksheet-writer.js')
  ) as SheetClass;
  const BaseBook = (
    bundled
      ? require('exceljs/lib/stream/xlsx/workbook-writer.js')
      : load!('exceljs/lib/stream/xlsx/workbook-writer.js')
  ) as BookClass;
  const ContentTypesXform = (
    bundled
      ? require('exceljs/lib/xlsx/xform/core/content-types-xform.js')
      : load!('exceljs/lib/xlsx/xform/core/content-types-xform.js')
  ) as new () => { toXml(model: unknown): string };
  /* eslint-enable @typescript-eslint/no-require-imports */

  class Sheet extends BaseSheet implements StreamedSheet {
    // Set after the base constructor, which calls _writeOpenWorksheet: undefined there.
    declare _opened: boolean | undefined;
    declare _pictures: Placed[] | undefined;

    set views(views: Partial<ExcelJS.WorksheetView>[]) {
      this._views = views;
    }
    get views(): Partial<ExcelJS.WorksheetView>[] {
      return this._views;
    }

    override _writeOpenWorksheet(): void {
      if (this._opened !== false) return;
      this._opened = true;
      super._writeOpenWorksheet();
    }

    override _writeRow(row: unknown): void {
      this._writeOpenWorksheet();
      super._writeRow(row);
    }

    override commit(): void {
      if (!this.committed) this._writeOpenWorksheet();
      super.commit();
    }

    zipped(): Promise<void> {
      const name = `xl/worksheets/sheet${this.id}.xml`;
      const book = this._workbook;
      if (book._zippedNames.has(name)) return Promise.resolve();
      return new Promise((resolve) => book._zipped.set(name, resolve));
    }

    async caughtUp(): Promise<void> {
      releaseSpentBuffers();
      await new Promise((resolve) => setImmediate(resolve));
      for (const pipe of this.stream.pipes ?? []) {
        // archiver's PassThrough is readable-stream's (v2): no writableLength, the state holds it.
        if ((pipe.writableLength ?? pipe._writableState?.length ?? 0) > CAUGHT_UP_BYTES)
          await once(pipe, 'drain');
      }
    }

    addPicture(png: Buffer, at: Placed['at'], size: Placed['size']): void {
      const id = this._workbook.addImage({ buffer: png, extension: 'png' });
      this._pictures ??= [];
      this._pictures.push({ media: this._workbook.media[id]!.name, at, size });
    }

    // The drawing goes where the schema puts it: after the page setup and breaks, before the
    // legacy drawing of comments (which this writer writes last).
    override _writeLegacyData(): void {
      const pictures = this._pictures ?? [];
      if (pictures.length > 0) {
        const name = `drawing${this.id}`;
        const rId = this._sheetRelsWriter.addRelationship({
          Type: DRAWING_REL,
          Target: `../drawings/${name}.xml`,
        });
        this.stream.write(`<drawing r:id="${rId}"/>`);
        this._workbook.zip.append(drawingXml(pictures), { name: `/xl/drawings/${name}.xml` });
        this._workbook.zip.append(drawingRelsXml(pictures), { name: `/xl/drawings/_rels/${name}.xml.rels` });
        this._workbook._drawings.push({ name });
      }
      super._writeLegacyData();
    }
  }

  class Book extends BaseBook {
    override _drawings: { name: string }[] = [];
    override _zipped = new Map<string, () => void>();
    override _zippedNames = new Set<string>();
    declare _worksheets: (StreamSheetBase | undefined)[];
    declare sharedStrings: unknown;
    declare commentRefs: unknown;

    // As exceljs's, with the drawings' content types.
    override addContentTypes(): Promise<void> {
      const model = {
        worksheets: this._worksheets.filter(Boolean),
        sharedStrings: this.sharedStrings,
        commentRefs: this.commentRefs,
        media: this.media,
        drawings: this._drawings,
      };
      this.zip.append(new ContentTypesXform().toXml(model), { name: '[Content_Types].xml' });
      return Promise.resolve();
    }

    override addWorksheet(name: string): StreamSheetBase {
      const worksheets = this._worksheets;
      const id = worksheets.length === 0 ? 1 : worksheets.length;
      const sheet = new Sheet({ id, name, workbook: this, useSharedStrings: false });
      sheet._opened = false;
      // exceljs's streaming writer keeps a link's relationship but not its target, so a link
      // within the workbook (#'Monitors'!B12) lost its location attribute, which document mode
      // writes and spreadsheets follow.
      const rels = sheet._sheetRelsWriter;
      const addHyperlink = rels.addHyperlink.bind(rels);
      rels.addHyperlink = (link) => {
        addHyperlink(link);
        const added = rels._hyperlinks.at(-1);
        if (added !== undefined) added.target = link.target;
      };
      worksheets[id] = sheet;
      return sheet;
    }
  }
  classes = { Sheet, Book };
  return classes;
}

/** Loads exceljs's streaming writer now, e.g. while a report waits for the warehouse. */
export function preloadStreamingWorkbook(): void {
  streamingClasses();
}

/** A new streaming workbook writing into `sink`. */
export function streamingWorkbook(sink: WorkbookSink): StreamedWorkbook {
  const { Book } = streamingClasses();
  const book = new Book({ stream: sink.stream, useStyles: true, useSharedStrings: false });
  // A sheet's XML waits in memory until the zip has compressed it: a writer waits for that
  // (SheetWriter.commit) before it writes the next sheet.
  book.zip.on('entry', (entry) => {
    const name = entry.name.replace(/^\//, '');
    book._zippedNames.add(name);
    book._zipped.get(name)?.();
  });
  return {
    book,
    addWorksheet: (name) => book.addWorksheet(name) as StreamedSheet,
    finish: async () => {
      await book.commit();
      await sink.written();
    },
  };
}

function drawingXml(pictures: readonly Placed[]): string {
  const anchors = pictures.map(
    (p, i) =>
      `<xdr:oneCellAnchor editAs="oneCell"><xdr:from><xdr:col>${p.at.col}</xdr:col><xdr:colOff>0</xdr:colOff>` +
      `<xdr:row>${p.at.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>` +
      `<xdr:ext cx="${Math.round(p.size.width * EMU_PER_PIXEL)}" cy="${Math.round(p.size.height * EMU_PER_PIXEL)}"/>` +
      `<xdr:pic><xdr:nvPicPr><xdr:cNvPr id="${i + 1}" name="Picture ${i + 1}"/><xdr:cNvPicPr><a:picLocks noChangeAspect="1"/></xdr:cNvPicPr></xdr:nvPicPr>` +
      `<xdr:blipFill><a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:embed="rId${i + 1}" cstate="print"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill>` +
      `<xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr></xdr:pic><xdr:clientData/></xdr:oneCellAnchor>`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">' +
    `${anchors.join('')}</xdr:wsDr>`
  );
}

function drawingRelsXml(pictures: readonly Placed[]): string {
  const rels = pictures.map(
    (p, i) => `<Relationship Id="rId${i + 1}" Type="${IMAGE_REL}" Target="../media/${p.media}"/>`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`
  );
}
