import { WaylineFileError } from './WaylineFileError.ts';
import { child, text, type XmlNode } from './wpmlXml.ts';

/** Reads typed values out of one WPML file, naming the file and element in every refusal. */
export class Fields {
  constructor(readonly file: string) {}

  /** Required child element `wpml:<name>`. */
  element(node: XmlNode | undefined, name: string): XmlNode {
    const found = child(node, `wpml:${name}`);
    if (found === undefined)
      throw new WaylineFileError('wayline.missing', { file: this.file, element: `wpml:${name}` });
    return found;
  }

  /** Required text of `wpml:<name>` under `node`. */
  text(node: XmlNode | undefined, name: string): string {
    const value = this.optionalText(node, name);
    if (value === undefined || value === '')
      throw new WaylineFileError('wayline.missing', { file: this.file, element: `wpml:${name}` });
    return value;
  }

  /** Text of `wpml:<name>`, or undefined. */
  optionalText(node: XmlNode | undefined, name: string): string | undefined {
    return text(node, `wpml:${name}`);
  }

  /** Required finite number. */
  number(node: XmlNode | undefined, name: string): number {
    return this.toNumber(name, this.text(node, name));
  }

  /** Finite number, or undefined when the element is absent or empty. */
  optionalNumber(node: XmlNode | undefined, name: string): number | undefined {
    const raw = this.optionalText(node, name);
    return raw === undefined || raw === '' ? undefined : this.toNumber(name, raw);
  }

  /** Required non-negative integer. */
  integer(node: XmlNode | undefined, name: string): number {
    const value = this.number(node, name);
    if (!Number.isInteger(value) || value < 0) throw this.invalid(name, String(value));
    return value;
  }

  /** A refusal of `value` for `wpml:<name>`. */
  invalid(name: string, value: string): WaylineFileError {
    return new WaylineFileError('wayline.invalid_value', {
      file: this.file,
      element: `wpml:${name}`,
      value: value.slice(0, 40),
    });
  }

  private toNumber(name: string, raw: string): number {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value)) throw this.invalid(name, raw);
    return value;
  }
}
