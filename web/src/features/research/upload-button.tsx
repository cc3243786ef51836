/**
 * Choosing a file to upload for research: a cover or picture (PNG, JPEG, GIF, WebP) or a
 * document (PDF), with research's texts for a refusal.
 */
import { IconFileTypePdf, IconPhotoPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { UploadButton as FileUploadButton } from '@/components/ui';
import { DOCUMENT_TYPES, IMAGE_TYPES } from '@/lib/uploads';

interface UploadButtonProps {
  manuscriptId: string;
  /** A picture, or a PDF document. */
  accept: 'image' | 'document';
  label: string;
  onUploaded: (url: string, file: File) => void | Promise<void>;
  testId: string;
}

export function UploadButton({ accept, ...props }: UploadButtonProps) {
  const { t } = useTranslation();
  const Icon = accept === 'image' ? IconPhotoPlus : IconFileTypePdf;
  return (
    <FileUploadButton
      {...props}
      types={accept === 'image' ? IMAGE_TYPES : DOCUMENT_TYPES}
      icon={<Icon size={16} aria-hidden />}
      texts={{
        tooLarge: t('research.upload.too_large'),
        unsupported: t(
          accept === 'image' ? 'research.upload.not_picture' : 'research.upload.not_pdf',
        ),
        needsConnection: t('research.upload.needs_connection'),
      }}
    />
  );
}
