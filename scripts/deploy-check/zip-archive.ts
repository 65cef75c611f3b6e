/**
 * Reads the zips Netlify's bundler writes (issue 26 point 4): what each holds, with sizes, and
 * unpacks one into a folder. Only what zip-it-and-ship-it writes is supported (stored or deflated
 * entries, no zip64, no encryption); anything else is an error, never a silent skip.
 */
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** Bytes in the zip. */
  compressedSize: number;
  /** Bytes once unpacked. */
  size: number;
  /** Unix mode (type and permissions) when the zip records one. */
  mode: number;
  isDirectory: boolean;
  isSymlink: boolean;
  /** The entry's unpacked bytes. */
  read: () => Buffer;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;

/** The entries of a zip file, in the order of its central directory. */
export function readZip(file: string): ZipEntry[] {
  const zip = readFileSync(file);
  // The end record is the last 22 bytes, unless a comment follows it (at most 65,535 bytes).
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error(`${file}: not a zip file`);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new Error(`${file}: zip64 archives are not supported`);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== CENTRAL_FILE_HEADER) throw new Error(`${file}: broken central directory`);
    const flags = zip.readUInt16LE(offset + 8);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const externalAttributes = zip.readUInt32LE(offset + 38);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) throw new Error(`${file}: ${name} is encrypted`);
    if (method !== 0 && method !== 8) throw new Error(`${file}: ${name} uses compression method ${method}`);
    const mode = externalAttributes >>> 16;
    entries.push({
      name,
      compressedSize,
      size,
      mode,
      isDirectory: name.endsWith('/') || (mode & S_IFMT) === S_IFDIR,
      isSymlink: (mode & S_IFMT) === S_IFLNK,
      read: () => {
        if (zip.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER) throw new Error(`${file}: broken entry ${name}`);
        const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
        const data = zip.subarray(start, start + compressedSize);
        return method === 0 ? Buffer.from(data) : inflateRawSync(data);
      },
    });
  }
  return entries;
}

/** Unpacks a zip into `directory` (created), keeping executable bits and symbolic links. */
export function extractZip(file: string, directory: string): void {
  const root = path.resolve(directory);
  mkdirSync(root, { recursive: true });
  for (const entry of readZip(file)) {
    const target = path.resolve(root, entry.name);
    if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`${file}: ${entry.name} points outside the folder`);
    if (entry.isDirectory) {
      mkdirSync(target, { recursive: true });
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    if (entry.isSymlink) {
      symlinkSync(entry.read().toString('utf8'), target);
      continue;
    }
    writeFileSync(target, entry.read());
    if (entry.mode & 0o111) chmodSync(target, entry.mode & 0o777);
  }
}
