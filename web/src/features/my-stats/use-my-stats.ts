/**
 * My Stats' data: the user's word count records, writing sessions and manuscripts from this
 * device's store (live), and the figures the two tabs show, computed in the writer's zone.
 */
import { useMemo } from 'react';

import { useLiveQuery } from '@/lib/use-live-query';
import { DAY_MS } from '@/lib/writing/calendar';
import { lifetimeStats, msByDay, wordsByDay } from '@/lib/writing/lifetime-stats';
import type { LifetimeStats } from '@/lib/writing/lifetime-stats';
import { zone } from '@/lib/writing/zone';
import type { Zone } from '@/lib/writing/zone';
import type { LocalRecord, ReadPort } from '@/storage';

import { streaks, wordsByHourOfDay } from './figures';
import type { Streaks } from './figures';

export interface HourRecord {
  manuscript_id: string;
  date: number;
  words: number;
}

export interface SessionRecord {
  manuscript_id: string;
  start: number;
  end: number;
}

export interface StatsManuscript {
  id: string;
  title: string;
  goals: { words?: unknown; deadline?: unknown; daysoff?: unknown } | null;
  words: number;
}

export interface MyStatsRows {
  records: HourRecord[];
  sessions: SessionRecord[];
  manuscripts: StatsManuscript[];
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function hourRecords(rows: readonly LocalRecord[]): HourRecord[] {
  return rows.flatMap((row) => {
    const date = num(row.date);
    return date === null
      ? []
      : [{ manuscript_id: row.manuscript_id ?? '', date, words: num(row.words) ?? 0 }];
  });
}

function sessionRecords(rows: readonly LocalRecord[]): SessionRecord[] {
  return rows.flatMap((row) => {
    const start = num(row.start);
    const end = num(row.end);
    return start === null || end === null
      ? []
      : [{ manuscript_id: row.manuscript_id ?? '', start, end }];
  });
}

function statsManuscripts(rows: readonly LocalRecord[]): StatsManuscript[] {
  return rows
    .filter((row) => (row.deleted_at ?? null) === null && row.shared_with_me !== 1)
    .map((row) => {
      const goals = row.goals;
      const stats = row.stats as { words?: unknown } | null | undefined;
      return {
        id: row.id,
        title: typeof row.title === 'string' ? row.title : '',
        goals: typeof goals === 'object' && goals !== null ? goals : null,
        words: num(stats?.words) ?? 0,
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** The user's rows, live; undefined until all three have answered. */
export function useMyStatsRows(reads: ReadPort): MyStatsRows | undefined {
  const words = useLiveQuery(useMemo(() => reads.liveUserParts('stats_word_counts'), [reads]));
  const sessions = useLiveQuery(useMemo(() => reads.liveUserParts('writing_sessions'), [reads]));
  const shelf = useLiveQuery(useMemo(() => reads.liveShelf('manuscripts'), [reads]));
  return useMemo(
    () =>
      words && sessions && shelf
        ? {
            records: hourRecords(words),
            sessions: sessionRecords(sessions),
            manuscripts: statsManuscripts(shelf as unknown as LocalRecord[]),
          }
        : undefined,
    [words, sessions, shelf],
  );
}

export interface MyStatsFigures {
  zone: Zone;
  now: number;
  today: number;
  lifetime: LifetimeStats;
  wordsPerDay: Map<number, number>;
  minutesPerDay: Map<number, number>;
  wordsPerHour: number[];
  streaks: Streaks;
}

/** Every figure of the two tabs from the rows, in the writer's zone. */
export function myStatsFigures(rows: MyStatsRows, timezone: string, now: number): MyStatsFigures {
  const z = zone(timezone);
  const today = z.dayOf(now);
  const wordsPerDay = wordsByDay(rows.records, z);
  const msPerDay = msByDay(rows.sessions, z);
  const minutesPerDay = new Map<number, number>();
  for (const [day, ms] of msPerDay) minutesPerDay.set(day, Math.floor(ms / 60_000));
  return {
    zone: z,
    now,
    today,
    lifetime: lifetimeStats({
      timezone: z.timeZone,
      now,
      wordCounts: rows.records,
      sessions: rows.sessions,
    }),
    wordsPerDay,
    minutesPerDay,
    wordsPerHour: wordsByHourOfDay(rows.records, z),
    streaks: streaks(wordsPerDay, today),
  };
}

/** A local day number as the instant a UTC formatter reads as that calendar date. */
export const dayDate = (day: number) => new Date(day * DAY_MS);
