// Where uploaded files live, behind one interface (docs/design.md section 8): a local folder by default; an
// object store (S3, GCS) for several replicas would implement the same three operations. Files are named
// by the SHA-256 of their content, so storing the same file twice keeps one copy and a name never
// changes meaning.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

export interface IncomingFile {
  /** Where the bytes are written while they arrive. */
  stream: Writable;
  /** Keeps the file under its final name (an existing file of that name is kept: same content). */
  commit(name: string): Promise<void>;
  /** Throws the bytes away. */
  discard(): Promise<void>;
}

export interface UploadStore {
  /** A place for a file that is still arriving and not yet checked. */
  begin(): Promise<IncomingFile>;
  /** The stored file, or null when there is none of that name. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  /**
   * Removes the stored file unless it was written at `writtenBefore` or later (an upload of the same
   * bytes kept it again meanwhile): whether it went.
   */
  remove(name: string, writtenBefore: Date): Promise<boolean>;
}

/** An upload still arriving after this long was cut off by a crash: its leftover is removed. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

async function removeAbandoned(incoming: string): Promise<void> {
  const cutoff = Date.now() - ABANDONED_AFTER_MS;
  for (const name of await readdir(incoming)) {
    const file = path.join(incoming, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
  }
}

/** Files under `folder`; arriving files in `folder/.incoming` (same disk, so keeping one is a rename). */
export function localFolderStore(folder: string): UploadStore {
  const incoming = path.join(folder, '.incoming');
  let ready: Promise<unknown> | undefined;
  // Once per process, on first use: the folders, and what a crash left half-written.
  const ensureFolders = () =>
    (ready ??= mkdir(incoming, { recursive: true }).then(() =>
      removeAbandoned(incoming).catch(() => {}),
    ));

  return {
    async begin() {
      await ensureFolders();
      const temporary = path.join(incoming, `${Date.now()}-${randomBytes(8).toString('hex')}`);
      const stream = createWriteStream(temporary, { flags: 'wx' });
      const closed = new Promise<void>((resolve) => {
        stream.once('close', () => resolve());
      });
      const discard = async () => {
        stream.destroy();
        await closed;
        await rm(temporary, { force: true });
      };
      return {
        stream,
        discard,
        async commit(name) {
          await closed;
          // rename replaces an existing file atomically; the content is the same, so either is right.
          await rename(temporary, path.join(folder, path.basename(name)));
        },
      };
    },

    async open(name) {
      const file = path.join(folder, path.basename(name));
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async remove(name, writtenBefore) {
      await ensureFolders();
      const file = path.join(folder, path.basename(name));
      // Moved aside first (a rename is atomic), so an upload keeping the same bytes under the name
      // meanwhile either comes after it (its file stays) or is the file moved, which is then fresh.
      const aside = path.join(incoming, `${Date.now()}-${randomBytes(8).toString('hex')}-removed`);
      try {
        await rename(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
      if ((await stat(aside)).mtimeMs >= writtenBefore.getTime()) {
        await rename(aside, file);
        return false;
      }
      await rm(aside, { force: true });
      return true;
    },
  };
}
