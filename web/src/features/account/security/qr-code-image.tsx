import { Image, Skeleton } from '@mantine/core';
import { toString as qrToSvg } from 'qrcode';
import { useEffect, useState } from 'react';

interface QrCodeImageProps {
  /** The text to encode (an `otpauth://` URI). */
  value: string;
  alt: string;
  size?: number;
}

/** A QR code drawn as SVG in the browser; the secret never leaves the page. */
export function QrCodeImage({ value, alt, size = 192 }: QrCodeImageProps) {
  const [svg, setSvg] = useState<{ value: string; src: string } | null>(null);
  useEffect(() => {
    let active = true;
    qrToSvg(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (markup) => {
        if (active) {
          setSvg({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` });
        }
      },
      (error: unknown) => {
        console.warn('Could not draw the QR code', error);
      },
    );
    return () => {
      active = false;
    };
  }, [value]);
  if (svg?.value !== value) return <Skeleton w={size} h={size} />;
  return <Image src={svg.src} alt={alt} w={size} h={size} bg="white" radius="sm" />;
}
