/** HMS texts come from a tolerant operator table, and their placeholders fill in. */
import { describe, expect, it } from 'vitest';
import { fillHmsText, pickHmsText } from '../../protocol/alarms.ts';
import { parseHmsTextTable } from '../../server/hms/hmsTextTable.ts';

describe('HMS texts', () => {
  it('reads the vendor shape and odd entries alike, prefixed keys winning over bare codes', () => {
    const table = parseHmsTextTable({
      '0x12040000': 'bare',
      dock_tip_0x12040000: { zh: '机场', en: 'dock' },
      fpv_tip_0x16100083_in_the_sky: { 'zh-CN': '空中', 'en-US': 'in the air' },
      junk: { zh: 'x' },
      dock_tip_0x1: 7,
    });
    expect(table?.skipped).toBe(2);
    const texts = table?.texts.get('0x12040000');
    expect(texts?.dock).toEqual({ zh: '机场', en: 'dock' });
    expect(texts?.aircraft).toEqual({ zh: 'bare', en: 'bare' });
    const sky = table?.texts.get('0x16100083');
    expect(pickHmsText(sky, { device_type: '0-91-0', in_the_sky: 1 })).toEqual({
      zh: '空中',
      en: 'in the air',
    });
    expect(pickHmsText(sky, { device_type: '3-2-0', in_the_sky: 1 })).toBeUndefined();
    expect(parseHmsTextTable('not a table')).toBeNull();
    expect(parseHmsTextTable([{ code: '0x2', en: 'row' }])?.texts.get('0x2')?.dock).toEqual({
      en: 'row',
    });
  });

  it('fills the placeholders of a text', () => {
    const words = { left: 'left', right: 'right', front: 'front', back: 'back' };
    const alarm = { code: '0x16100083', args: { component_index: 0, sensor_index: 1 } };
    expect(
      fillHmsText('%battery_index battery %index (%alarmid), part %component_index', alarm, words),
    ).toBe('right battery 2 (0x16100083), part 1');
    expect(fillHmsText('rod %charging_rod_index', alarm, words)).toBe('rod back');
  });
});
