import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useProblemText } from '@/lib/validation';

import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, phoneCountry } from './phone/phone-countries';
import { formatPhoneInput, phoneProblem } from './phone/phone-rules';

export interface PhoneEntry {
  countryCode: string;
  phone: string;
}

function useCountryOptions() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    let regions: Intl.DisplayNames | null = null;
    try {
      regions = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      regions = null;
    }
    return PHONE_COUNTRIES.map((country) => ({
      value: country.shortName,
      label: `${regions?.of(country.shortName) ?? country.name} (+${country.dialCode})`,
    })).sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [locale]);
}

interface SmsPhoneFormProps {
  initial: PhoneEntry | null;
  onSubmit: (entry: PhoneEntry) => Promise<void>;
}

/** SMS set-up, step 1: the country and the phone number, formatted as the country writes it. */
export function SmsPhoneForm({ initial, onSubmit }: SmsPhoneFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const countries = useCountryOptions();
  const form = useForm<PhoneEntry>({
    initialValues: initial ?? { countryCode: DEFAULT_PHONE_COUNTRY, phone: '' },
    validate: {
      phone: (value, values) => problemText(phoneProblem(value, phoneCountry(values.countryCode))),
    },
  });
  const country = phoneCountry(form.values.countryCode);

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <Select
          label={t('account.security.sms_setup.country')}
          data={countries}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('account.security.sms_setup.country_nothing_found')}
          value={form.values.countryCode}
          onChange={(value) => {
            const next = phoneCountry(value ?? DEFAULT_PHONE_COUNTRY);
            form.setValues({
              countryCode: next.shortName,
              phone: formatPhoneInput(form.values.phone, next),
            });
          }}
        />
        <TextInput
          label={t('account.security.sms_setup.phone')}
          type="tel"
          autoComplete="tel-national"
          placeholder={country.placeholder}
          leftSection={`+${country.dialCode}`}
          leftSectionWidth={country.dialCode.length * 9 + 28}
          required
          data-autofocus
          value={form.values.phone}
          error={form.errors.phone}
          onChange={(event) => {
            form.setFieldValue('phone', formatPhoneInput(event.currentTarget.value, country));
            form.clearFieldError('phone');
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('account.security.sms_setup.send_code')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
