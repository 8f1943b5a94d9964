import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/ApiError.ts';
import { fieldErrorsOf } from '../../../src/components/FormDialogFooter/fieldErrors.ts';

const refused = (message: string, status = 400): ApiError => new ApiError(message, status, 100);

describe('field errors of a refused save', () => {
  it('files a 400 that names a field of the form under that field', () => {
    expect(fieldErrorsOf(refused('name: 不能大于 64'), ['name', 'description'])).toEqual({
      name: '不能大于 64',
    });
  });

  it('maps the server names of fields to the form names', () => {
    const fields = { old_password: 'oldPassword', new_password: 'newPassword' } as const;
    expect(
      fieldErrorsOf(refused('new_password: a password has 6 to 20 characters'), fields),
    ).toEqual({ newPassword: 'a password has 6 to 20 characters' });
  });

  it('leaves messages without a known field, other statuses and other errors to the toast', () => {
    expect(fieldErrorsOf(refused('用户名已存在'), ['username'])).toEqual({});
    expect(fieldErrorsOf(refused('menu_ids: invalid value'), ['name'])).toEqual({});
    expect(fieldErrorsOf(refused('constructor: x'), { name: 'name' })).toEqual({});
    expect(fieldErrorsOf(refused('name: taken', 409), ['name'])).toEqual({});
    expect(fieldErrorsOf(new Error('name: boom'), ['name'])).toEqual({});
  });
});
