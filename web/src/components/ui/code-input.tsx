import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';

import { LIMITS } from '@/lib/validation';

interface CodeInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value?: string;
  onChange: (value: string) => void;
}

/** A six-digit SMS or authenticator code: digits only, at most six, one-time-code autofill. */
export function CodeInput({ value = '', onChange, ...props }: CodeInputProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, LIMITS.codeLength));
  }
  return (
    <TextInput
      {...props}
      value={value}
      onChange={handleChange}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={LIMITS.codeLength}
      styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
