import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { toast } from 'shell/store';
import type { ToastInput } from '@shop/contracts';
import type { UploadedFileRef } from '@shop/contracts/label-configuration';
import {
  MAX_FILE_SIZE_MB,
  MAX_FILES_PER_UPLOAD,
  UPLOAD_ACCEPT,
} from '@shop/contracts/upload-options';
import { Button, focusRing, theme, visuallyHidden } from '@shop/ui';
import { FormSection } from '../../../components/form-section';
import { toastsInTurn } from '../../../lib/toasts-in-turn';
import { uploadFailureLines, useUploadFiles } from '../api/upload-files';
import { validateUploadSelection } from '../validate-upload';

const Zone = styled.div<{ $dragging: boolean }>`
  display: grid;
  justify-items: center;
  gap: 0.5rem;
  padding: 1.5rem 1rem;
  border: 2px dashed
    ${({ $dragging }) => ($dragging ? theme.colors.accent : theme.colors.borderStrong)};
  border-radius: ${theme.radius};
  background: ${({ $dragging }) => ($dragging ? theme.colors.accentSoft : theme.colors.page)};
  text-align: center;
  transition:
    border-color 120ms ease,
    background-color 120ms ease;
  p {
    margin: 0;
    color: ${theme.colors.muted};
    font-size: 0.9rem;
  }
  strong {
    color: ${theme.colors.ink};
  }
`;

const FileInput = styled.input`
  ${visuallyHidden}
`;

/** The file input's label, drawn as a button; the (visually hidden) input keeps the focus and the keys. */
const Choose = styled.label`
  display: inline-flex;
  align-items: center;
  min-height: 2.75rem;
  padding: 0 1.125rem;
  border: 1px solid ${theme.colors.brand};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.brand};
  color: #fff;
  font-weight: 650;
  cursor: pointer;
  &:hover {
    background: #0a1d31;
  }
  input:focus-visible + & {
    ${focusRing}
  }
  input:disabled + & {
    opacity: 0.55;
    cursor: progress;
  }
`;

const FileList = styled.ul`
  display: grid;
  gap: 0.5rem;
  margin: 1rem 0 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.75rem;
    padding: 0.375rem 0.375rem 0.375rem 0.875rem;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radiusSmall};
    background: ${theme.colors.surface};
  }
  span {
    min-width: 0;
    overflow-wrap: anywhere;
    font-size: 0.925rem;
  }
`;

const Status = styled.p`
  margin: 0.75rem 0 0;
  font-size: 0.9rem;
  color: ${theme.colors.muted};
`;

interface FileUploadProps {
  files: UploadedFileRef[];
  onFilesAdded(files: UploadedFileRef[]): void;
  onFileRemoved(hashedName: string): void;
}

/**
 * Artwork for the label: chosen or dropped, checked here with the shop's rules, then sent to
 * POST /api/upload; what the server keeps goes into the configuration's files.
 */
export function FileUpload({ files, onFilesAdded, onFileRemoved }: FileUploadProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const upload = useUploadFiles();
  // The upload's toasts still to show; the turn ends with the page.
  const endTurn = useRef(() => {});
  useEffect(() => () => endTurn.current(), []);
  // A removed file's button leaves the page with it: the focus goes to the file now in its place
  // (or the one before it), or to the file chooser once none is left, not back to the page's top.
  const list = useRef<HTMLUListElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = list.current?.querySelectorAll('button') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    (next ?? chooser.current)?.focus();
  }, [files]);
  const remove = (index: number, hashedName: string) => {
    focusAfterRemove.current = index;
    onFileRemoved(hashedName);
  };
  const showInTurn = (toasts: ToastInput[]) => {
    endTurn.current();
    endTurn.current = toastsInTurn(toasts);
  };

  function send(selected: File[]) {
    const problems = validateUploadSelection(selected);
    if (problems.length > 0) {
      toast({
        title: 'File Upload Error',
        description: problems.join('\n'),
        variant: 'destructive',
      });
      return;
    }
    upload.mutate(selected, {
      onSuccess: (answer) => {
        const toasts: ToastInput[] = [];
        if (answer.files.length > 0) {
          onFilesAdded(
            answer.files.map((file) => ({
              hashedName: file.filename,
              originalName: file.originalName,
            })),
          );
          toasts.push({ title: 'Files Uploaded Successfully', description: answer.message });
        }
        // Files the server refused while keeping others: one toast per line, after the success.
        const refused = answer.errors
          .flatMap((e) => e.message.split('\n'))
          .filter((line) => line.trim() !== '');
        const lines =
          answer.files.length === 0 && refused.length === 0
            ? [answer.message || 'Upload failed']
            : refused;
        showInTurn([...toasts, ...lines.map(uploadFailed)]);
      },
      onError: async (error) => {
        showInTurn((await uploadFailureLines(error)).map(uploadFailed));
      },
    });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (upload.isPending) return;
    send(Array.from(event.dataTransfer.files));
  }

  return (
    <FormSection
      step={7}
      title="Artwork files"
      description="Optional: logos, drawings or a spreadsheet of label text. We check every file before engraving."
    >
      <Zone
        $dragging={dragging}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-zone"
      >
        <svg
          width="32"
          height="32"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke={theme.colors.brand}
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 16V4m0 0l-4 4m4-4l4 4" />
          <path d="M4 16v2a2 2 0 002 2h12a2 2 0 002-2v-2" />
        </svg>
        <p>
          <strong>Drag files here</strong> or
        </p>
        <FileInput
          ref={chooser}
          id={id}
          type="file"
          name="files"
          multiple
          accept={UPLOAD_ACCEPT}
          disabled={upload.isPending}
          aria-describedby={`${id}-rules`}
          onChange={(event) => {
            const selected = Array.from(event.target.files ?? []);
            // Cleared, so choosing the same file again is a change too.
            event.target.value = '';
            send(selected);
          }}
        />
        <Choose htmlFor={id}>Choose files to upload</Choose>
        <p id={`${id}-rules`}>
          PDF, Excel, Word, PNG, JPG or text; up to {MAX_FILES_PER_UPLOAD} files at once,{' '}
          {MAX_FILE_SIZE_MB}MB each.
        </p>
      </Zone>
      <div role="status">{upload.isPending && <Status>Uploading…</Status>}</div>
      {files.length > 0 && (
        <FileList ref={list} aria-label="Uploaded files">
          {files.map((file, index) => (
            <li key={file.hashedName}>
              <span>{file.originalName}</span>
              <Button
                type="button"
                $variant="ghost"
                onClick={() => remove(index, file.hashedName)}
                aria-label={`Remove ${file.originalName}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </FileList>
      )}
    </FormSection>
  );
}

/** One refused line of an upload, as its toast. */
function uploadFailed(line: string): ToastInput {
  return { title: 'Upload Failed', description: line, variant: 'destructive' };
}
