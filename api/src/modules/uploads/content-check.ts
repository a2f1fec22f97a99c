// What a file really is, read from its bytes as they stream past (docs/design.md section 8): magic numbers
// for PDF, PNG, JPEG and the legacy Office (OLE) files; for docx and xlsx, which are zip files, the entry
// names in the first and last 64KB only (local headers at the start, the central directory at the end),
// never the whole archive; for text, valid UTF-8 without NUL bytes; for an image, its width and height
// (PNG's header, JPEG's frame header, within the first 1MB). Memory stays bounded by the windows.
import { createHash, type Hash } from 'node:crypto';
import { TextDecoder } from 'node:util';
import type { UploadExtension } from '@shop/contracts';

const WINDOW_BYTES = 64 * 1024;
/** A JPEG's frame header comes after its metadata (EXIF, colour profiles), rarely far in. */
const IMAGE_WINDOW_BYTES = 1024 * 1024;

const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
const ZIP_END_OF_DIRECTORY = 0x06054b50;

interface Inspection {
  size: number;
  sha256: string;
  /** Whether the bytes are what the extension says (an image: with a size that can be read). */
  matchesExtension: boolean;
  /** An image's size in pixels; null for other files. */
  image: { width: number; height: number } | null;
}

/** Fed chunk by chunk; keeps the first and last 64KB, the hash, the size, and the UTF-8 state for text. */
export class ContentInspector {
  private readonly hash: Hash = createHash('sha256');
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);
  private size = 0;
  private readonly utf8: TextDecoder | null;
  private textIsValid = true;
  private readonly headBytes: number;

  constructor(private readonly extension: UploadExtension) {
    this.utf8 = extension === 'txt' ? new TextDecoder('utf-8', { fatal: true }) : null;
    this.headBytes = imageKind(extension) ? IMAGE_WINDOW_BYTES : WINDOW_BYTES;
  }

  push(chunk: Buffer): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.head.length < this.headBytes) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, this.headBytes - this.head.length)]);
    }
    this.tail = Buffer.concat([this.tail, chunk]);
    if (this.tail.length > WINDOW_BYTES)
      this.tail = this.tail.subarray(this.tail.length - WINDOW_BYTES);
    if (this.utf8 && this.textIsValid) {
      if (chunk.includes(0)) {
        this.textIsValid = false;
        return;
      }
      try {
        this.utf8.decode(chunk, { stream: true });
      } catch {
        this.textIsValid = false;
      }
    }
  }

  finish(): Inspection {
    if (this.utf8 && this.textIsValid) {
      try {
        this.utf8.decode(); // an incomplete character at the very end
      } catch {
        this.textIsValid = false;
      }
    }
    const kind = imageKind(this.extension);
    const image = kind ? imageSize(this.head, kind) : null;
    return {
      size: this.size,
      sha256: this.hash.digest('hex'),
      matchesExtension: this.size > 0 && this.matches() && (kind === null || image !== null),
      image,
    };
  }

  private matches(): boolean {
    switch (this.extension) {
      case 'pdf':
        return startsWith(this.head, PDF);
      case 'png':
        return startsWith(this.head, PNG);
      case 'jpg':
      case 'jpeg':
        return startsWith(this.head, JPEG);
      case 'doc':
      case 'xls':
        return startsWith(this.head, OLE);
      case 'docx':
        return this.isOfficeZip('word/');
      case 'xlsx':
        return this.isOfficeZip('xl/');
      case 'txt':
        return this.textIsValid;
    }
  }

  /** A zip whose entries (as far as the windows show) include [Content_Types].xml and the part folder. */
  private isOfficeZip(partFolder: string): boolean {
    if (this.head.length < 4 || this.head.readUInt32LE(0) !== ZIP_LOCAL_HEADER) return false;
    const names = [...localEntryNames(this.head), ...centralDirectoryNames(this.tail)];
    return (
      names.includes('[Content_Types].xml') && names.some((name) => name.startsWith(partFolder))
    );
  }
}

function imageKind(extension: UploadExtension): 'png' | 'jpeg' | null {
  return extension === 'png' ? 'png' : extension === 'jpg' || extension === 'jpeg' ? 'jpeg' : null;
}

/**
 * An image's width and height from its first bytes: a PNG's IHDR chunk (always first), a JPEG's
 * start-of-frame segment (found by walking the segments before it); null when they are not there.
 */
function imageSize(head: Buffer, kind: 'png' | 'jpeg'): { width: number; height: number } | null {
  if (kind === 'png') {
    if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  }
  let offset = 2;
  while (offset + 4 <= head.length) {
    if (head[offset] !== 0xff) return null;
    const marker = head[offset + 1]!;
    // Fill bytes, and markers without a length (restart, start of image).
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    const length = head.readUInt16BE(offset + 2);
    // SOF0 to SOF15, but DHT (C4), JPG (C8) and DAC (CC), which share the range.
    const frame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (frame) {
      if (offset + 9 > head.length) return null;
      return { height: head.readUInt16BE(offset + 5), width: head.readUInt16BE(offset + 7) };
    }
    if (marker === 0xda || length < 2) return null; // the image data began without a frame header
    offset += 2 + length;
  }
  return null;
}

function startsWith(buffer: Buffer, prefix: Buffer): boolean {
  return buffer.length >= prefix.length && buffer.subarray(0, prefix.length).equals(prefix);
}

/** Entry names from the local file headers that lie wholly inside the window. */
function localEntryNames(window: Buffer): string[] {
  const names: string[] = [];
  let offset = 0;
  while (offset + 30 <= window.length && window.readUInt32LE(offset) === ZIP_LOCAL_HEADER) {
    const flags = window.readUInt16LE(offset + 6);
    const compressedSize = window.readUInt32LE(offset + 18);
    const nameLength = window.readUInt16LE(offset + 26);
    const extraLength = window.readUInt16LE(offset + 28);
    if (offset + 30 + nameLength > window.length) break;
    names.push(window.toString('utf8', offset + 30, offset + 30 + nameLength));
    // With a data descriptor (flag bit 3) the size comes after the data: the next header cannot be found.
    if (flags & 0x08) break;
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}

/** Entry names from the central directory, when the end record and the directory fit in the window. */
function centralDirectoryNames(window: Buffer): string[] {
  // The end-of-central-directory record is 22 bytes plus a comment of at most 64KB.
  for (let end = window.length - 22; end >= 0; end--) {
    if (window.readUInt32LE(end) !== ZIP_END_OF_DIRECTORY) continue;
    const directorySize = window.readUInt32LE(end + 12);
    const start = end - directorySize;
    if (start < 0) return [];
    const names: string[] = [];
    let offset = start;
    while (offset + 46 <= end && window.readUInt32LE(offset) === ZIP_CENTRAL_HEADER) {
      const nameLength = window.readUInt16LE(offset + 28);
      const extraLength = window.readUInt16LE(offset + 30);
      const commentLength = window.readUInt16LE(offset + 32);
      if (offset + 46 + nameLength > end) break;
      names.push(window.toString('utf8', offset + 46, offset + 46 + nameLength));
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return [];
}
