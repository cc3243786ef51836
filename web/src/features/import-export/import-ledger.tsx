/**
 * The preview's ledger: what the file holds against what the import creates, row by row, with
 * "nothing lost" or the difference explained, the parts that cannot be imported and warnings.
 */
import { Alert, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { ImportPreview } from './import-api';
import { LEDGER_KEYS } from './import-api';

const KNOWN_KINDS = new Set([
  'text_box',
  'equation',
  'smart_art',
  'chart',
  'embedded_object',
  'field',
]);
const KNOWN_WARNINGS = new Set([
  'tracked_changes_accepted',
  'image_unsupported',
  'image_type_mismatch',
  'broken_relationship',
  'styles_missing',
  'merged_cells_split',
]);

export function ImportLedger({
  ledger,
  excluded,
}: {
  ledger: ImportPreview['ledger'];
  /** Whether the writer left a section out (the ledger counts the whole file). */
  excluded: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const differs = LEDGER_KEYS.filter((key) => ledger.found[key] !== ledger.created[key]);

  return (
    <Stack gap="sm" data-testid="import-ledger">
      <Title order={3} size="h5">
        {t('import_export.ledger.title')}
      </Title>
      <Table.ScrollContainer minWidth={280}>
        <Table striped withTableBorder>
          <Table.Caption>{t('import_export.ledger.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('import_export.ledger.what')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('import_export.ledger.found')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('import_export.ledger.created')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {LEDGER_KEYS.map((key) => (
              <Table.Tr key={key} data-differs={differs.includes(key) || undefined}>
                <Table.Th scope="row" fw={500}>
                  {t(`import_export.ledger.${key}`)}
                </Table.Th>
                <Table.Td ta="right">{number(ledger.found[key])}</Table.Td>
                <Table.Td ta="right" fw={differs.includes(key) ? 700 : undefined}>
                  {number(ledger.created[key])}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {differs.length === 0 ? (
        <Alert color="teal" variant="light" role="note" icon={<IconCircleCheck size={18} />}>
          {t('import_export.ledger.nothing_lost')}
        </Alert>
      ) : (
        <Alert color="yellow" variant="light" role="note" icon={<IconAlertTriangle size={18} />}>
          <List size="sm" spacing={2}>
            {differs.map((key) => (
              <List.Item key={key}>
                {t(`import_export.ledger.${key}`)}:{' '}
                {t('import_export.ledger.difference', {
                  found: number(ledger.found[key]),
                  created: number(ledger.created[key]),
                })}
              </List.Item>
            ))}
          </List>
          <Text size="sm" mt="xs">
            {t('import_export.ledger.difference_explained')}
          </Text>
        </Alert>
      )}
      {excluded && (
        <Text size="sm" c="dimmed">
          {t('import_export.ledger.excluded_note')}
        </Text>
      )}
      {ledger.unsupported.length > 0 && (
        <div>
          <Title order={4} size="h6">
            {t('import_export.ledger.unsupported_title')}
          </Title>
          <List size="sm" spacing={2} data-testid="import-unsupported">
            {ledger.unsupported.map((part) => (
              <List.Item key={part.kind}>
                {t('import_export.ledger.unsupported_item', {
                  label: KNOWN_KINDS.has(part.kind)
                    ? t(
                        `import_export.ledger.kinds.${part.kind}` as 'import_export.ledger.kinds.text_box',
                      )
                    : part.kind,
                  count: part.count,
                })}
                {' — '}
                {t(
                  part.text_kept
                    ? 'import_export.ledger.text_kept'
                    : 'import_export.ledger.text_lost',
                )}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {ledger.warnings.length > 0 && (
        <div>
          <Title order={4} size="h6">
            {t('import_export.ledger.warnings_title')}
          </Title>
          <List size="sm" spacing={2} data-testid="import-warnings">
            {ledger.warnings.map((warning) => (
              <List.Item key={warning.code}>
                {t('import_export.ledger.warning_item', {
                  label: KNOWN_WARNINGS.has(warning.code)
                    ? t(
                        `import_export.ledger.warnings.${warning.code}` as 'import_export.ledger.warnings.styles_missing',
                      )
                    : warning.code,
                  count: warning.count,
                })}
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
