export { chapterWords, countsTowardManuscript, manuscriptWords } from './manuscript-words';
export type { FreshCounts } from './manuscript-words';
export { useClock } from './use-clock';
export { useLiveToday, useWritingRecorder } from './use-writing-recorder';
export type { WritingRecorderOptions } from './use-writing-recorder';
export {
  addTodayWords,
  chapterTodayNet,
  manuscriptTodayNet,
  manuscriptTodayWords,
} from './today-words';
export type { ChapterGoals, LiveTodayWords, TodayInput } from './today-words';
export {
  clampWords,
  dailyGoal,
  readDaysOff,
  recordWriting,
  SESSION_GAP_MS,
} from './writing-record';
export type { WordCountRecord, WritingRows, WritingSession } from './writing-record';
export { createWritingRecorder, WRITE_INTERVAL_MS } from './writing-recorder';
export type { WritingRecorder } from './writing-recorder';
