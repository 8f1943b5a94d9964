import { describe, expect, it } from 'vitest';
import { sentAtOf } from '../../server/mqtt/sentAt.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe("a message's payload time read from its head", () => {
  it('reads the envelope timestamp written before the body, as devices write it', () => {
    expect(sentAtOf(bytes('{"tid":"t","bid":"b","timestamp":1767225600123,"data":{}}'))).toBe(
      1_767_225_600_123,
    );
    expect(sentAtOf(bytes('{ "timestamp" : 42, "data": {"timestamp": 7}}'))).toBe(42);
  });

  it('says nothing when the timestamp is missing, comes after the body, or lies past the head', () => {
    expect(sentAtOf(bytes('{"tid":"t","data":{"height":1}}'))).toBeUndefined();
    expect(sentAtOf(bytes('{"data":{"timestamp":7},"timestamp":1767225600123}'))).toBeUndefined();
    expect(sentAtOf(bytes(`{"pad":"${'x'.repeat(300)}","timestamp":5}`))).toBeUndefined();
    expect(sentAtOf(bytes('{not json'))).toBeUndefined();
  });

  it('reads a message that is a slice of a larger buffer from its own first byte', () => {
    const whole = bytes('{"timestamp":111,"data":{}}{"timestamp":222,"data":{}}');
    expect(sentAtOf(whole.subarray(27))).toBe(222);
  });
});
