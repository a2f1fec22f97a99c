import { describe, expect, it } from 'vitest';
import { validateUploadSelection } from './validate-upload';

const MB = 1024 * 1024;

describe('validateUploadSelection', () => {
  it('accepts up to five files of the allowed types', () => {
    const names = ['a.pdf', 'b.XLSX', 'c.xls', 'd.doc', 'e.docx'];
    expect(validateUploadSelection(names.map((name) => ({ name, size: 100 })))).toEqual([]);
    expect(
      validateUploadSelection(
        ['f.png', 'g.jpg', 'h.jpeg', 'i.txt'].map((name) => ({ name, size: 1 })),
      ),
    ).toEqual([]);
  });

  it('asks for at least one file', () => {
    expect(validateUploadSelection([])).toEqual(['Please select at least one file to upload.']);
  });

  it('refuses more than five at once', () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, size: 10 }));
    expect(validateUploadSelection(six)).toEqual(['You can upload a maximum of 5 files at once.']);
  });

  it('names each file with a problem: type, size over 10MB, empty', () => {
    expect(
      validateUploadSelection([
        { name: 'virus.exe', size: 10 },
        { name: 'huge.pdf', size: 12 * MB },
        { name: 'blank.txt', size: 0 },
        { name: 'fine.png', size: 10 * MB },
      ]),
    ).toEqual([
      'File "virus.exe": Unsupported file type. Please use PDF, Excel, Word, or image files.',
      'File "huge.pdf": File size (12.00MB) exceeds the 10MB limit.',
      'File "blank.txt": File appears to be empty.',
    ]);
  });
});
