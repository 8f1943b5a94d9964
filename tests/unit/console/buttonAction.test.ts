import { describe, expect, it } from 'vitest';
import { buttonAction } from '../../../src/lib/menuTree/buttonAction.ts';
import roles from '../../../src/pages/roles/i18n.ts';

describe('a button permission in the role and menu editors', () => {
  it('is named by its action, the airspace override included; an unknown one as a button', () => {
    expect(buttonAction('device:add')).toBe('add');
    expect(buttonAction('airspace:override')).toBe('override');
    expect(buttonAction('notification:mute')).toBe('other');
    expect(roles['zh-CN'].action.override).toBe('强制放行');
    expect(roles.en.action.override).toBe('Override');
  });
});
