import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { useState } from 'react';
import type { ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { TITLE_MAX } from '@/storage';

interface TitleInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'maxLength'> {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
}

/**
 * A single-line title field: at most 255 characters; a paste that would go past the limit is cut to
 * fit and says 'Character limit reached.'; line breaks in a paste become spaces; Enter submits the
 * surrounding form.
 */
export function TitleInput({
  value,
  onChange,
  maxLength = TITLE_MAX,
  error,
  ...props
}: TitleInputProps) {
  const { t } = useTranslation();
  const [limitReached, setLimitReached] = useState(false);

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const pasted = event.clipboardData.getData('text').replace(/[\r\n]+/g, ' ');
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    const room = maxLength - (value.length - (end - start));
    if (pasted.length <= room && !/[\r\n]/.test(event.clipboardData.getData('text'))) {
      setLimitReached(false);
      return;
    }
    event.preventDefault();
    const fitted = pasted.slice(0, Math.max(0, room));
    onChange(value.slice(0, start) + fitted + value.slice(end));
    setLimitReached(pasted.length > room);
    const caret = start + fitted.length;
    requestAnimationFrame(() => {
      input.setSelectionRange(caret, caret);
    });
  }

  return (
    <TextInput
      {...props}
      value={value}
      maxLength={maxLength}
      onPaste={handlePaste}
      onChange={(event) => {
        setLimitReached(false);
        onChange(event.currentTarget.value);
      }}
      error={error ?? (limitReached ? t('manuscripts.validation.character_limit') : undefined)}
    />
  );
}
