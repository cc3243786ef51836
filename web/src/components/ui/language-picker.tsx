import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { changeLocale, SUPPORTED_LOCALES } from '@/lib/i18n';
import type { Locale } from '@/lib/i18n';

interface LanguagePickerProps {
  /** Only the icon, for narrow headers. */
  compact?: boolean;
}

/** Switches the interface language immediately; the choice is kept locally. */
export function LanguagePicker({ compact = false }: LanguagePickerProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? 'en';

  function handleSelect(locale: Locale) {
    void changeLocale(locale);
  }

  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          px={compact ? 8 : undefined}
          leftSection={compact ? undefined : <IconLanguage size={16} stroke={1.6} />}
          aria-label={
            compact
              ? t('language.picker_label')
              : t('language.picker_current', {
                  language: t(`language.${current === 'es' ? 'es' : 'en'}`),
                })
          }
          data-testid="language-picker"
        >
          {compact ? (
            <IconLanguage size={18} stroke={1.6} />
          ) : (
            t(`language.${current === 'es' ? 'es' : 'en'}`)
          )}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.picker_label')}</Menu.Label>
        {SUPPORTED_LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => {
              handleSelect(locale);
            }}
            rightSection={locale === current ? <IconCheck size={14} /> : null}
          >
            {t(`language.${locale}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
