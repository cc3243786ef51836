/**
 * `GET stats_word_counts/nanowrimo/{id}?from&to`: a manuscript's words per UTC day with the
 * running total, every day of the range included (online only).
 */
import { z } from 'zod';

import { api } from '@/lib/api';

const daySchema = z.looseObject({ date: z.string(), words: z.number(), total: z.number() });

const totalsSchema = z.looseObject({
  manuscript_id: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(daySchema),
  total: z.number(),
});

export type NanowrimoTotals = z.infer<typeof totalsSchema>;

export type FetchNanowrimo = (
  manuscriptId: string,
  from: string,
  to: string,
) => Promise<NanowrimoTotals>;

export const fetchNanowrimo: FetchNanowrimo = (manuscriptId, from, to) =>
  api.get(`/stats_word_counts/nanowrimo/${encodeURIComponent(manuscriptId)}`, totalsSchema, {
    from,
    to,
  });
