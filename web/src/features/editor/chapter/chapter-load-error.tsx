import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The alert a chapter shows instead of its editor; a retry button when one is given. */
function ChapterAlert({ body, onRetry }: { body: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={t('chapter_editor.load_error.title')}
      role="alert"
      m="md"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{body}</Text>
        {onRetry && (
          <Button variant="light" color="red" onClick={onRetry}>
            {t('chapter_editor.load_error.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Shown by the page when a chapter's document could not be opened; it never writes anything. */
export function ChapterLoadError(props: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <ChapterAlert body={t('chapter_editor.load_error.body')} onRetry={props.onRetry} />;
}

/** Shown instead of the editor when the stored text holds what this editor cannot show. */
export function ChapterContentError() {
  const { t } = useTranslation();
  return <ChapterAlert body={t('chapter_editor.content_error')} />;
}
