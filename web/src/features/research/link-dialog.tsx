/**
 * Adding or changing a link item: its address (required, a valid https address, as every link
 * field; `example.com` becomes `https://example.com/`) and the title the writer gives it
 * (optional: the address shows without one). Nothing is fetched from the linked page.
 */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SMALL_MODAL_SIZE, TitleInput, useBusySubmit } from '@/components/ui';
import { normalizeLink } from '@/lib/links';

import { cleanName, RESEARCH_NAME_MAX } from './research-rules';

interface LinkDialogProps {
  title: string;
  submitLabel: string;
  initial?: { url: string; title: string };
  onSubmit: (link: { url: string; title: string }) => Promise<void>;
  onClose: () => void;
}

export function LinkDialog({ title, submitLabel, initial, onSubmit, onClose }: LinkDialogProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initial?.url ?? '');
  const [name, setName] = useState(initial?.title ?? '');
  const [error, setError] = useState<string | undefined>(undefined);
  const { busy, run } = useBusySubmit();

  async function submit() {
    if (url.trim() === '') {
      setError(t('research.link.url_required'));
      return;
    }
    const href = normalizeLink(url);
    if (href === null) {
      setError(t('research.link.url_invalid'));
      return;
    }
    await run(() => onSubmit({ url: href, title: cleanName(name) }));
  }

  return (
    <Modal opened onClose={onClose} title={title} size={SMALL_MODAL_SIZE} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('research.link.url')}
            placeholder="https://"
            type="url"
            value={url}
            required
            error={error}
            data-autofocus
            autoComplete="off"
            maxLength={2048}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setError(undefined);
            }}
          />
          <TitleInput
            label={t('research.link.title')}
            value={name}
            maxLength={RESEARCH_NAME_MAX}
            autoComplete="off"
            onChange={setName}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
