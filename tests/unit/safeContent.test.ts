/**
 * The sniffer that decides whether a stored file may be shown inline: it names the allow-listed
 * image and video formats from their first bytes, and nothing a browser could run as a page.
 */
import { describe, expect, it } from 'vitest';
import { filePresentation } from '../../server/http/fileReply.ts';
import { entryName } from '../../server/http/media/mediaZip.ts';
import { refuseKey } from '../../server/media/ownedKey.ts';
import { sniffInlineType } from '../../server/media/safeContent.ts';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)),
  );
const size = (n: number) => [0, 0, 0, n];

/** `count` MPEG-TS packets of 188 bytes, each opening with the sync byte. */
function transportStream(count: number): Uint8Array {
  const out = new Uint8Array(count * 188);
  for (let i = 0; i < count; i++) out[i * 188] = 0x47;
  return out;
}

describe('sniffInlineType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'image/png'],
    ['GIF', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', size(0), 'WEBPVP8 '), 'image/webp'],
    ['AVI', bytes('RIFF', size(0), 'AVI LIST'), 'video/x-msvideo'],
    ['TIFF', bytes([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), 'image/tiff'],
    ['BMP', bytes('BM', new Array<number>(12).fill(0), [40, 0, 0, 0]), 'image/bmp'],
    ['MP4', bytes(size(32), 'ftypisom', size(0)), 'video/mp4'],
    ['MOV', bytes(size(20), 'ftypqt  ', size(0)), 'video/quicktime'],
    ['old MOV', bytes(size(8), 'wide', size(0), 'mdat'), 'video/quicktime'],
    ['AVIF', bytes(size(28), 'ftypavif', size(0)), 'image/avif'],
    ['HEIC', bytes(size(24), 'ftypheic', size(0)), 'image/heic'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'), 'video/webm'],
    [
      'MKV',
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], 'matroska'),
      'video/x-matroska',
    ],
    ['MPEG-TS', transportStream(3), 'video/mp2t'],
  ])('names %s', (_, sample, type) => {
    expect(sniffInlineType(sample)).toBe(type);
  });

  it.each([
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['HTML after a BOM', bytes([0xef, 0xbb, 0xbf], '<html>')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['XML', bytes('<?xml version="1.0"?><x/>')],
    ['PDF', bytes('%PDF-1.7\n')],
    ['text', bytes('just words')],
    ['nothing', new Uint8Array(0)],
    ['a cut JPEG signature', bytes([0xff, 0xd8])],
    ['a RIFF of another form', bytes('RIFF', size(0), 'WAVEfmt ')],
    ['one TS packet only', transportStream(1)],
    ['a TS whose second packet is off', bytes([0x47], new Array<number>(200).fill(0x20))],
    ['text that starts with BM', bytes('BMW drove by at night')],
  ])('refuses %s', (_, sample) => {
    expect(sniffInlineType(sample)).toBeNull();
  });
});

describe('filePresentation', () => {
  const jpeg = bytes([0xff, 0xd8, 0xff, 0xdb]);
  const html = bytes('<html>');

  it('shows an allow-listed image inline, typed by its bytes', () => {
    expect(filePresentation({ body: jpeg, name: 'a.html', as: { kind: 'media' } })).toEqual({
      type: 'image/jpeg',
      disposition: null,
    });
  });

  it('sends anything else, and any asked-for download, as an attachment', () => {
    expect(filePresentation({ body: html, name: 'a.jpeg', as: { kind: 'media' } })).toEqual({
      type: 'application/octet-stream',
      disposition: `attachment; filename="a.jpeg"; filename*=UTF-8''a.jpeg`,
    });
    expect(
      filePresentation({ body: jpeg, name: 'a.jpeg', as: { kind: 'media', download: true } }),
    ).toMatchObject({
      type: 'image/jpeg',
      disposition: expect.stringMatching(/^attachment;/) as string,
    });
    expect(
      filePresentation({ body: jpeg, name: 'r.kmz', as: { kind: 'download', type: 'x/kmz' } }),
    ).toMatchObject({
      type: 'x/kmz',
      disposition: expect.stringMatching(/^attachment;/) as string,
    });
  });
});

describe('refuseKey', () => {
  it('takes keys strictly inside the folder only', () => {
    expect(refuseKey('media/D1', 'media/D1/f/a.jpeg')).toBeNull();
    expect(refuseKey('media/D1/', 'media/D1/a.jpeg')).toBeNull();
    expect(refuseKey('media/D1', 'media/D1')).toBe('outside_prefix');
    expect(refuseKey('media/D1', 'media/D10/a.jpeg')).toBe('outside_prefix');
    expect(refuseKey('media/D1', 'media/D2/a.jpeg')).toBe('outside_prefix');
  });

  it.each([
    'media/D1/../D2/a.jpeg',
    'media/D1/./a.jpeg',
    'media/D1//a.jpeg',
    'media/D1/',
    '/media/D1/a.jpeg',
    'media/D1\\a.jpeg',
    'media/D1/a\u0000.jpeg',
    'media/D1/a\n.jpeg',
    'media/D1/.hidden',
    `media/D1/${'x'.repeat(600)}`,
  ])('refuses the malformed %j', (key) => {
    expect(refuseKey('media/D1', key)).toBe('malformed');
  });
});

describe('entryName', () => {
  it('makes a device-given name one plain archive entry', () => {
    expect(entryName('DJI_0001.jpeg')).toBe('DJI_0001.jpeg');
    expect(entryName('../../etc/passwd')).toBe('__.._etc_passwd');
    expect(entryName('/abs/x.jpeg')).toBe('_abs_x.jpeg');
    expect(entryName('a\\b\u0000.jpeg')).toBe('a_b_.jpeg');
    expect(entryName('..')).toBe('_');
    expect(entryName('')).toBe('_');
  });
});
