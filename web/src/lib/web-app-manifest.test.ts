// The web app manifest that lets browsers install Quire, and the page that links it.
import { describe, expect, it } from 'vitest';

import indexHtml from '../../index.html?raw';
import icon192 from '../../public/icons/icon-192.png?inline';
import icon512 from '../../public/icons/icon-512.png?inline';
import maskable512 from '../../public/icons/icon-maskable-512.png?inline';
import manifestText from '../../public/manifest.webmanifest?raw';
import { isPrecached } from './precache-manifest';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const manifest = JSON.parse(manifestText) as Record<string, unknown> & { icons: ManifestIcon[] };

/** The width and height a PNG (as a data URL) declares in its header. */
function pngSize(dataUrl: string): string {
  const bytes = Uint8Array.from(atob(dataUrl.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  const signature = [...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('');
  if (signature !== 'PNG') throw new Error('not a PNG');
  return `${String(view.getUint32(16))}x${String(view.getUint32(20))}`;
}

const pngs: Record<string, string> = {
  '/icons/icon-192.png': icon192,
  '/icons/icon-512.png': icon512,
  '/icons/icon-maskable-512.png': maskable512,
};

describe('the web app manifest', () => {
  it('is linked from the page, which every built page is', () => {
    const page = new DOMParser().parseFromString(indexHtml, 'text/html');
    expect(page.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    expect(page.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      manifest.theme_color,
    );
  });

  it('says what an installed Quire is and how it opens', () => {
    expect(manifest).toMatchObject({
      name: 'Quire',
      short_name: 'Quire',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#7879f1',
      background_color: '#ffffff',
    });
    expect(manifest.description).toEqual(expect.stringContaining('writing application'));
  });

  it('has icons at 192 and 512 px and a maskable one, each the size it claims', () => {
    const png = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(png.map((icon) => [icon.sizes, icon.purpose ?? 'any'])).toEqual(
      expect.arrayContaining([
        ['192x192', 'any'],
        ['512x512', 'any'],
        ['512x512', 'maskable'],
      ]),
    );
    for (const icon of png) expect(pngSize(pngs[icon.src] ?? '')).toBe(icon.sizes);
  });

  it('is stored by the service worker with its icons, so an installed app opens offline', () => {
    for (const file of ['manifest.webmanifest', ...manifest.icons.map((i) => i.src.slice(1))])
      expect(isPrecached(file)).toBe(true);
  });
});
