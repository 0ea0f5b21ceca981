import { describe, expect, it } from 'vitest';
import {
  checkMobileNumber,
  joinMobileNumber,
  nationalNumberMaxLength,
  registerBodyWith,
  registerFormWith,
} from './index.ts';
import { phoneNumbering } from './phone-numbering.ts';

const registerBody = registerBodyWith(phoneNumbering);
const registerForm = registerFormWith(phoneNumbering);
const check = (joined: string, options?: { country?: string }) =>
  checkMobileNumber(phoneNumbering, joined, options);

const mobileErrors = (form: Record<string, unknown>) =>
  (
    registerForm.safeParse({ referralCode: '', name: '', email: '', password: '', ...form }).error
      ?.issues ?? []
  )
    .filter((issue) => issue.path[0] === 'mobile')
    .map((issue) => issue.message);

describe('the mobile number of the registration', () => {
  it.each([
    ['+919876543210', '+919876543210'],
    ['+91-9876543210', '+91-9876543210'],
    ['+91 98765 43210', '+919876543210'],
  ])('keeps an Indian number %j exactly as the seed did', (sent, stored) => {
    expect(registerBody.shape.mobile_number.parse(sent)).toBe(stored);
  });

  it.each(['+915876543210', '+91987654321', '9876543210', '+91abcdefghij'])(
    'refuses %j as the seed did',
    (sent) => {
      expect(check(sent)).toEqual({ ok: false, message: 'Enter valid Mobile.' });
    },
  );

  it.each([
    ['+4915112345678', '+4915112345678'],
    ['+49015112345678', '+4915112345678'],
    ['+12015550123', '+12015550123'],
    ['+1 613 555 0123', '+16135550123'],
    ['+447400123456', '+447400123456'],
  ])('keeps any other country valid number %j in E.164', (sent, stored) => {
    expect(registerBody.shape.mobile_number.parse(sent)).toBe(stored);
  });

  it('names the country whose rules a number breaks, or asks for a valid one when none has the code', () => {
    expect(check('+491511234')).toEqual({
      ok: false,
      message: 'Mobile is not a valid number for Germany',
    });
    expect(check('+19876543210')).toEqual({
      ok: false,
      message: 'Mobile is not a valid number for United States',
    });
    expect(check('+19876543210', { country: 'CA' })).toEqual({
      ok: false,
      message: 'Mobile is not a valid number for Canada',
    });
    expect(check('+999123456')).toEqual({ ok: false, message: 'Enter valid Mobile.' });
  });
});

describe('the sign-up form mobile field', () => {
  it('takes India rule for +91 and while no dial code is chosen', () => {
    expect(mobileErrors({ dialCode: '+91', mobile: '9876543210' })).toEqual([]);
    expect(mobileErrors({ dialCode: '+91', mobile: '5876543210' })).toEqual([
      'Enter valid Mobile.',
    ]);
    expect(mobileErrors({ dialCode: '', mobile: '5876543210' })).toEqual(['Enter valid Mobile.']);
    expect(nationalNumberMaxLength('+91')).toBe(10);
    expect(nationalNumberMaxLength('')).toBe(10);
  });

  it('checks another country number by that country rules, naming the country chosen', () => {
    expect(nationalNumberMaxLength('+49')).toBe(14);
    expect(mobileErrors({ dialCode: '+49', country: 'DE', mobile: '15112345678' })).toEqual([]);
    expect(mobileErrors({ dialCode: '+49', country: 'DE', mobile: '015112345678' })).toEqual([]);
    expect(mobileErrors({ dialCode: '+1', country: 'US', mobile: '2015550123' })).toEqual([]);
    expect(mobileErrors({ dialCode: '+49', country: 'DE', mobile: '1511234' })).toEqual([
      'Mobile is not a valid number for Germany',
    ]);
    expect(mobileErrors({ dialCode: '+1', country: 'CA', mobile: '9876543210' })).toEqual([
      'Mobile is not a valid number for Canada',
    ]);
    expect(mobileErrors({ dialCode: '+49', country: 'DE', mobile: '' })).toEqual([
      'Mobile is required',
    ]);
  });

  it('joins the dial code and the number as the API takes them', () => {
    expect(joinMobileNumber('+91', '9876543210')).toBe('+919876543210');
    expect(joinMobileNumber(' 49 ', '15112345678')).toBe('+4915112345678');
  });
});
