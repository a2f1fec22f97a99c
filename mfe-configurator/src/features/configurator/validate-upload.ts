import {
  emptyFileMessage,
  fileExtension,
  fileTooLargeMessage,
  isAllowedUploadExtension,
  MAX_FILE_SIZE_BYTES,
  MAX_FILES_PER_UPLOAD,
  NO_FILES_MESSAGE,
  TOO_MANY_FILES_MESSAGE,
  unsupportedFileTypeMessage,
} from '@shop/contracts/upload-options';

/**
 * What is wrong with a selection of files before it is sent (docs/product.md section 5), one message per
 * problem and at most one per file; empty when it can be uploaded. The API checks again, by content.
 */
export function validateUploadSelection(
  files: ReadonlyArray<{ name: string; size: number }>,
): string[] {
  if (files.length === 0) return [NO_FILES_MESSAGE];
  if (files.length > MAX_FILES_PER_UPLOAD) return [TOO_MANY_FILES_MESSAGE];
  const problems: string[] = [];
  for (const file of files) {
    if (!isAllowedUploadExtension(fileExtension(file.name)))
      problems.push(unsupportedFileTypeMessage(file.name));
    else if (file.size > MAX_FILE_SIZE_BYTES)
      problems.push(fileTooLargeMessage(file.name, file.size));
    else if (file.size === 0) problems.push(emptyFileMessage(file.name));
  }
  return problems;
}
