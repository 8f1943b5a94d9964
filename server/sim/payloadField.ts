/** Readers of the loosely typed `data` of a cloud message, shared by the simulated dock's modules. */

/** A member of a payload object, or undefined when the payload is not an object. */
export const field = (data: unknown, name: string): unknown =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;

/** A text member of a payload object, or empty. */
export const textField = (data: unknown, name: string): string => {
  const value = field(data, name);
  return typeof value === 'string' ? value : '';
};
