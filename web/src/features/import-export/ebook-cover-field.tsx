/**
 * The ebook's cover in the export dialog: the manuscript's cover shown, chosen from an image
 * file (uploaded, then kept first in the manuscript's `meta.covers`) or removed.
 */
import { Alert, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { uploadFailureText, uploadFile } from '@/lib/uploads';

/** The image types an EPUB shows everywhere. */
export const COVER_TYPES = 'image/png,image/jpeg';

export interface EbookCoverFieldProps {
  manuscriptId: string;
  /** The cover's URL, or null when the manuscript has none. */
  cover: string | null;
  online: boolean;
  /** Keeps `url` as the manuscript's cover, or removes the cover with `null`. */
  onChange: (url: string | null) => Promise<void>;
}

export function EbookCoverField({ manuscriptId, cover, online, onChange }: EbookCoverFieldProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(uploadFailureText(t, error, t('import_export.export.cover_needs_connection')));
    } finally {
      setBusy(false);
    }
  }

  function choose(file: File | null) {
    if (!file) return;
    void run(async () => {
      await onChange(await uploadFile(manuscriptId, file));
    });
  }

  return (
    <Stack gap="xs" data-testid="ebook-cover">
      <Text size="sm" fw={500} id="ebook-cover-label">
        {t('import_export.export.cover')}
      </Text>
      {cover ? (
        <Image
          src={cover}
          alt={t('import_export.export.cover_alt')}
          h={160}
          w="auto"
          fit="contain"
          radius="sm"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('import_export.export.no_cover')}
        </Text>
      )}
      <Group gap="sm">
        <FileButton
          onChange={choose}
          accept={COVER_TYPES}
          disabled={busy || !online}
          inputProps={{ 'data-testid': 'ebook-cover-input' } as object}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPhoto size={16} aria-hidden />}
              loading={busy}
              aria-describedby="ebook-cover-label"
            >
              {cover
                ? t('import_export.export.change_cover')
                : t('import_export.export.choose_cover')}
            </Button>
          )}
        </FileButton>
        {cover && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={busy}
            onClick={() => {
              void run(() => onChange(null));
            }}
          >
            {t('import_export.export.remove_cover')}
          </Button>
        )}
      </Group>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
