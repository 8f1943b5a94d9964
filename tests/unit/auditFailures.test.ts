import { describe, expect, it } from 'vitest';
import { failureDetail, FAILURE_KEYS } from '../../protocol/auditFailures.ts';
import { AUDIT_WORDS, detailWords } from '../../protocol/auditLog.ts';
import { message } from '../../server/http/messages.ts';

describe('refusals in the audit log', () => {
  it('reads a stored refusal in either language with its parameters', () => {
    const stored = failureDetail('conflict.username', { value: 'li' });
    expect(detailWords(AUDIT_WORDS['zh-CN'], stored)).toBe('用户名 li 不可用');
    expect(detailWords(AUDIT_WORDS.en, stored)).toBe('Username li not available');
  });

  it('reads rows written as a bare key, and a wayline import refused with an empty object', () => {
    expect(detailWords(AUDIT_WORDS.en, 'conflict.username')).toBe('Username … not available');
    expect(detailWords(AUDIT_WORDS['zh-CN'], 'wayline.empty {}')).toBe('文件为空');
    expect(detailWords(AUDIT_WORDS.en, 'not_found.device')).toBe('No such device');
  });

  it('names the area and waypoints of a run refused for airspace', () => {
    const stored = failureDetail('task.airspace_outside_operation', {
      name: 'Yard',
      waypoints: '3–5',
    });
    expect(detailWords(AUDIT_WORDS.en, stored)).toBe(
      'Route leaves operation area "Yard" (near waypoint(s) 3–5), no override recorded; not sent',
    );
    expect(
      detailWords(
        AUDIT_WORDS['zh-CN'],
        failureDetail('task.airspace_no_fly', { name: 'A', waypoints: '2' }),
      ),
    ).toBe('航线进入禁飞区「A」（航点 2 附近），未经确认越过，未下发');
  });

  it('leaves any other summary as written', () => {
    for (const other of [
      'favorite true',
      '{"name":"x"}',
      'conflict.unknown',
      'md5 abc, 3 waypoints',
    ])
      expect(detailWords(AUDIT_WORDS.en, other)).toBe(other);
  });

  it('knows only keys of the server catalogue', () => {
    for (const key of FAILURE_KEYS) expect(() => message(key, 'en')).not.toThrow();
  });
});
