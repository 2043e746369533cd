/**
 * The text inside a zip file (an .xlsx workbook is one): every entry inflated and decoded, so a
 * secret scan reads what the workbook holds rather than its compressed bytes, where a password
 * would never show. Reads the central directory, so entries written with data descriptors (sizes
 * known only after the data) are handled too.
 */
import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** Each entry's name and its content as UTF-8 text. */
export function zipEntriesText(zip: Buffer): { name: string; text: string }[] {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip file: no end-of-directory record');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; text: string }[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error(`zip directory entry ${n} is damaged`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (zip.readUInt32LE(local) !== LOCAL_HEADER) throw new Error(`zip entry ${name} has no local header`);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    const raw = method === 0 ? data : method === 8 ? inflateRawSync(data) : undefined;
    if (raw === undefined) throw new Error(`zip entry ${name} uses compression method ${method}`);
    entries.push({ name, text: raw.toString('utf8') });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
