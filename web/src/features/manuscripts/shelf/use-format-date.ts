import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats epoch milliseconds as a medium date in the interface language. */
export function useFormatDate(): (epochMs: number | null | undefined) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    return (epochMs) => (epochMs === null || epochMs === undefined ? '' : format.format(epochMs));
  }, [i18n.language]);
}
