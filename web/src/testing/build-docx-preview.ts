/**
 * A .docx preview as the server answers it, for the import's tests: three chapters, the second
 * with a subchapter, and a ledger that `ledger` can change.
 */
import type { ImportPreview } from '@/features/import-export/import-api';

const blocks = (texts: string[]) => texts.map((text, index) => ({ index, text }));

export function buildPreview(ledger: Partial<ImportPreview['ledger']> = {}): ImportPreview {
  const counts = { words: 1200, paragraphs: 40, footnotes: 2, comments: 1, images: 0 };
  return {
    file_name: 'Novel.docx',
    title: 'The Long Night',
    sections: [
      {
        index: 0,
        level: 'chapter',
        title: 'Chapter One',
        words: 500,
        paragraphs: 16,
        footnotes: 2,
        comments: 1,
        images: 0,
        blocks: blocks(['It was late.', 'The rain kept on.', '', 'Morning came.']),
      },
      {
        index: 1,
        level: 'chapter',
        title: 'Chapter Two',
        words: 400,
        paragraphs: 14,
        footnotes: 0,
        comments: 0,
        images: 0,
        blocks: blocks(['She woke.', 'The house was empty.']),
      },
      {
        index: 2,
        level: 'subchapter',
        title: 'The Letter',
        words: 100,
        paragraphs: 4,
        footnotes: 0,
        comments: 0,
        images: 0,
        blocks: blocks(['A letter lay on the mat.']),
      },
      {
        index: 3,
        level: 'chapter',
        title: 'Chapter Three',
        words: 200,
        paragraphs: 6,
        footnotes: 0,
        comments: 0,
        images: 0,
        blocks: blocks(['Days passed.', 'Then weeks.']),
      },
    ],
    ledger: {
      found: counts,
      created: counts,
      unsupported: [],
      warnings: [],
      ...ledger,
    },
  };
}
