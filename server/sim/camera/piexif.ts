/**
 * piexifjs ships no types: it is loaded through `require` and given the small interface the
 * simulated camera uses, so no ambient declaration has to be in every compilation that reaches here.
 */
import { createRequire } from 'node:module';

type Rational = [number, number];
type TagValue = string | number | Rational | Rational[] | number[];

export interface ExifObject {
  '0th'?: Record<number, TagValue>;
  Exif?: Record<number, TagValue>;
  GPS?: Record<number, TagValue>;
}

export interface Piexif {
  /** EXIF bytes (a binary string) for the tags. */
  dump(exif: ExifObject): string;
  /** The JPEG (binary string) with the EXIF inserted. */
  insert(exifBytes: string, jpegBinary: string): string;
  ImageIFD: { Make: number; Model: number };
  ExifIFD: { DateTimeOriginal: number };
  GPSIFD: {
    GPSVersionID: number;
    GPSLatitudeRef: number;
    GPSLatitude: number;
    GPSLongitudeRef: number;
    GPSLongitude: number;
    GPSAltitudeRef: number;
    GPSAltitude: number;
    GPSImgDirectionRef: number;
    GPSImgDirection: number;
  };
  GPSHelper: { degToDmsRational(deg: number): Rational[] };
}

export const piexif = createRequire(import.meta.url)('piexifjs') as Piexif;
