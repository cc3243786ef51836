// PNG files made in pure JS (Node's zlib for the deflate): small smooth pictures for the novel,
// and large ones of random pixels (incompressible) to bring a .docx to a given size.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG of `width` × `height`, pixel (x, y) coloured by `pixel(x, y)` → [r, g, b]. */
export function png(width, height, pixel) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let at = 0;
  for (let y = 0; y < height; y += 1) {
    raw[at++] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      raw[at++] = r;
      raw[at++] = g;
      raw[at++] = b;
    }
  }
  return encode(width, height, raw);
}

/** The PNG file of `raw` (rows of RGB bytes, each after its filter byte). */
function encode(width, height, raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small picture: a gradient with a band whose place depends on `n`. */
export function smallPicture(n, width = 96, height = 64) {
  return png(width, height, (x, y) => {
    const band = Math.abs(((x + y + n * 17) % 48) - 24) < 4;
    return band ? [40, 40, 60] : [(x * 255) / width, (y * 255) / height, (n * 53) % 256];
  });
}

/** A PNG of about `bytes` bytes of random pixels from `random()` (deflate cannot shrink it). */
export function noisePicture(bytes, random) {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const raw = Buffer.alloc((side * 3 + 1) * side);
  for (let at = 0; at < raw.length; at += 1) raw[at] = at % (side * 3 + 1) === 0 ? 0 : (random() * 256) | 0;
  return encode(side, side, raw);
}
