/**
 * The look of a written cell as an exceljs style model, and one shared model per distinct look.
 * exceljs gives every cell its own style object, and when the workbook is written it turns each
 * object into a style id, object by object (remembered in a WeakMap keyed by the object). Sharing
 * one frozen object among the cells that look alike saves an object per cell and all but one of
 * those conversions: the 94,000 cells of a 1,000-monitor SLA workbook use a few dozen looks.
 */
import type ExcelJS from 'exceljs';
import { NUMBER_FORMATS, type CellStyle } from './cell-types.ts';

/** An exceljs style model. */
export type StyleModel = Partial<ExcelJS.Style>;

/** How exceljs picks a number format for a cell without one: by the kind of its value. */
export type ValueKind = 'number' | 'date' | 'other';

const LINK_COLOR = 'FF0563C1';

/**
 * The model of a cell that had `base` and is written with `style`: a link's font, then bold, size
 * and colour over it, the fill, the number format, wrapping and alignment (text at the top). With
 * `top`, every cell of a table row starts at its top, like the wrapped ones beside it.
 */
export function styleModel(base: StyleModel, link: boolean, style: CellStyle, top: boolean): StyleModel {
  const model: StyleModel = { ...base };
  if (link) model.font = { color: { argb: LINK_COLOR }, underline: true };
  if (style.bold !== undefined || style.size !== undefined || style.color !== undefined) {
    model.font = {
      ...model.font,
      bold: style.bold,
      size: style.size,
      color: style.color === undefined ? undefined : { argb: style.color },
    };
  }
  if (style.fill !== undefined)
    model.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: style.fill } };
  if (style.format !== undefined) model.numFmt = NUMBER_FORMATS[style.format];
  if (style.wrap === true || style.align !== undefined || style.indent !== undefined) {
    model.alignment = {
      wrapText: style.wrap === true,
      horizontal: style.align ?? (style.indent === undefined ? undefined : 'left'),
      vertical: 'top',
      ...(style.indent === undefined ? {} : { indent: style.indent }),
    };
  }
  if (top) model.alignment = { ...model.alignment, vertical: 'top' };
  return model;
}

/** The shared, frozen style models of one workbook. */
export class StyleCache {
  readonly #models = new Map<string, StyleModel>();

  /**
   * The model of a cell without any style yet. Without a number format exceljs adds one by the
   * value's kind (General for numbers, a date format for dates) and remembers the result per
   * object, so such looks are shared only among values of one kind.
   */
  fresh(link: boolean, style: CellStyle, top: boolean, kind: ValueKind): StyleModel {
    // One template, not an array joined: this runs for every cell of a workbook. (An absent
    // field reads as the empty text, as join wrote it.)
    const key = `${link ? 1 : 0}|${style.bold ?? ''}|${style.size ?? ''}|${style.fill ?? ''}|${style.color ?? ''}|${
      style.format ?? ''
    }|${style.wrap ?? ''}|${style.align ?? ''}|${style.indent ?? ''}|${top ? 1 : 0}|${style.format === undefined ? kind : ''}`;
    let model = this.#models.get(key);
    if (model === undefined) {
      model = deepFreeze(styleModel({}, link, style, top));
      this.#models.set(key, model);
    }
    return model;
  }
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) {
    if (inner !== null && typeof inner === 'object') deepFreeze(inner as object);
  }
  return Object.freeze(value);
}
