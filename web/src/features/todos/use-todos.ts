/**
 * The to-dos of a manuscript, or the writer's global ones (`null`), followed live through the
 * read port: another device's changes show once the sync engine wrote them on this one.
 */
import { useEffect, useState } from 'react';

import type { ReadPort } from '@/storage';

import type { TodoRow } from './todo-rules';

/** `null` until the first answer. */
export function useLiveTodos(reads: ReadPort, manuscriptId: string | null): TodoRow[] | null {
  const [rows, setRows] = useState<TodoRow[] | null>(null);
  useEffect(() => {
    const subscription = reads.liveTodos(manuscriptId).subscribe({
      next: (value) => {
        setRows(value as TodoRow[]);
      },
      error: (error: unknown) => {
        console.warn('Reading the to-dos failed.', error);
        setRows([]);
      },
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [reads, manuscriptId]);
  return rows;
}
